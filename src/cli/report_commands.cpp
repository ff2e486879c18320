#include "cli/command_groups.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/output_paths.hpp"
#include "cli/report_options.hpp"
#include "report/compare.hpp"
#include "report/merge.hpp"
#include "report/output.hpp"
#include "results/results_file.hpp"
#include "store/store.hpp"

namespace benchbox {

struct ReportCommands {
  CLI::App* report = nullptr;
  std::string report_file, report_format = "text", report_output, report_sort = "median", report_columns = "default",
              report_aggregates = "with";

  CLI::App* compare = nullptr;
  std::string old_file, new_file;
  double alpha = CompareOptions{}.alpha, noise_floor_pct = 100 * CompareOptions{}.noise_floor, fail_pct = -1;
  bool medians_only = false;

  CLI::App* merge = nullptr;
  std::vector<std::string> files;
  std::string latest_module, store;
  std::string format = "text", output;
};

namespace {

// A number from low to high; CLI11's own Range prints its bounds rounded ("0.000000 to 0.500000"
// for a bound of 1e-9) and calls a word out of range.
CLI::Validator number_in(double low, double high, const std::string& expected) {
  return CLI::Validator(
      [=](std::string& text) -> std::string {
        double value = 0;
        std::size_t used = 0;
        try {
          value = std::stod(text, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used == 0 || used != text.size()) return "not a number: '" + text + "'";
        if (!(value >= low && value <= high)) return "must be " + expected + ", got " + text;
        return "";
      },
      expected);
}

}  // namespace

std::shared_ptr<ReportCommands> add_report_commands(CLI::App& app) {
  auto c = std::make_shared<ReportCommands>();
  c->report = app.add_subcommand("report", "render a results file in another format");
  c->report->add_option("file", c->report_file, "results JSON written by --json")->required();
  c->report->add_option("--format,-f", c->report_format, "text, md, csv, json, gbench, github-action, github-action-bigger, svg, html (docs/reports.md)");
  c->report->add_option("--output,-o", c->report_output,
                        "write to this file instead of standard output (svg: DIR/ or PREFIX, one file per case)");
  c->report->add_option("--sort", c->report_sort, "rows by median, best first (default), or by name: declared order");
  c->report->add_option("--gbench-aggregates", c->report_aggregates, kGbenchAggregatesHelp);
  c->report->add_option("--columns", c->report_columns,
                        "the tables' columns (text, md, html): default, all, or names, e.g. figure,ci,vs-ref (listed below)");
  c->report->footer(columns_help());

  c->compare = app.add_subcommand("compare", "compare two results files (or two sets of runs): change per library and case, with a U test");
  c->compare->add_option("old", c->old_file, "the earlier results JSON, or several runs of it comma-separated (A.json,B.json)")
      ->required();
  c->compare->add_option("new", c->new_file, "the later results JSON, or several runs comma-separated")->required();
  c->compare->add_option("--alpha", c->alpha, "significance level of the Mann-Whitney U test (default 0.05)")
      ->check(number_in(1e-9, 0.5, "above 0 and at most 0.5"));
  c->compare->add_option("--noise-floor", c->noise_floor_pct, "percent: smaller changes are 'unchanged' (default 5)")
      ->check(number_in(0, 100, "a percentage from 0 to 100"));
  c->compare->add_option("--fail-on-regression", c->fail_pct,
                         "exit 1 when a verified row is worse by more than this percent (with p < alpha; exact counts by their change alone)")
      ->check(number_in(0, 1e6, "a percentage, 0 or more"));
  c->compare->add_flag("--medians", c->medians_only,
                       "judge by the change of the medians even where both files pair each row with its reference row "
                       "round by round (the default judges by those paired ratios: they cancel what the host did)");

  c->merge = app.add_subcommand("merge", "several machines' results side by side: a column per machine, ns per op");
  c->merge->add_option("files", c->files, "results JSON files, one per machine");
  c->merge->add_option("--latest", c->latest_module,
                       "instead of files: the latest stored run of each machine with rows of this module (docs/store.md)");
  c->merge->add_option("--store", c->store, "with --latest: the store (default: as a run's)");
  c->merge->add_option("--format,-f", c->format, "text (default), md or csv")->check(CLI::IsMember({"text", "md", "csv"}));
  c->merge->add_option("--output,-o", c->output, "write to this file instead of standard output");
  return c;
}

namespace {

void emit(const std::string& text, const std::string& output, std::FILE* out) {
  if (output.empty()) std::fputs(text.c_str(), out);
  else write_file_atomically(output, text);
}

// "A.json,B.json": several runs of one side.
std::vector<Results> load_runs(const std::string& files) {
  std::vector<Results> runs;
  std::size_t start = 0;
  while (start <= files.size()) {
    const std::size_t comma = std::min(files.find(',', start), files.size());
    const std::string file = files.substr(start, comma - start);
    if (file.empty()) throw std::runtime_error("compare: an empty file name in '" + files + "'");
    runs.push_back(load_results(file));
    start = comma + 1;
  }
  return runs;
}

int report(const ReportCommands& c, const CliHost& host) {
  ReportOptions options =
      report_options(c.report_sort, c.report_columns, c.report->count("--columns") ? c.report_format : "");
  options.gbench_aggregates = gbench_aggregates_from(c.report_aggregates, c.report_format, c.report->count("--gbench-aggregates") > 0);
  make_reporter(c.report_format, options);  // an unknown format is reported before the file is read
  const bool svg = c.report_format == "svg";
  check_output_file(c.report_output, "--output", c.report->count("--output") > 0, svg);
  if (!svg) check_distinct_files(c.report_output, "--output", c.report_file, "the results file");  // svg: PREFIX-<case>.svg
  print_report(c.report_format, load_results(c.report_file), c.report_output, options, host.out);
  return exit_status::ok;
}

int compare(const ReportCommands& c, const CliHost& host) {
  CompareOptions opt;
  opt.alpha = c.alpha;
  opt.noise_floor = c.noise_floor_pct / 100;
  if (c.fail_pct >= 0) opt.fail_on_regression = c.fail_pct / 100;
  opt.medians_only = c.medians_only;
  const Comparison comparison = compare_runs(load_runs(c.old_file), load_runs(c.new_file), opt);
  emit(render_comparison(comparison, opt), "", host.out);
  if (comparison.regression()) return exit_status::failed_rows;
  if (!comparison.nothing_compared.empty()) {
    std::fprintf(host.err, "benchbox: error: compare: nothing could be compared: %s\n", comparison.nothing_compared.c_str());
    return exit_status::usage;
  }
  return exit_status::ok;
}

// --latest MODULE: each machine's latest stored run with rows of the module, oldest machine first;
// each named "run N" where the machines' own names repeat.
void latest_runs(const ReportCommands& c, const CliHost& host, std::vector<Results>& inputs, std::vector<std::string>& names) {
  const std::string where = c.store.empty() ? host.store : c.store;
  if (where.empty()) throw std::invalid_argument("no store: give --store FILE or a postgresql:// URL");
  auto store = store::open_store(where, store::Access::read);
  std::vector<store::RunEntry> latest;  // one per machine
  for (const auto& run : store->runs(c.latest_module)) {
    auto same = std::find_if(latest.begin(), latest.end(), [&run](const store::RunEntry& r) { return r.machine == run.machine; });
    if (same == latest.end()) latest.push_back(run);
    else *same = run;
  }
  if (latest.empty()) throw std::invalid_argument("no stored runs of " + c.latest_module + " in " + store->where());
  for (const auto& run : latest) {
    inputs.push_back(store->results_of(run.id, c.latest_module));
    names.push_back("run " + std::to_string(run.id));
  }
}

int merge(const ReportCommands& c, const CliHost& host) {
  if (c.files.empty() == c.latest_module.empty())
    throw std::invalid_argument("merge: give results files, or --latest MODULE for the store's latest run of each machine");
  if (!c.store.empty() && c.latest_module.empty()) throw std::invalid_argument("merge: --store goes with --latest");
  check_output_file(c.output, "--output", c.merge->count("--output") > 0);
  for (const auto& f : c.files) check_distinct_files(c.output, "--output", f, "an input file");
  std::vector<Results> inputs;
  std::vector<std::string> names = c.files;
  for (const auto& f : c.files) inputs.push_back(load_results(f));
  if (!c.latest_module.empty()) latest_runs(c, host, inputs, names);
  emit(render_merged(merge_results(inputs, names), c.format), c.output, host.out);
  return exit_status::ok;
}

}  // namespace

int run_report_commands(const ReportCommands& c, const CliHost& host) {
  return run_parsed(c, host, {{c.report, report}, {c.compare, compare}, {c.merge, merge}});
}

}  // namespace benchbox
