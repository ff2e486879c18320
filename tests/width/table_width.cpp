// Every table of a module's suite, in the default columns, fits in a terminal of 100 columns
// (docs/reports.md, "Columns"). Timing the suite would take minutes per module; `--verify` runs
// every library at every suite point through its real adapter in seconds, and its results file
// holds what decides a table's width: the rows' names, variants and versions, the module's own
// figures, the reasons of the rows without a number, and one trial's figures (of the magnitude a
// timed run gives). What one trial cannot show is made the worst it can be before rendering: the
// longest library id of the module's catalogue (built here or not) on a row of every table, and
// the marks of instability and two modes on every row that can have them (make_worst).
//
// usage: benchbox_table_width BENCHBOX MODULE LIBEXEC WORK_DIR   (exit 0: every table fits)
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include <benchbox/module.hpp>

#include "report/columns.hpp"
#include "report/reporter.hpp"
#include "report/text.hpp"
#include "results/results.hpp"
#include "results/results_file.hpp"
#include "run/catalog.hpp"
#include "run/executor.hpp"
#include "run/runner.hpp"

using namespace benchbox;

namespace {

constexpr std::size_t kWidth = 100;

Results verified_suite(const std::string& benchbox, const std::string& module, const std::filesystem::path& work) {
  std::filesystem::create_directories(work);
  const auto json = work / (module + "-verify.json");
  std::filesystem::remove(json);
  ChildSpec spec;
  spec.argv = {benchbox, module, "--verify", "--json", json.string()};
  spec.timeout = std::chrono::seconds(600);
  const ChildOutcome out = run_child(spec);
  if (!out.start_error.empty() || out.signal || out.timed_out || (out.exit_code != 0 && out.exit_code != 1))
    throw std::runtime_error(module + " --verify: " + out.failure_reason() + "\n" + out.err);
  // `report` refuses a --verify file, whose one trial per row is no figure to read; here it only
  // sizes the table.
  std::ifstream in(json);
  auto j = nlohmann::json::parse(in);
  j["context"]["settings"]["mode"] = "time";
  return results_from_json(j);
}

// How many values a row of the case has in a run with the module's defaults, at most (a budget
// gives an open row up to kMostProcessesPerRow).
std::size_t most_values(const Module& module, const CaseSpec& spec) {
  if (spec.trials == CaseSpec::Trials::once) return 1;
  const std::size_t processes = std::max<std::size_t>(module.default_processes, kMostProcessesPerRow);
  return spec.trials == CaseSpec::Trials::cold ? std::min<std::size_t>(processes, 3) : processes;
}

// The worst a timed run could make of each table: the longest library id of the catalogue on one
// row of each table, and every row marked as a timed run could mark it: unsure where it has two
// values or more of a figure that is not exact, two modes where it has four or more
// (statistics.hpp, separated_modes).
void make_worst(Results& r, const Module& module, const std::string& longest_id) {
  std::set<std::string> renamed;  // one row per case and point
  for (auto& m : r.measurements) {
    if (!m.ok()) continue;
    const CaseSpec* spec = module.find_case(m.case_id);
    const std::size_t values = spec ? most_values(module, *spec) : 1;
    if (values >= 4) m.modes = {m.summary.median, 2 * m.summary.median + 1};
    if (values >= 2 && !m.figure.deterministic()) {  // unsure, and a shared rank as wide as its table allows
      m.standing.open = m.standing.shared = true;
      m.standing.rank = static_cast<unsigned>(std::count_if(r.measurements.begin(), r.measurements.end(), [&](const Measurement& o) {
        return o.ok() && o.case_id == m.case_id && o.point == m.point;
      }));
    }
    if (m.reference || !renamed.insert(m.case_id + " " + m.param_label).second) continue;
    if (longest_id.size() > m.row_name().size()) m.library = longest_id, m.variant.clear();
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: benchbox_table_width BENCHBOX MODULE LIBEXEC WORK_DIR\n";
    return 2;
  }
  const std::string benchbox = argv[1], module = argv[2];
  try {
    Results r = verified_suite(benchbox, module, argv[4]);
    std::string longest_id;
    for (const auto& entry : load_catalog(argv[3], module))
      if (entry.id.size() > longest_id.size()) longest_id = entry.id;
    std::set<std::string> shorts, names;  // a cut name names one library only
    for (const auto& row : r.measurements) names.insert(row.row_name());
    names.insert(longest_id);
    for (const auto& n : names)
      if (!shorts.insert(middle_cut(n, kNameBudget)).second) {
        std::cerr << module << ": two names cut to the same '" << middle_cut(n, kNameBudget) << "'\n";
        return 1;
      }
    const Module* m = find_module(module);
    if (!m) throw std::runtime_error("no module " + module + " in this build");
    make_worst(r, *m, longest_id);
    // Kept to render by hand (benchbox report FILE), with any other version of benchbox too.
    write_file_atomically(std::filesystem::path(argv[4]) / (module + "-worst.json"), to_json(r).dump(1) + "\n");
    std::size_t widest = 0, tables = 0;
    std::string widest_table;
    for (const auto& g : group_by_case(r)) {
      if (g.rows.empty()) continue;
      ++tables;
      const std::string table = text::case_table(g);
      for (std::size_t start = 0; start < table.size();) {
        const std::size_t end = table.find('\n', start);
        const std::size_t w = display_width(table.substr(start, end - start));
        if (w > widest) widest = w, widest_table = text::case_heading(g) + "\n" + table;
        start = end == std::string::npos ? table.size() : end + 1;
      }
    }
    std::cout << module << ": " << tables << " tables, the widest line " << widest << " columns (longest library id '"
              << longest_id << "')\n";
    if (widest > kWidth) {
      std::cerr << "wider than " << kWidth << " columns:\n" << widest_table;
      return 1;
    }
    std::cout << widest_table;
    return tables > 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << module << ": " << e.what() << "\n";
    return 1;
  }
}
