#include "cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <random>
#include <cstdio>
#include <iostream>
#include <thread>
#include <unistd.h>

#include "catalog.hpp"
#include "cli_reports.hpp"
#include "executor.hpp"
#include "findings.hpp"
#include "listing.hpp"
#include "module.hpp"
#include "progress.hpp"
#include "output_paths.hpp"
#include "report/output.hpp"
#include "report/reporter.hpp"
#include "report/numbers.hpp"
#include "report/text.hpp"
#include "report/verify.hpp"
#include "run_lock.hpp"
#include "runner.hpp"
#include "system_info.hpp"

namespace benchbox {
namespace {

constexpr int kExitFailedRows = 1;
constexpr int kExitUsage = 2;
constexpr int kExitBusy = 3;  // --no-wait and another run is measuring on this machine
constexpr int kExitInterrupted = 130;

// Whole numbers from the command line, with a message that names the option.
std::uint64_t parse_count(const std::string& text, const std::string& name, std::uint64_t min, std::uint64_t max) {
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec == std::errc::invalid_argument || p != text.data() + text.size())
    throw std::invalid_argument(name + " must be a whole number, got '" + text + "'");
  if (ec == std::errc::result_out_of_range || v < min || v > max)
    throw std::invalid_argument(name + " must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " + text);
  return v;
}

struct ModuleCommand {
  const Module* module = nullptr;
  CLI::App* app = nullptr;
  std::vector<std::string> positional;  // the case's axes in order: the first axis's values, then one value list per axis
  std::string case_id, libs, ops, target_ms = "30", reps, warmup, processes, cpu, timeout = "120";
  std::string json_path, format = "text", output, sort = "median", seed, interleave = "suite";
  std::vector<std::string> axis_params;  // --param AXIS=V1,V2, repeatable
  bool no_pin = false, counters = false, instructions = false, no_wait = false, verify = false;
};

std::vector<std::string> split_list(const std::string& s, char separator = ',') {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    auto end = s.find(separator, start);
    if (end == std::string::npos) end = s.size();
    if (end > start) out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// Names given as a list (-n A,B; --lib X,Y): an empty list or an empty name is a mistake (an
// unset shell variable), never "all of them".
std::vector<std::string> names_from(const std::string& text, const std::string& option) {
  const auto names = split_list(text);
  if (names.empty()) throw std::invalid_argument(option + " names nothing (got '" + text + "')");
  if (names.size() != static_cast<std::size_t>(std::count(text.begin(), text.end(), ',')) + 1)
    throw std::invalid_argument(option + " has an empty name in '" + text + "'");
  return names;
}

// --param AXIS=V1,V2 (repeatable) as axis -> values.
std::map<std::string, std::vector<std::string>> axis_params_from(const std::vector<std::string>& given) {
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& p : given) {
    const auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0) throw std::invalid_argument("--param needs AXIS=VALUE[,VALUE...], got '" + p + "'");
    const std::string axis = p.substr(0, eq);
    if (out.count(axis)) throw std::invalid_argument("--param " + axis + " is given twice (list its values: " + axis + "=A,B)");
    out[axis] = split_list(p.substr(eq + 1));
    if (out[axis].empty()) throw std::invalid_argument("--param " + axis + "= has no value");
  }
  return out;
}

// The values given after `-n CASE`: the first axis's (several, comma-separated: a sweep), then
// the next axes' in order (`benchbox regex -n count PATTERN FILE`), as if given with --param.
void add_positional_values(const CaseSpec* spec, const std::vector<std::string>& given, RunSettings& s) {
  s.params = split_list(given.front());
  if (given.size() == 1) return;
  if (!spec) return;  // an unknown case: the runner names it
  const auto axes = spec->axes;
  if (given.size() > axes.size())
    throw std::invalid_argument("case " + spec->id + " has " + std::to_string(axes.size()) + " axes, got " +
                                std::to_string(given.size()) + " values after -n " + spec->id);
  for (std::size_t i = 1; i < given.size(); ++i) {
    if (s.axis_params.count(axes[i].name))
      throw std::invalid_argument(axes[i].name + " of " + spec->id + " is given twice: after -n " + spec->id + " and with --param");
    s.axis_params[axes[i].name] = split_list(given[i]);
  }
}

// An axis that takes free text (a regex pattern) keeps a value whole, commas included, unless
// every comma-separated piece is one of its choices (a sweep of named values).
void keep_free_text_whole(const CaseSpec& spec, const ModuleCommand& c, RunSettings& s) {
  auto whole = [](const AxisSpec& axis, const std::string& text, std::vector<std::string>& values) {
    if (!axis.free_text) return;
    for (const auto& v : values)
      if (std::find(axis.choices.begin(), axis.choices.end(), v) == axis.choices.end()) {
        values = {text};
        return;
      }
  };
  const auto axes = spec.axes;
  if (!c.positional.empty()) whole(axes.front(), c.positional.front(), s.params);
  for (std::size_t i = 1; i < c.positional.size() && i < axes.size(); ++i) whole(axes[i], c.positional[i], s.axis_params[axes[i].name]);
  for (const auto& given : c.axis_params) {
    const auto eq = given.find('=');
    const AxisSpec* axis = spec.find_axis(given.substr(0, eq));
    if (axis) whole(*axis, given.substr(eq + 1), s.axis_params[axis->name]);
  }
}

// --verify: one short trial per row, in one process, unpinned (nothing is timed) unless --cpu says.
// The options that shape a measurement or its report contradict it.
void verify_settings(const ModuleCommand& c, RunSettings& s) {
  for (const char* option : {"--reps", "--processes", "--warmup", "--target-ms", "--counters", "--instructions", "--format",
                             "--output", "--sort", "--interleave"})
    if (c.app->count(option))
      throw std::invalid_argument(std::string("--verify runs one short trial per row and prints whether each was proved; ") +
                                  option + " is for a measuring run");
  s.verify = true;
  s.reps = s.processes = 1;
  s.warmup = 0;
  if (!c.app->count("--cpu")) s.cpu.reset();
}

RunSettings settings_from(const ModuleCommand& c) {
  // Given with an empty value ("--ops="), an option is an error, not its default.
  auto given = [&c](const char* option) { return c.app->count(option) > 0; };
  RunSettings s;
  s.module = c.module->id;
  if (given("--name")) s.cases = names_from(c.case_id, "-n");  // several, comma-separated: each at its suite's points
  s.axis_params = axis_params_from(c.axis_params);
  if (!s.axis_params.empty() && s.cases.size() != 1)
    throw std::invalid_argument("--param needs one case: -n CASE --param " + c.axis_params.front());
  const CaseSpec* spec = s.cases.size() == 1 ? c.module->find_case(s.cases.front()) : nullptr;
  if (!c.positional.empty()) {
    if (s.cases.size() != 1) throw std::invalid_argument("a parameter needs one case: -n CASE " + c.positional.front());
    add_positional_values(spec, c.positional, s);
    if (s.params.empty()) throw std::invalid_argument("the parameter is empty");
  }
  if (spec) keep_free_text_whole(*spec, c, s);
  if (c.positional.empty() && s.cases.size() == 1 && s.axis_params.empty()) {
    // As the original tool: `-n CASE` alone runs the case's default point (several where its
    // first axis's default lists several).
    if (const CaseSpec* spec = c.module->find_case(c.case_id)) s.params = split_list(spec->axes.front().default_value);
  }
  if (given("--lib")) s.libraries = names_from(c.libs, "--lib");
  if (given("--ops")) s.ops = parse_count(c.ops, "--ops", 1, 1'000'000'000'000);
  s.target = std::chrono::milliseconds(parse_count(c.target_ms, "--target-ms", 1, 600'000));
  s.counters = c.counters;
  s.instructions = c.instructions;
  // By default one repetition per process, as many processes as the module asks for (9), or as
  // --processes says.
  const std::string module_default = std::to_string(c.module->default_processes);
  s.processes = static_cast<unsigned>(parse_count(given("--processes") ? c.processes : module_default, "--processes", 1, 1000));
  s.reps = given("--reps") ? static_cast<unsigned>(parse_count(c.reps, "--reps", 1, 1000)) : s.processes;
  if (!s.instructions && given("--processes") && s.reps < s.processes)  // else fewer processes would run than asked, silently
    throw std::invalid_argument("--processes " + c.processes + " is more than --reps " + c.reps +
                                ": each process runs one repetition at least");
  if (given("--warmup")) s.warmup = static_cast<unsigned>(parse_count(c.warmup, "--warmup", 0, 100));
  s.timeout = std::chrono::seconds(parse_count(c.timeout, "--timeout", 1, 86400));
  if (s.instructions && s.counters)
    throw std::invalid_argument("--counters and --instructions contradict each other: instructions are counted under Callgrind");
  if (s.instructions) {
    // Counting is deterministic: one repetition in one process says it all, and Callgrind is
    // some 50 times slower than the real thing, so a fixed modest count replaces calibration.
    if (!given("--ops")) s.ops = 100'000;
    s.reps = 1;
    s.processes = 1;
    s.counters = false;
  }
  const unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
  if (given("--cpu") && c.no_pin) throw std::invalid_argument("--cpu and --no-pin contradict each other");
  if (given("--cpu")) s.cpu = static_cast<int>(parse_count(c.cpu, "--cpu", 0, cpus - 1));
  else if (!c.no_pin) s.cpu = static_cast<int>(cpus - 1);  // the last CPU: away from CPU 0's interrupts
  s.libexec_dir = default_libexec_dir();
  s.data_root = default_data_root();
  s.seed = !given("--seed") ? std::random_device{}() : parse_count(c.seed, "--seed", 0, UINT64_MAX);
  if (c.interleave != "suite" && c.interleave != "case")
    throw std::invalid_argument("--interleave must be suite or case, got '" + c.interleave + "'");
  s.interleave = c.interleave == "case" ? RunSettings::Interleave::case_point : RunSettings::Interleave::suite;
  if (c.verify) verify_settings(c, s);
  return s;
}

// The program's full path as execv needs it (it does not search PATH), or empty.
std::string find_in_path(const std::string& program) {
  if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0 ? program : "";
  const char* path = std::getenv("PATH");
  for (const auto& dir : split_list(path ? path : "/usr/bin:/bin", ':'))
    if (access((dir + "/" + program).c_str(), X_OK) == 0) return dir + "/" + program;
  return "";
}

// "benchbox coroutine -n switch": the command line as the lock file tells other runs.
std::string command_text(const std::vector<std::string>& command_line) {
  std::string text = std::filesystem::path(command_line.at(0)).filename().string();
  for (std::size_t i = 1; i < command_line.size(); ++i) text += " " + command_line[i];
  return text;
}

// How this run measured, for the results' context.
nlohmann::json settings_context(const RunSettings& s) {
  return {{"mode", s.instructions ? "instructions" : s.verify ? "verify" : "time"},
          {"ops", s.ops      ? nlohmann::json(*s.ops)
                  : s.verify ? nlohmann::json("the calibration's first probe, raised to the case's minimum")
                             : nlohmann::json("calibrated")},
          {"target_ms", s.target.count()},
          {"reps", s.reps},
          {"warmup", s.warmup ? nlohmann::json(*s.warmup) : nlohmann::json("1, none where a trial warms itself")},
          {"processes", s.processes},
          {"timeout_seconds", s.timeout.count() / 1000},
          {"counters", s.counters},
          {"order", s.interleave == RunSettings::Interleave::suite
                        ? "interleaved rounds over every case of the run, one process of each row per round, cases and rows shuffled"
                        : "interleaved rounds case by case, one process of each row per round, shuffled"},
          {"interleave", s.interleave == RunSettings::Interleave::suite ? "suite" : "case"},
          {"seed", s.seed}};
}

void save_json(const std::string& path, const Results& results) {
  if (!path.empty()) write_file_atomically(path, to_json(results).dump(2) + "\n");
}

ReportOptions report_options(const std::string& sort) {
  if (sort != "median" && sort != "name") throw std::invalid_argument("--sort must be median or name, got '" + sort + "'");
  return {sort == "name" ? RowOrder::declared : RowOrder::best_first};
}

// The live display of a text run: per case, once its rows are done (at the end of the run when the
// rounds span the suite, after each case with --interleave case), its heading, the original
// tool's line per library and the table, both in the table's order; the progress line on
// standard error runs meanwhile; the libraries not installed here once at the end.
RunObserver live_observer(const ModuleCommand& c, const Results& results, const ReportOptions& options) {
  RunObserver observer;
  observer.case_started = [&c](const CasePoint& p, const std::vector<LibraryEntry>&) {
    fmt::print("== {} {}, {} ==\n", c.module->id, p.spec->id, p.label());
    std::fflush(stdout);
  };
  observer.case_finished = [&results, options](const CasePoint& p) {
    for (const auto& g : group_by_case(results, options.order))
      if (g.case_id == p.spec->id && g.point == p.point) fmt::print("{}\n{}\n", text::original_lines(g), text::case_table(g));
    std::fflush(stdout);
  };
  return observer;
}

std::string processes_help(const Module& m) {
  if (m.default_processes >= m.part_run_max_processes)
    return fmt::format("spread the repetitions over this many fresh processes, run in interleaved rounds (default {}; "
                       "cold cases at most 3)", m.default_processes);
  return fmt::format("spread the repetitions over this many fresh processes, run in interleaved rounds (default {} for "
                     "the whole suite; for some of its points, more, in proportion, up to {}; cold cases at most 3)",
                     m.default_processes, m.part_run_max_processes);
}

// Neither --processes nor --reps given: the module's default, raised for a run of part of its
// default suite (Module::processes_for). Only points of the suite: a point beyond it (10^7
// elements) may cost far more than the suite's share of the budget.
void raise_default_processes(const ModuleCommand& c, const std::vector<CasePoint>& points,
                             const std::vector<LibraryEntry>& catalog, RunSettings& s) {
  if (s.instructions || s.verify || c.app->count("--processes") || c.app->count("--reps")) return;
  RunSettings whole;
  whole.module = s.module;
  whole.libexec_dir = s.libexec_dir;
  whole.data_root = s.data_root;
  const auto suite = plan(*c.module, whole, catalog);
  auto in_suite = [&suite](const CasePoint& p) {
    return std::any_of(suite.begin(), suite.end(), [&p](const CasePoint& q) { return q.spec == p.spec && q.point == p.point; });
  };
  if (std::all_of(points.begin(), points.end(), in_suite))
    s.processes = s.reps = c.module->processes_for(points.size(), suite.size());
}

int run_module(const ModuleCommand& c, const std::vector<std::string>& command_line) {
  RunSettings s = settings_from(c);
  const ReportOptions options = report_options(c.sort);
  auto catalog = load_catalog(s.libexec_dir, s.module);
  if (catalog.empty())
    throw std::runtime_error("no libraries found for module " + s.module + " in " + (s.libexec_dir / s.module).string() +
                             " (build benchbox first, or set BENCHBOX_LIBEXEC)");
  auto points = plan(*c.module, s, catalog);
  raise_default_processes(c, points, catalog, s);
  // Fail now, not after the first measurement.
  check_output_file(c.json_path, "--json", c.app->count("--json") > 0);
  check_output_file(c.output, "--output", c.app->count("--output") > 0, c.format == "svg");
  if (c.format != "svg") check_distinct_files(c.output, "--output", c.json_path, "--json");  // svg: PREFIX-<case>.svg
  check_report_destination(c.format, points.size(), c.output);
  ProcessExecutor executor;
  Runner runner(*c.module, s, catalog, executor);
  runner.check_variants();      // --lib zstd:3: a variant zstd declares
  runner.check_memory(points);  // refuse what no selected library could run
  if (s.instructions && (s.valgrind = find_in_path(s.valgrind)).empty())
    throw std::invalid_argument("--instructions needs valgrind: apt-get install valgrind");

  // One measuring run per machine (docs/reliability.md): wait for the one measuring, or refuse.
  install_interrupt_handlers();
  RunLock lock(default_lock_file());
  if (!acquire_for_run(lock, command_text(command_line), !c.no_wait)) {
    fmt::print(stderr, "benchbox: interrupted while waiting for the other run; nothing was measured\n");
    return kExitInterrupted;
  }

  // The driver sleeps in poll() while an adapter runs, but its wake-ups must not land on the
  // measured CPU (docs/measurement.md, "What benchbox adds to the spread").
  if (s.cpu && !s.instructions) keep_off_cpu(*s.cpu);

  Results results;
  results.context = collect_context(command_line, s.cpu);
  results.context["settings"] = settings_context(s);
  results.context["reference_notes"] = {{c.module->id, c.module->reference_note}};
  auto ranked = nlohmann::json::array();
  for (const auto& k : c.module->cases)
    if (k.ranked) ranked.push_back(k.id);
  if (!ranked.empty()) results.context["ranked_cases"] = {{c.module->id, ranked}};
  if (!s.verify)  // the machine's state matters to figures, and --verify keeps none
    results.warnings = environment_warnings(
      results.context, std::any_of(points.begin(), points.end(), [](const CasePoint& p) { return p.spec->cpus > 1; }));
  if (s.counters && !hardware_counters_available())
    results.warnings.push_back(
        "hardware counters are not available here (perf_event_open refused: a virtual machine without a virtual PMU, "
        "or kernel.perf_event_paranoid too high); no cycles or instructions columns are shown");

  const bool live = c.format == "text" && c.output.empty() && !s.verify;
  RunObserver observer = live ? live_observer(c, results, options) : RunObserver{};
  auto live_measured = observer.measured;
  observer.measured = [&](const Measurement& m) {
    if (live_measured) live_measured(m);
    save_json(c.json_path, results);  // after every row: an interruption loses nothing finished
  };

  Progress progress(points, c.module->id, Progress::stderr_is_terminal());  // stderr, terminals only
  observer = progress.wrap(observer);
  runner.run(points, results, observer);
  progress.clear();
  if (!s.verify) add_run_findings(results);
  save_json(c.json_path, results);

  if (s.verify) {
    fmt::print("{}", verify::table(results));
    for (const auto& w : results.warnings) fmt::print(stderr, "warning: {}\n", w);
  } else if (!live) {
    write_report(c.format, results, c.output, options);
  } else {
    fmt::print("{}", text::rank_tables(results, group_by_case(results)));
    fmt::print("{}", text::unavailable_summary(results));
    for (const auto& w : results.warnings) fmt::print(stderr, "warning: {}\n", w);
  }
  if (results.interrupted) {
    fmt::print(stderr, "benchbox: interrupted; {} finished measurement(s) kept{}{}\n", results.measurements.size(),
               c.json_path.empty() ? "" : " in " + c.json_path,
               results.unfinished_rows == 0 ? ""
                                            : fmt::format("; {} row(s) still in their rounds dropped (the rounds span every "
                                                          "case; --interleave case keeps each case as it finishes)",
                                                          results.unfinished_rows));
    return kExitInterrupted;
  }
  for (const auto& m : results.measurements)
    if (m.status == Status::failed) return kExitFailedRows;
  return 0;
}

// A module of benchbox's source that this build left out, and the command that adds it.
std::string not_built_text(const std::string& module) {
  return fmt::format("module '{}' is not built in this benchbox: scripts/setup {} (in benchbox's source folder) adds it", module,
                     module);
}

int list_modules(const std::string& only, bool verbose) {
  RunSettings settings;  // as a run's, unpinned: describe through the run's own path
  settings.libexec_dir = default_libexec_dir();
  settings.data_root = default_data_root();
  ProcessExecutor executor;
  bool found = false;
  for (const Module* m : modules()) {
    if (!only.empty() && m->id != only) continue;
    found = true;
    settings.module = m->id;
    fmt::print("{}", list_module(*m, load_catalog(settings.libexec_dir, m->id), settings, executor, verbose));
    std::fflush(stdout);
  }
  const auto unbuilt = unbuilt_modules(settings.libexec_dir);
  if (!found && std::count(unbuilt.begin(), unbuilt.end(), only)) throw std::invalid_argument(not_built_text(only));
  if (!found) throw std::invalid_argument("unknown module '" + only + "' (see `benchbox list`)");
  if (only.empty() && !unbuilt.empty())
    fmt::print("Not built in this benchbox: {} (scripts/setup MODULE, in benchbox's source folder, adds one)\n",
               fmt::join(unbuilt, ", "));
  return 0;
}

int report(const std::string& file, const std::string& format, const std::string& output, bool output_given,
           const std::string& sort) {
  const ReportOptions options = report_options(sort);
  make_reporter(format, options);  // an unknown format is reported before the file is read
  check_output_file(output, "--output", output_given, format == "svg");
  if (format != "svg") check_distinct_files(output, "--output", file, "the results file");  // svg: PREFIX-<case>.svg
  write_report(format, load_results(file), output, options);
  return 0;
}

// CLI11 answers a misspelt module ("benchbox hashmpa") with "A subcommand is required"; name
// what was wrong instead, and what there is.
std::optional<std::string> unknown_command(const CLI::App& app, const std::vector<std::string>& args) {
  if (args.size() < 2) return std::nullopt;
  const std::string& first = args[1];
  if (first == "-h" || first == "--help" || first == "--version") return std::nullopt;
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name() == first) return std::nullopt;
    names.push_back(sub->get_name());
  }
  if (const auto unbuilt = unbuilt_modules(default_libexec_dir()); std::count(unbuilt.begin(), unbuilt.end(), first))
    return not_built_text(first);
  const std::string what = first.rfind('-', 0) == 0 ? "unknown option '" + first + "' before the command"
                                                      : "unknown module or command '" + first + "'";
  return fmt::format("{}: give one of {} (benchbox --help)", what, fmt::join(names, ", "));
}

// CLI11's words for an option given twice ("--lib: At Most 1 required but received 2") say what
// the user did instead.
std::string parse_error_text(const CLI::ParseError& e) {
  const std::string text = e.what();
  const auto at = text.find(": At Most 1 required but received ");
  if (at == std::string::npos) return text;
  const std::string option = text.substr(0, at);
  const bool list = option == "--lib" || option == "-n" || option == "--name";
  return option + " is given " + text.substr(at + 34) + " times: give it once" + (list ? " (several: " + option + " A,B)" : "");
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"benchbox: third-party libraries side by side on the same work, every number verified"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(BENCHBOX_VERSION));

  std::string list_only;
  bool list_verbose = false;
  auto* list = app.add_subcommand("list", "modules, cases and libraries, and whether each is available here");
  list->add_option("module", list_only, "only this module");
  list->add_flag("--verbose,-v", list_verbose, "every case of every library with all its traits");

  std::string report_file, report_format = "text", report_output, report_sort = "median";
  auto* report_cmd = app.add_subcommand("report", "render a results file in another format");
  report_cmd->add_option("file", report_file, "results JSON written by --json")->required();
  report_cmd->add_option("--format,-f", report_format, "text, md, csv, json, gbench, svg, html (docs/reports.md)");
  report_cmd->add_option("--output,-o", report_output,
                         "write to this file instead of standard output (svg: DIR/ or PREFIX, one file per case)");
  report_cmd->add_option("--sort", report_sort, "rows by median, best first (default), or by name: declared order");
  auto report_commands = add_report_commands(app);  // compare, merge

  std::vector<ModuleCommand> commands;
  commands.reserve(modules().size());
  for (const Module* m : modules()) {
    auto& c = commands.emplace_back();
    c.module = m;
    c.app = app.add_subcommand(m->id, m->description);
    std::vector<std::string> cases, params;
    for (const auto& k : m->cases) {
      cases.push_back(k.id);
      std::vector<std::string> axes;
      for (const auto& a : k.axes) axes.push_back(a.name + (a.help.empty() ? "" : ", " + a.help));
      params.push_back(k.id + ": " + fmt::format("{}", fmt::join(axes, "; ")));
    }
    c.app->add_option("-n,--name", c.case_id, fmt::format("case to run ({}); several comma-separated run at their suite's points; all cases when omitted", fmt::join(cases, ", ")));
    c.app->add_option("param", c.positional,
                      fmt::format("the case's parameter (its first axis), or several comma-separated for a sweep; further "
                                  "values: the case's next axes, in order ({})",
                                  fmt::join(params, "; ")));
    c.app->add_option("--param", c.axis_params,
                      "AXIS=V1[,V2...]: values of one of the case's axes by name (repeatable); with several axes, the run "
                      "is every combination, and an axis not given runs its default")
        ->allow_extra_args(false);
    c.app->add_option("--lib", c.libs, "only these libraries (comma-separated ids; LIBRARY:VARIANT for one variant of a library that has several)");
    c.app->add_option("--ops", c.ops, "operations per repetition (default: calibrated to --target-ms)");
    c.app->add_option("--target-ms", c.target_ms, "calibration: milliseconds one repetition should last (default 30)");
    c.app->add_option("--reps", c.reps, "timed repetitions (default: one per process)");
    c.app->add_option("--warmup", c.warmup, "untimed warm-up trials per process (default 1; none for a trial the case's minimum stretches fourfold, in cases that allow it; cold and run-once cases never warm up)");
    c.app->add_option("--processes", c.processes, processes_help(*m));
    c.app->add_flag("--counters", c.counters, "hardware counters (cycles, instructions per op) where the kernel allows");
    c.app->add_flag("--instructions", c.instructions,
                    "deterministic mode: instructions per op under Callgrind (default --ops 100000, 1 repetition)");
    c.app->add_option("--cpu", c.cpu, "pin to this CPU (default: the last one)");
    c.app->add_flag("--no-pin", c.no_pin, "do not pin to a CPU");
    c.app->add_option("--timeout", c.timeout, "seconds one adapter process may take (default 120)");
    c.app->add_option("--json", c.json_path, "also write the results to this JSON file");
    c.app->add_option("--format,-f", c.format, "output format: text (default), md, csv, json, gbench, svg, html");
    c.app->add_option("--output,-o", c.output, "write the formatted output to this file (svg: DIR/ or PREFIX)");
    c.app->add_option("--seed", c.seed, "the seed of the rounds' shuffled order (default: random, recorded in the results)");
    c.app->add_option("--interleave", c.interleave,
                      "suite (default): each round runs one process of every row of every case, so a row's processes "
                      "spread over the whole run and the tables print at its end; case: one case's rounds after "
                      "another, each table printed as soon as its case is done");
    c.app->add_option("--sort", c.sort, "table rows by median, best first (default), or by name: declared order");
    c.app->add_flag("--verify", c.verify,
                    "check every selected library on every selected point: one short trial each (no calibration, no "
                    "repetitions), every proof checked, a pass/fail line per row and nothing timed shown");
    c.app->add_flag("--no-wait", c.no_wait,
                    "when another run is measuring on this machine, refuse at once (exit status 3) instead of waiting");
  }

  std::vector<std::string> command_line(argv, argv + argc);
  if (auto unknown = unknown_command(app, command_line)) {
    fmt::print(stderr, "benchbox: {}\n", *unknown);
    return kExitUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    fmt::print(stderr, "benchbox: error: {}\n", parse_error_text(e));  // one line, as every other error
    return kExitUsage;
  }
  try {
    if (list->parsed()) return list_modules(list_only, list_verbose);
    if (report_cmd->parsed())
      return report(report_file, report_format, report_output, report_cmd->count("--output") > 0, report_sort);
    if (int rc = run_report_commands(*report_commands); rc >= 0) return rc;
    for (auto& c : commands)
      if (c.app->parsed()) return run_module(c, command_line);
  } catch (const MachineBusy& e) {
    fmt::print(stderr, "benchbox: {}\n", e.what());
    return kExitBusy;
  } catch (const std::exception& e) {
    fmt::print(stderr, "benchbox: error: {}\n", e.what());
    return kExitUsage;
  }
  return kExitUsage;
}

}  // namespace benchbox
