#include "report/output.hpp"

#include <cstdio>
#include <stdexcept>

#include "report/chart.hpp"
#include "report/frontier.hpp"
#include "report/reporter.hpp"
#include "report/sweep.hpp"
#include "results/results_file.hpp"

namespace benchbox {

namespace fs = std::filesystem;

std::vector<std::pair<fs::path, std::string>> svg_files(const Results& results, const std::string& output,
                                                       const ReportOptions& options) {
  const auto groups = group_by_case(results, options.order);
  std::vector<std::pair<fs::path, std::string>> files;
  const bool to_dir = !output.empty() && (output.back() == '/' || fs::is_directory(output));
  const bool svg_name = output.size() > 4 && output.ends_with(".svg");
  for (const auto& g : groups) {
    fs::path path;
    if (to_dir) path = fs::path(output) / (chart::case_slug(g) + ".svg");
    else if (svg_name && groups.size() == 1) path = output;
    else if (svg_name) path = output.substr(0, output.size() - 4) + "-" + chart::case_slug(g) + ".svg";
    else path = output + "-" + chart::case_slug(g) + ".svg";
    files.emplace_back(path, chart::render_svg(g));
    if (g.trade_off()) {  // its frontier chart too, named like the case's
      fs::path frontier = path;
      frontier.replace_filename(path.stem().string() + "-frontier.svg");
      files.emplace_back(frontier, chart::render_frontier_svg(g));
    }
  }
  // A sweep (one case at several parameters) also gets its line chart, named like the cases.
  for (const auto& sweep : chart::sweeps(groups)) {
    const std::string slug = chart::sweep_slug(sweep);
    fs::path path = to_dir ? fs::path(output) / (slug + ".svg")
                    : svg_name ? fs::path(output.substr(0, output.size() - 4) + "-" + slug + ".svg")
                               : fs::path(output + "-" + slug + ".svg");
    files.emplace_back(path, chart::render_sweep_svg(sweep));
  }
  return files;
}

void check_report_destination(const std::string& format, std::size_t cases, const std::string& output) {
  make_reporter(format);  // throws for an unknown format
  if (format == "svg" && output.empty() && cases != 1)
    throw std::invalid_argument("--format svg writes one file per case: give --output DIR/ (or --output PREFIX)");
}

void write_report(const std::string& format, const Results& results, const std::string& output, const ReportOptions& options) {
  auto reporter = make_reporter(format, options);
  if (format == "svg" && !output.empty()) {
    const auto files = svg_files(results, output, options);
    if (files.empty()) throw std::runtime_error("no results to chart");
    for (const auto& [path, content] : files) {
      if (path.has_parent_path() && !fs::is_directory(path.parent_path()))
        throw std::runtime_error("no such directory: " + path.parent_path().string());
      write_file_atomically(path, content);
      std::fprintf(stderr, "wrote %s\n", path.c_str());
    }
    return;
  }
  const std::string rendered = reporter->render(results);
  if (output.empty()) std::fputs(rendered.c_str(), stdout);
  else write_file_atomically(output, rendered);
}

}  // namespace benchbox
