#include "cli/run_command.hpp"

#include <chrono>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>

#include "cli/output_paths.hpp"
#include "cli/progress.hpp"
#include "cli/report_options.hpp"
#include "report/findings.hpp"
#include "report/github_action.hpp"
#include "report/output.hpp"
#include "report/text.hpp"
#include "report/verify.hpp"
#include "results/agreement.hpp"
#include "results/results_file.hpp"
#include "results/secrets.hpp"
#include "results/standing.hpp"
#include "run/catalog.hpp"
#include "run/run_lock.hpp"
#include "run/runner.hpp"
#include "run/system_info.hpp"
#include "store/store.hpp"

namespace benchbox {
namespace {

// A run ready to measure: every check passed. The runner holds references into it: it stays put.
struct PreparedRun {
  const Module& module;
  RunRequest request{};  // its settings with the host's folders
  std::vector<LibraryEntry> catalog{};
  std::vector<CasePoint> points{};
  std::optional<Runner> runner{};
  // Where the run is kept: opened before anything is measured, so that a store that cannot be
  // written is said at once. The run goes on without it (its results are in the tables and the
  // --json file) and ends with exit status 2.
  std::unique_ptr<store::Store> store{};
  std::string store_error{};

  const RunSettings& settings() const { return request.settings; }
  // The tables as each case is done, on a terminal's standard output.
  bool live() const { return request.format == "text" && request.output.empty() && !request.settings.verify; }
};

// ---- Preparing

std::vector<LibraryEntry> catalog_of(const RunSettings& s) {
  auto catalog = load_catalog(s.libexec_dir, s.module);
  if (catalog.empty())
    throw std::runtime_error("no libraries found for module " + s.module + " in " + (s.libexec_dir / s.module).string() +
                             " (build benchbox first, or set BENCHBOX_LIBEXEC)");
  return catalog;
}

// The files the run will write, and the report's format: refused now, not after the first measurement.
void check_destinations(const RunRequest& r, std::size_t points) {
  check_output_file(r.json, "--json", r.json_given);
  check_output_file(r.output, "--output", r.output_given, r.format == "svg");
  if (r.format != "svg") check_distinct_files(r.output, "--output", r.json, "--json");  // svg: PREFIX-<case>.svg
  check_report_destination(r.format, points, r.output);
}

// A format that writes the rows of one direction (github-action): refused now when no case of the
// run reports a figure of that direction.
void check_report_figures(const RunRequest& r, const std::vector<CasePoint>& points) {
  std::vector<FigureSpec> figures;
  for (const auto& p : points) figures.push_back(r.settings.instructions ? FigureSpec::instructions() : p.spec->figure);
  github_action::check_figures(r.format, figures);
}

// The program's full path as execv needs it (it does not search PATH), or empty.
std::string find_in_path(const std::string& program) {
  if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0 ? program : "";
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/bin:/bin";
  for (std::size_t start = 0; start <= dirs.size();) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    const std::string candidate = dirs.substr(start, end - start) + "/" + program;
    if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return "";
}

void open_run_store(PreparedRun& run, const CliHost& host) {
  auto& where = run.request.store;
  if (where && where->empty()) where = host.store;  // no --store: the host's default
  if (!where || where->empty()) return;
  try {
    run.store = store::open_store(*where);
  } catch (const store::StoreError& e) {
    run.store_error = e.what();
    fmt::print(host.err, "warning: {}; the run goes on, kept only in its tables{}\n", run.store_error,
               run.request.json.empty() ? "" : " and " + run.request.json);
  }
}

// Every check that can fail before anything is measured, the cheap ones first (an adapter's
// `describe` comes with the variants and the memory).
void prepare(PreparedRun& run, const RunOptions& options, const CliHost& host) {
  run.request = run_request(options);
  RunSettings& s = run.request.settings;
  s.libexec_dir = host.libexec_dir;
  s.data_root = host.data_root;
  run.catalog = catalog_of(s);
  run.points = plan(run.module, s);
  run.runner.emplace(run.module, s, run.catalog, host.executor);
  run.runner->check_libraries();  // --lib zstd:3: a library here, a variant it declares
  check_destinations(run.request, run.points.size());
  check_report_figures(run.request, run.points);
  run.runner->check_memory(run.points);  // refuse what no selected library could run
  if (s.instructions && (s.valgrind = find_in_path(s.valgrind)).empty())
    throw std::invalid_argument("--instructions needs valgrind: apt-get install valgrind");
  if (run.request.machine.empty() && !host.machine.empty()) check_machine_name(run.request.machine = host.machine, "BENCHBOX_MACHINE");
  if (!run.request.dry_run) open_run_store(run, host);
}

// ---- Measuring

// "benchbox coroutine -n switch": the command line as the lock file tells other runs (without
// secrets: the caller gives it so).
std::string command_text(const std::vector<std::string>& command_line) {
  std::string text = std::filesystem::path(command_line.at(0)).filename().string();
  for (std::size_t i = 1; i < command_line.size(); ++i) text += " " + command_line[i];
  return text;
}

// How this run measured, for the results' context.
nlohmann::json settings_context(const RunSettings& s) {
  return {{"mode", s.instructions ? "instructions" : s.verify ? "verify" : "time"},
          {"ops", s.ops            ? nlohmann::json(*s.ops)
                  : s.verify       ? nlohmann::json("the calibration's first probe, raised to the case's minimum")
                  : s.instructions ? nlohmann::json("a power of ten, at most 100000, for a trial of at most about 10^8 "
                                                    "instructions (a probe under Callgrind)")
                                   : nlohmann::json("calibrated")},
          {"target_ms", s.target.count()},
          {"reps", s.reps},
          {"warmup", s.warmup ? nlohmann::json(*s.warmup) : nlohmann::json("1, none where a trial warms itself")},
          {"processes", s.processes},
          {"budget_seconds", s.budget ? nlohmann::json(s.budget->count()) : nlohmann::json(nullptr)},
          {"timeout_seconds", s.timeout.count() / 1000},
          {"counters", s.counters},
          {"order", s.interleave == RunSettings::Interleave::suite
                        ? "interleaved rounds over every case of the run, one process of each row per round, cases and rows shuffled"
                        : "interleaved rounds case by case, one process of each row per round, shuffled"},
          {"interleave", s.interleave == RunSettings::Interleave::suite ? "suite" : "case"},
          {"seed", s.seed}};
}

// The results before the first row: the machine, the settings, what the module says of its
// cases, and the warnings the machine's state calls for.
Results results_before_rows(const PreparedRun& run, const std::vector<std::string>& command_line) {
  const RunSettings& s = run.settings();
  Results results;
  results.context = collect_context(command_line, s.cpu, run.request.machine);
  results.context["settings"] = settings_context(s);
  results.context["reference_notes"] = {{run.module.id, run.module.reference_note}};
  auto ranked = nlohmann::json::array();
  auto within = nlohmann::json::object();
  for (const auto& k : run.module.cases) {
    if (k.ranked) ranked.push_back(k.id);
    if (k.ranked && !k.rank_within.empty()) within[k.id] = k.rank_within;
  }
  if (!ranked.empty()) results.context["ranked_cases"] = {{run.module.id, ranked}};
  if (!within.empty()) results.context["rank_within"] = {{run.module.id, within}};
  const bool unpinned_rows =
      std::any_of(run.points.begin(), run.points.end(), [](const CasePoint& p) { return p.spec->cpus > 1; });
  if (!s.verify) results.warnings = environment_warnings(results.context, unpinned_rows);  // --verify keeps no figure
  if (s.counters && !hardware_counters_available())
    results.warnings.push_back(
        "hardware counters are not available here (perf_event_open refused: a virtual machine without a virtual PMU, "
        "or kernel.perf_event_paranoid too high); no cycles or instructions columns are shown");
  return results;
}

void save_json(const std::string& path, const Results& results) {
  if (!path.empty()) write_file_atomically(path, to_json(results).dump(2) + "\n");
}

// The results file while a batch's rows are still in their rounds: those rows as they stand, and
// the file marked interrupted (it is, if it is the last one written), until the rows are recorded.
Results with_rows_so_far(const Results& results, const std::vector<Measurement>& rows) {
  if (rows.empty()) return results;
  Results file = results;
  file.measurements.insert(file.measurements.end(), rows.begin(), rows.end());
  file.interrupted = true;
  file.warnings.push_back(fmt::format("written while {} row(s) were still in their rounds: their figures are those of the "
                                      "processes so far; a later write of a run that ends replaces this file",
                                      rows.size()));
  set_standings(file);
  return file;
}

// The live display of a text run: per case, once its rows are done (at the end of the run when the
// rounds span the suite, after each case with --interleave case), its heading, the original
// tool's line per library and the table, both in the table's order; the progress line on
// standard error runs meanwhile.
RunObserver live_observer(const PreparedRun& run, const Results& results, std::FILE* out) {
  RunObserver observer;
  observer.case_started = [&run, out](const CasePoint& p, const std::vector<LibraryEntry>&) {
    fmt::print(out, "== {} {}, {} ==\n", run.module.id, p.spec->id, p.label());
    std::fflush(out);
  };
  observer.case_finished = [&results, options = run.request.report, out](const CasePoint& p) {
    // Only this point's rows are grouped: grouping the whole run at every point was quadratic in
    // its rows (the hashing suite's 2,500 rows spent minutes here).
    Results here;
    here.context = results.context;
    for (const auto& m : results.measurements)
      if (m.case_id == p.spec->id && m.point == p.point) here.measurements.push_back(m);
    for (const auto& g : group_by_case(here, options.order))
      fmt::print(out, "{}\n{}\n", text::original_lines(g), text::case_table(g, options.columns));
    std::fflush(out);
  };
  return observer;
}

// What the run shows as it goes, and the results file written as rows finish, at most once a
// second: a finished row not yet written is written by the first row or process to come a second
// after the last write, and at the end of the run, interrupted or not (measure). Rows are done
// when their batch's rounds end (the budget's rounds may reopen any row until then); until then
// the file holds them as they stand after each round, marked interrupted, so that a run killed
// outright (SIGKILL, out of memory) leaves them; Ctrl-C and SIGTERM keep every row that has its
// first set. Writing the whole
// file after every row was quadratic in the rows (the hashing suite's 7 MB file, 2,500 times).
RunObserver observer_of(const PreparedRun& run, const Results& results, const CliHost& host) {
  RunObserver observer = run.live() ? live_observer(run, results, host.out) : RunObserver{};
  struct Unsaved {
    std::chrono::steady_clock::time_point last{};
    bool rows = false;
  };
  auto unsaved = std::make_shared<Unsaved>();
  auto provisional = std::make_shared<std::vector<Measurement>>();
  auto save_due = [&run, &results, unsaved, provisional] {
    const auto now = std::chrono::steady_clock::now();
    if (run.request.json.empty()) return;
    if (!unsaved->rows || now - unsaved->last < std::chrono::seconds(1)) return;
    save_json(run.request.json, with_rows_so_far(results, *provisional));
    unsaved->last = now;
    unsaved->rows = false;
  };
  if (!run.request.json.empty())  // no file, nothing to keep the rows in
    observer.rounds_so_far = [unsaved, provisional, save_due](const std::vector<Measurement>& rows) {
      *provisional = rows;
      unsaved->rows = unsaved->rows || !rows.empty();
      save_due();
    };
  observer.measured = [shown = observer.measured, unsaved, save_due](const Measurement& m) {
    if (shown) shown(m);
    unsaved->rows = true;
    save_due();
  };
  observer.process_started = [save_due](unsigned, unsigned, const CasePoint&, const std::string&) { save_due(); };
  observer.calibrating = [save_due](const CasePoint&, const std::string&) { save_due(); };
  return observer;
}

Results measure(PreparedRun& run, const std::vector<std::string>& command_line, const CliHost& host) {
  const RunSettings& s = run.settings();
  // The driver sleeps in poll() while an adapter runs, but its wake-ups must not land on the
  // measured CPU (docs/measurement.md, "What benchbox adds to the spread").
  if (host.owns_process && s.cpu && !s.instructions) keep_off_cpu(*s.cpu);
  Results results = results_before_rows(run, command_line);
  // The progress line: on a terminal's standard error only.
  Progress progress(run.points, run.module.id, host.err == stderr && Progress::stderr_is_terminal());
  try {
    run.runner->run(run.points, results, progress.wrap(observer_of(run, results, host)));
  } catch (...) {
    save_json(run.request.json, results);  // what finished before a fault of benchbox's own is kept
    throw;
  }
  progress.clear();
  check_agreement(run.module, results);
  if (!s.verify) add_run_findings(results);
  save_json(run.request.json, results);
  return results;
}

// ---- Reporting

void print_warnings(const Results& results, std::FILE* err) {
  for (const auto& w : results.warnings) fmt::print(err, "warning: {}\n", w);
}

// Appends the run to its store; a store that fails costs the store, never the results: without a
// --json file they are written to a file of their own in the current folder, and said where.
void keep_in_store(PreparedRun& run, const Results& results, const CliHost& host) {
  if (run.store) {
    try {
      const auto added = run.store->add(results, "run");
      fmt::print(host.err, "stored: run {} in {}{}\n", added.id, run.store->where(), added.added ? "" : " (stored before)");
      return;
    } catch (const store::StoreError& e) {
      run.store_error = e.what();
    }
  }
  if (run.store_error.empty()) return;
  std::string kept = run.request.json;
  if (kept.empty()) {
    kept = fmt::format("benchbox-{}-{}.json", run.module.id, results.context.value("date", "run"));
    std::replace(kept.begin(), kept.end(), ':', '-');
    try {
      save_json(kept, results);
    } catch (const std::exception&) {
      kept.clear();
    }
  }
  run.store_error += kept.empty() ? "; the results are only in the tables above" : "; the results are in " + kept;
}

int exit_status_of(const Results& results, const std::string& json, std::FILE* err) {
  if (results.interrupted) {
    fmt::print(err, "benchbox: interrupted; {} finished measurement(s) kept{}{}\n", results.measurements.size(),
               json.empty() ? "" : " in " + json,
               results.unfinished_rows == 0 ? ""
                                            : fmt::format("; {} row(s) still in their rounds dropped (the rounds span every "
                                                          "case; --interleave case keeps each case as it finishes)",
                                                          results.unfinished_rows));
    return exit_status::interrupted;
  }
  const bool failed = std::any_of(results.measurements.begin(), results.measurements.end(),
                                  [](const Measurement& m) { return m.status == Status::failed; });
  return failed ? exit_status::failed_rows : exit_status::ok;
}

int report_results(PreparedRun& run, const Results& results, const CliHost& host) {
  const RunRequest& r = run.request;
  if (r.settings.verify) {
    fmt::print(host.out, "{}", verify::table(results));
    print_warnings(results, host.err);
  } else if (!run.live()) {
    print_report(r.format, results, r.output, r.report, host.out);
  } else {  // the cases' tables are out already
    fmt::print(host.out, "{}", text::rank_tables(results, group_by_case(results)));
    fmt::print(host.out, "{}", text::unavailable_summary(results));
    print_warnings(results, host.err);
  }
  if (!r.settings.verify) keep_in_store(run, results, host);
  const int status = exit_status_of(results, r.json, host.err);
  if (run.store_error.empty()) return status;
  fmt::print(host.err, "benchbox: error: {}\n", run.store_error);
  return status == exit_status::interrupted ? status : exit_status::usage;
}

// --dry-run: every check prepare() makes but the store's and the lock's, then the points and the
// libraries; nothing is run. scripts/run.sh asks it before building the adapters, so a bad option
// is refused before minutes of building.
int print_plan(PreparedRun& run, const CliHost& host) {
  const auto& chosen = run.settings().libraries;  // empty: every library
  std::size_t asked = 0, available = 0;
  for (const auto& lib : run.catalog) {
    const bool selected = chosen.empty() || std::any_of(chosen.begin(), chosen.end(), [&](const auto& c) { return c.library == lib.id; });
    asked += selected ? 1 : 0;
    available += selected && lib.available ? 1 : 0;
  }
  fmt::print(host.out, "benchbox {}: {} point{}, {} librar{} ({} available here); nothing run (--dry-run)\n", run.module.id,
             run.points.size(), run.points.size() == 1 ? "" : "s", asked, asked == 1 ? "y" : "ies", available);
  for (const auto& p : run.points) fmt::print(host.out, "  {} {}\n", p.spec->id, p.label());
  return exit_status::ok;
}

}  // namespace

int run_module(const RunOptions& options, const std::vector<std::string>& given_command_line, CliHost& host) {
  // A store's password never reaches the results, the store or the lock file (results/secrets.hpp).
  const std::vector<std::string> command_line = without_secrets(given_command_line);
  PreparedRun run{*options.module};
  prepare(run, options, host);
  if (run.request.dry_run) return print_plan(run, host);
  if (host.owns_process) install_interrupt_handlers();
  // One measuring run per machine (docs/reliability.md): wait for the one measuring, or refuse.
  RunLock lock(host.lock_file);
  if (!acquire_for_run(lock, command_text(command_line), run.request.wait)) {
    fmt::print(host.err, "benchbox: interrupted while waiting for the other run; nothing was measured\n");
    return exit_status::interrupted;
  }
  const Results results = measure(run, command_line, host);
  return report_results(run, results, host);
}

}  // namespace benchbox
