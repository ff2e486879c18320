// The options of a report (the options layer of src/cli/, below the commands): --sort, --columns,
// --gbench-aggregates, checked once for `benchbox MODULE` and `benchbox report`; and the report a
// run writes, in the formats `report` renders.
#pragma once

#include <cstdio>
#include <string>

#include "report/reporter.hpp"
#include "results/results.hpp"

namespace benchbox {

// --sort median|name and --columns (report/columns.hpp; given for `format`, which must draw
// tables, or "" when not given), as the reports' options; throws std::invalid_argument naming the option.
ReportOptions report_options(const std::string& sort, const std::string& columns = "default", const std::string& format = "");

// --gbench-aggregates with|only|none; given with another format than gbench it is a mistake.
// Throws std::invalid_argument naming the option.
GbenchAggregates gbench_aggregates_from(const std::string& text, const std::string& format, bool given);
inline constexpr const char* kGbenchAggregatesHelp =
    "with --format gbench: with (default) writes each row's repetitions and its aggregates NAME_mean, _median, "
    "_stddev, _cv, as Google Benchmark does; only: the aggregates alone (its --benchmark_report_aggregates_only), "
    "for tools that read one value per name; none: the repetitions alone";

// Renders `results` in `format` to `out`, or to the file(s) `output` names (report/output.hpp).
void print_report(const std::string& format, const Results& results, const std::string& output,
                  const ReportOptions& options, std::FILE* out);

}  // namespace benchbox
