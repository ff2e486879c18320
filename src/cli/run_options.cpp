#include "cli/run_options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <random>
#include <stdexcept>
#include <thread>

#include <benchbox/shell_words.hpp>

#include "cli/report_options.hpp"

namespace benchbox {
namespace {

std::string processes_help(const Module& m) {
  return fmt::format("exactly this many fresh processes per row, one repetition each, in interleaved rounds (cold cases "
                     "at most 3); without it, {} first, then more for the rows whose question is open, within --budget",
                     m.default_processes);
}

std::string budget_help(const Module& m) {
  return fmt::format("seconds the run may take (default {}): after the first rounds, rounds go on for the rows whose tie "
                     "or ratio is still unsure until every question is decided or the budget is spent; with "
                     "--processes N, N first", m.budget_seconds);
}

// -n, the values after it, --param and --lib: what to run.
void add_selection_options(CLI::App& command, const Module& m, RunOptions& o) {
  std::vector<std::string> cases, axes_of_cases;
  for (const auto& k : m.cases) {
    cases.push_back(k.id);
    std::vector<std::string> axes;
    for (const auto& a : k.axes) axes.push_back(a.name + (a.help.empty() ? "" : ", " + a.help));
    axes_of_cases.push_back(k.id + ": " + fmt::format("{}", fmt::join(axes, "; ")));
  }
  command.add_option("-n,--name", o.cases, fmt::format("case to run ({}); several comma-separated run at their suite's points; all cases when omitted", fmt::join(cases, ", ")));
  command.add_option("param", o.values,
                     fmt::format("the case's parameter (its first axis), or several comma-separated for a sweep; further "
                                 "values: the case's next axes, in order ({})",
                                 fmt::join(axes_of_cases, "; ")));
  command.add_option("--param", o.by_axis,
                     "AXIS=V1[,V2...]: values of one of the case's axes by name (repeatable); with several axes, the run "
                     "is every combination, and an axis not given runs its default")
      ->allow_extra_args(false);
  command.add_option("--lib", o.libraries, "only these libraries (comma-separated ids; LIBRARY:VARIANT for one variant of a library that has several, the only way to run one outside the suite)");
}

// How much to measure, and how.
void add_measuring_options(CLI::App& command, const Module& m, RunOptions& o) {
  command.add_option("--ops", o.ops, "operations per repetition (default: calibrated to --target-ms)");
  command.add_option("--target-ms", o.target_ms,
                     fmt::format("calibration: milliseconds one repetition should last (default {})", m.default_target_ms));
  command.add_option("--reps", o.reps, "timed repetitions (default: one per process)");
  command.add_option("--warmup", o.warmup, "untimed warm-up trials per process (default 1; none for a trial the case's minimum stretches fourfold, in cases that allow it; cold and run-once cases never warm up)");
  command.add_option("--processes", o.processes, processes_help(m));
  command.add_option("--budget", o.budget, budget_help(m));
  command.add_flag("--counters", o.counters, "hardware counters (cycles, instructions per op) where the kernel allows");
  command.add_flag("--instructions", o.instructions, "deterministic mode: instructions per op under Callgrind, 1 repetition (default --ops: a power of ten up to 100000, docs/method.md)");
  command.add_option("--cpu", o.cpu, "pin to this CPU (default: the last one)");
  command.add_flag("--no-pin", o.no_pin, "do not pin to a CPU");
  command.add_option("--timeout", o.timeout, "seconds one adapter process may take (default 120)");
}

// Where the results go, in what order, and the run's manners.
void add_output_options(CLI::App& command, RunOptions& o) {
  command.add_option("--json", o.json, "also write the results to this JSON file");
  command.add_option("--store", o.store,
                     "keep the run in this store: a SQLite file or a postgresql:// URL (default: $BENCHBOX_STORE, else "
                     "~/.local/share/benchbox/results.sqlite; docs/store.md)");
  command.add_flag("--no-store", o.no_store, "keep nothing of the run in a store");
  command.add_option("--machine", o.machine,
                     "the machine's name in the results and the store (default: $BENCHBOX_MACHINE, else the host name); "
                     "machines of one name are told apart by their fingerprint (docs/store.md)");
  command.add_option("--format,-f", o.format, "output format: text (default), md, csv, json, gbench, github-action, github-action-bigger, svg, html");
  command.add_option("--output,-o", o.output, "write the formatted output to this file (svg: DIR/ or PREFIX)");
  command.add_option("--gbench-aggregates", o.gbench_aggregates, kGbenchAggregatesHelp);
  command.add_option("--seed", o.seed, "the seed of the rounds' shuffled order (default: random, recorded in the results)");
  command.add_option("--interleave", o.interleave,
                     "suite (default): each round runs one process of every row of every case, so a row's processes "
                     "spread over the whole run and the tables print at its end; case: one case's rounds after "
                     "another, each table printed as soon as its case is done");
  command.add_option("--sort", o.sort, "table rows by median, best first (default), or by name: declared order");
  command.add_option("--columns", o.columns,
                     "the tables' columns (text, md, html): default, all, or names, e.g. figure,ci,vs-ref (listed below)");
  command.footer(columns_help());
  command.add_flag("--verify", o.verify,
                   "check every selected library on every selected point: one short trial each (no calibration, no "
                   "repetitions), every proof checked, a pass/fail line per row and nothing timed shown");
  command.add_flag("--dry-run", o.dry_run,
                   "check the options and list the points the run would measure and the libraries it would ask; "
                   "run, store and write nothing");
  command.add_flag("--no-wait", o.no_wait,
                   "when another run is measuring on this machine, refuse at once (exit status 3) instead of waiting");
}

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

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    auto end = s.find(',', start);
    if (end == std::string::npos) end = s.size();
    if (end > start) out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}


// --lib zstd,lz4:3 as (library, variant) pairs.
std::vector<LibrarySelection> libraries_from(const std::string& text) {
  std::vector<LibrarySelection> out;
  for (const auto& name : names_from(text, "--lib")) {
    const auto colon = name.find(':');
    if (colon == std::string::npos) {
      out.push_back({name});
      continue;
    }
    if (colon + 1 == name.size()) throw std::invalid_argument("--lib " + name + ": no variant after ':' (LIBRARY:VARIANT)");
    out.push_back({name.substr(0, colon), name.substr(colon + 1)});
  }
  return out;
}

// --param AXIS=V1,V2 (repeatable) as axis -> its text, checked for form.
std::map<std::string, std::string> by_axis_from(const std::vector<std::string>& given) {
  std::map<std::string, std::string> out;
  for (const auto& p : given) {
    const auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0) throw std::invalid_argument("--param needs AXIS=VALUE[,VALUE...], got '" + p + "'");
    const std::string axis = p.substr(0, eq);
    if (out.count(axis)) throw std::invalid_argument("--param " + axis + " is given twice (list its values: " + axis + "=A,B)");
    out[axis] = p.substr(eq + 1);
    if (split_list(out[axis]).empty()) throw std::invalid_argument("--param " + axis + "= has no value");
  }
  return out;
}

// The values of one axis given as text: comma-separated, a sweep. An axis that takes free text (a
// regex pattern) keeps it whole, commas included, unless every piece is one of its choices.
std::vector<std::string> values_of(const AxisSpec& axis, const std::string& text) {
  auto values = split_list(text);
  const auto is_choice = [&axis](const std::string& v) {
    return std::find(axis.choices.begin(), axis.choices.end(), v) != axis.choices.end();
  };
  if (axis.free_text && !std::all_of(values.begin(), values.end(), is_choice)) return {text};
  return values;
}

// The one case's values by axis: --param's, then those after -n CASE in axis order. `-n CASE`
// alone runs the case's default point, as the original tool did (several where its first
// axis's default lists several).
std::map<std::string, std::vector<std::string>> case_values(const CaseSpec& spec, const std::vector<std::string>& given,
                                                            const std::map<std::string, std::string>& by_axis) {
  const auto axes = spec.axes;
  // A command's words are its one value (AxisSpec::words).
  const bool words = axes.size() == 1 && axes.front().words && !given.empty();
  // One value alone that stands for a whole point (CaseSpec::lone_value: `-n find my-keys.txt`).
  const auto lone = !words && given.size() == 1 && by_axis.empty() ? spec.lone_value(given.front()) : std::nullopt;
  const std::vector<std::string> in_order = words ? std::vector<std::string>{join_words(given)} : lone ? *lone : given;
  std::string names;
  for (const auto& a : axes) names += (names.empty() ? "" : ", ") + a.name;
  std::map<std::string, std::vector<std::string>> values;
  for (const auto& [name, text] : by_axis) {
    const AxisSpec* axis = spec.find_axis(name);
    if (!axis) throw std::invalid_argument("case " + spec.id + " has no axis '" + name + "' (axes: " + names + ")");
    values[name] = values_of(*axis, text);
  }
  if (in_order.size() > axes.size())
    throw std::invalid_argument("case " + spec.id + " has " + std::to_string(axes.size()) + " axes, got " +
                                std::to_string(in_order.size()) + " values after -n " + spec.id);
  for (std::size_t i = 0; i < in_order.size(); ++i) {
    if (values.count(axes[i].name))
      throw std::invalid_argument(axes[i].name + " of " + spec.id + " is given twice: after -n " + spec.id + " and with --param");
    values[axes[i].name] = values_of(axes[i], in_order[i]);
  }
  if (!in_order.empty() && values[axes.front().name].empty()) throw std::invalid_argument("the parameter is empty");
  if (values.empty() && spec.in_suite) values[axes.front().name] = split_list(axes.front().default_value);
  return values;
}

// -n, the values after it and --param: the cases, and the one case's values by axis.
void add_selection(const RunOptions& o, RunSettings& s) {
  const auto by_axis = by_axis_from(o.by_axis);
  const auto names = o.given("--name") ? names_from(o.cases, "-n") : std::vector<std::string>{};
  if (!by_axis.empty() && names.size() != 1)
    throw std::invalid_argument("--param needs one case: -n CASE --param " + o.by_axis.front());
  if (!o.values.empty() && names.size() != 1)
    throw std::invalid_argument("a parameter needs one case: -n CASE " + o.values.front());
  s.cases = names;
  // An unknown case: the plan names it (runner.hpp).
  if (const CaseSpec* spec = names.size() == 1 ? o.module->find_case(names.front()) : nullptr)
    s.axis_values = case_values(*spec, o.values, by_axis);
}

// --budget: rounds beyond the first for the open questions, by default; --processes alone or
// --reps fixes the count instead.
void add_budget(const RunOptions& o, RunSettings& s) {
  if (o.given("--budget") && o.given("--reps"))
    throw std::invalid_argument("--budget adds processes of one repetition each: --reps does not apply to it");
  if (o.given("--processes") && !o.given("--budget")) return;
  if (o.given("--reps")) return;
  s.budget = std::chrono::seconds(
      parse_count(o.given("--budget") ? o.budget : std::to_string(o.module->budget_seconds), "--budget", 1, 7 * 86400));
}

// --ops, --target-ms, --processes, --reps, --warmup, --timeout. By default one repetition per
// process, as many processes as the module asks for (9), or as --processes says.
void add_amounts(const RunOptions& o, RunSettings& s) {
  if (o.given("--ops")) s.ops = parse_count(o.ops, "--ops", 1, 1'000'000'000'000);
  s.target = std::chrono::milliseconds(
      parse_count(o.given("--target-ms") ? o.target_ms : std::to_string(o.module->default_target_ms), "--target-ms", 1, 600'000));
  const std::string module_default = std::to_string(o.module->default_processes);
  s.processes = static_cast<unsigned>(parse_count(o.given("--processes") ? o.processes : module_default, "--processes", 1, 1000));
  s.reps = o.given("--reps") ? static_cast<unsigned>(parse_count(o.reps, "--reps", 1, 1000)) : s.processes;
  if (!o.instructions && o.given("--processes") && s.reps < s.processes)  // else fewer processes would run than asked, silently
    throw std::invalid_argument("--processes " + o.processes + " is more than --reps " + o.reps +
                                ": each process runs one repetition at least");
  if (o.given("--warmup")) s.warmup = static_cast<unsigned>(parse_count(o.warmup, "--warmup", 0, 100));
  s.timeout = std::chrono::seconds(parse_count(o.timeout, "--timeout", 1, 86400));
  add_budget(o, s);
}
// --counters, --instructions, --cpu, --no-pin.
void add_counting_and_pinning(const RunOptions& o, RunSettings& s) {
  s.counters = o.counters;
  s.instructions = o.instructions;
  if (s.instructions && s.counters)
    throw std::invalid_argument("--counters and --instructions contradict each other: instructions are counted under Callgrind");
  if (s.instructions && o.given("--budget"))
    throw std::invalid_argument("--budget spends time on rounds; --instructions counts once, deterministically");
  if (s.instructions) {
    // Counting is deterministic: one repetition in one process says it all. Without --ops the
    // count is decided by instructions (measurement.cpp, instructions_count).
    s.reps = s.processes = 1;
    s.budget.reset();
  }
  const unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
  if (o.given("--cpu") && o.no_pin) throw std::invalid_argument("--cpu and --no-pin contradict each other");
  if (o.given("--cpu")) s.cpu = static_cast<int>(parse_count(o.cpu, "--cpu", 0, cpus - 1));
  else if (!o.no_pin) s.cpu = static_cast<int>(cpus - 1);  // the last CPU: away from CPU 0's interrupts
}

// --seed, --interleave.
void add_order(const RunOptions& o, RunSettings& s) {
  s.seed = !o.given("--seed") ? std::random_device{}() : parse_count(o.seed, "--seed", 0, UINT64_MAX);
  if (o.interleave != "suite" && o.interleave != "case")
    throw std::invalid_argument("--interleave must be suite or case, got '" + o.interleave + "'");
  s.interleave = o.interleave == "case" ? RunSettings::Interleave::case_point : RunSettings::Interleave::suite;
}

// --verify: one short trial per row, in one process, unpinned (nothing is timed) unless --cpu says.
// The options that shape a measurement or its report contradict it.
void add_verify(const RunOptions& o, RunSettings& s) {
  for (const char* option : {"--reps", "--processes", "--budget", "--warmup", "--target-ms", "--counters", "--instructions", "--format",
                             "--output", "--sort", "--columns", "--interleave"})
    if (o.given(option))
      throw std::invalid_argument(std::string("--verify runs one short trial per row and prints whether each was proved; ") +
                                  option + " is for a measuring run");
  s.verify = true;
  s.reps = s.processes = 1;
  s.budget.reset();
  s.warmup = 0;
  if (!o.given("--cpu")) s.cpu.reset();
}

}  // namespace

// Names given as a list (-n A,B; --lib X,Y): an empty list or an empty name is a mistake (an
// unset shell variable), never "all of them".
std::vector<std::string> names_from(const std::string& text, const std::string& option) {
  const auto names = split_list(text);
  if (names.empty()) throw std::invalid_argument(option + " names nothing (got '" + text + "')");
  if (names.size() != static_cast<std::size_t>(std::count(text.begin(), text.end(), ',')) + 1)
    throw std::invalid_argument(option + " has an empty name in '" + text + "'");
  return names;
}

void add_run_command(CLI::App& app, const Module& module, RunOptions& options) {
  options.module = &module;
  options.command = app.add_subcommand(module.id, module.description);
  add_selection_options(*options.command, module, options);
  add_measuring_options(*options.command, module, options);
  add_output_options(*options.command, options);
}

void check_machine_name(const std::string& name, const std::string& source) {
  if (name.empty()) throw std::invalid_argument(source + " is given empty: give the machine's name, or leave it out for the host name");
  if (name.size() > kMachineNameMax)
    throw std::invalid_argument(fmt::format("{} is {} characters long: a machine's name has at most {}", source, name.size(), kMachineNameMax));
  if (std::any_of(name.begin(), name.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
    throw std::invalid_argument(source + " holds a control character: a machine's name is one line of text");
}

RunRequest run_request(const RunOptions& o) {
  RunRequest r;
  RunSettings& s = r.settings;
  s.module = o.module->id;
  add_selection(o, s);
  if (o.given("--lib")) s.libraries = libraries_from(o.libraries);
  add_amounts(o, s);
  add_counting_and_pinning(o, s);
  add_order(o, s);
  if (o.verify) add_verify(o, s);
  r.wait = !o.no_wait;
  r.format = o.format;
  r.output = o.output;
  r.json = o.json;
  r.output_given = o.given("--output");
  r.json_given = o.given("--json");
  r.report = report_options(o.sort, o.columns, o.given("--columns") ? o.format : "");
  r.report.gbench_aggregates = gbench_aggregates_from(o.gbench_aggregates, o.format, o.given("--gbench-aggregates"));
  if (o.no_store && o.given("--store")) throw std::invalid_argument("--store and --no-store: give one of them");
  if (o.given("--store") && o.store.empty()) throw std::invalid_argument("--store is given empty: give a file or a postgresql:// URL");
  if (o.given("--store")) r.store = o.store;
  else if (!o.no_store) r.store = "";  // the host's default, filled in by the caller
  if (s.verify && o.given("--store")) throw std::invalid_argument("--verify keeps no figures: --store does not apply to it");
  if (s.verify) r.store.reset();
  if (o.given("--machine")) check_machine_name(r.machine = o.machine, "--machine");
  r.dry_run = o.dry_run;
  return r;
}

}  // namespace benchbox
