#include "cli/report_options.hpp"

#include <stdexcept>

#include "report/columns.hpp"
#include "report/output.hpp"

namespace benchbox {

ReportOptions report_options(const std::string& sort, const std::string& columns, const std::string& format) {
  if (sort != "median" && sort != "name") throw std::invalid_argument("--sort must be median or name, got '" + sort + "'");
  if (!format.empty() && !takes_columns(format))
    throw std::invalid_argument("--columns chooses the columns of tables: give it with --format text, md or html, not " + format);
  ReportOptions options;
  options.order = sort == "name" ? RowOrder::declared : RowOrder::best_first;
  options.columns = columns_from(columns);
  return options;
}

GbenchAggregates gbench_aggregates_from(const std::string& text, const std::string& format, bool given) {
  if (given && format != "gbench")
    throw std::invalid_argument("--gbench-aggregates is for --format gbench, not --format " + format);
  if (text == "with") return GbenchAggregates::with;
  if (text == "only") return GbenchAggregates::only;
  if (text == "none") return GbenchAggregates::none;
  throw std::invalid_argument("--gbench-aggregates must be with, only or none, got '" + text + "'");
}

void print_report(const std::string& format, const Results& results, const std::string& output,
                  const ReportOptions& options, std::FILE* out) {
  if (output.empty()) std::fputs(make_reporter(format, options)->render(results).c_str(), out);
  else write_report(format, results, output, options);
}

}  // namespace benchbox
