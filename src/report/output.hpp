// Where a rendered report goes: standard output, one file, or (svg) one file per case.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "report/reporter.hpp"
#include "results/results.hpp"

namespace benchbox {

// The SVG files `--format svg --output OUTPUT` writes, one per case, named by chart::case_slug:
//   OUTPUT ends with '/' or is a directory  -> OUTPUT/coroutine-switch-2.svg (it must exist)
//   OUTPUT ends with .svg, one case         -> OUTPUT itself
//   OUTPUT ends with .svg, several cases    -> charts.svg gives charts-coroutine-switch-2.svg ...
//   anything else is a prefix               -> OUTPUT-coroutine-switch-2.svg
std::vector<std::pair<std::filesystem::path, std::string>> svg_files(const Results& results, const std::string& output,
                                                                    const ReportOptions& options = {});

// Renders `results` in `format` to standard output (output empty) or to files; throws with a
// one-line message.
void write_report(const std::string& format, const Results& results, const std::string& output,
                  const ReportOptions& options = {});

// Throws std::invalid_argument when the format cannot go where asked (svg of several cases to
// standard output) -- checked before a run starts.
void check_report_destination(const std::string& format, std::size_t cases, const std::string& output);

}  // namespace benchbox
