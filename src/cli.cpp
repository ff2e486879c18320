#include "cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <thread>
#include <unistd.h>

#include "catalog.hpp"
#include "executor.hpp"
#include "module.hpp"
#include "protocol.hpp"
#include "report/reporter.hpp"
#include "report/text.hpp"
#include "runner.hpp"
#include "system_info.hpp"

namespace benchbox {
namespace {

constexpr int kExitFailedRows = 1;
constexpr int kExitUsage = 2;
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
  std::string case_id, param, libs, ops, reps = "5", warmup = "1", processes = "1", cpu, timeout = "120";
  std::string json_path, format = "text", output;
  bool no_pin = false;
};

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

RunSettings settings_from(const ModuleCommand& c) {
  RunSettings s;
  s.module = c.module->id;
  if (!c.case_id.empty()) s.cases = {c.case_id};
  if (!c.param.empty()) {
    if (c.case_id.empty()) throw std::invalid_argument("a parameter needs a case: -n CASE " + c.param);
    s.param = static_cast<std::int64_t>(parse_count(c.param, "the parameter", 0, 1'000'000'000));
  }
  s.libraries = split_list(c.libs);
  if (!c.ops.empty()) s.ops = parse_count(c.ops, "--ops", 1, 1'000'000'000'000);
  s.reps = static_cast<unsigned>(parse_count(c.reps, "--reps", 1, 1000));
  s.warmup = static_cast<unsigned>(parse_count(c.warmup, "--warmup", 0, 100));
  s.processes = static_cast<unsigned>(parse_count(c.processes, "--processes", 1, 1000));
  s.timeout = std::chrono::seconds(parse_count(c.timeout, "--timeout", 1, 86400));
  const unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
  if (!c.cpu.empty() && c.no_pin) throw std::invalid_argument("--cpu and --no-pin contradict each other");
  if (!c.cpu.empty()) s.cpu = static_cast<int>(parse_count(c.cpu, "--cpu", 0, cpus - 1));
  else if (!c.no_pin) s.cpu = static_cast<int>(cpus - 1);  // the last CPU: away from CPU 0's interrupts
  s.libexec_dir = default_libexec_dir();
  return s;
}

void save_json(const std::string& path, const Results& results) {
  if (!path.empty()) write_file_atomically(path, to_json(results).dump(2) + "\n");
}

int run_module(const ModuleCommand& c, const std::vector<std::string>& command_line) {
  RunSettings s = settings_from(c);
  auto reporter = make_reporter(c.format);  // validate before running anything
  auto catalog = load_catalog(s.libexec_dir, s.module);
  if (catalog.empty())
    throw std::runtime_error("no libraries found for module " + s.module + " in " + (s.libexec_dir / s.module).string() +
                             " (build benchbox first, or set BENCHBOX_LIBEXEC)");
  auto points = plan(*c.module, s, catalog);

  Results results;
  results.context = collect_context(command_line, s.cpu);
  results.context["settings"] = {{"reps", s.reps},          {"warmup", s.warmup},
                                 {"processes", s.processes}, {"timeout_seconds", s.timeout.count() / 1000}};
  results.warnings = environment_warnings(results.context);

  const bool live = c.format == "text" && c.output.empty();
  RunObserver observer;
  if (live) {
    observer.case_started = [&](const CasePoint& p, const std::vector<LibraryEntry>&) {
      fmt::print("== {} {}, {} ==\n", c.module->id, p.spec->id, p.spec->describe_param(p.param));
      std::fflush(stdout);
    };
    observer.case_finished = [&](const CasePoint& p) {
      for (const auto& g : group_by_case(results))
        if (g.case_id == p.spec->id && g.param == p.param) fmt::print("\n{}\n", text::case_table(g));
      std::fflush(stdout);
    };
  }
  observer.measured = [&](const Measurement& m) {
    if (live) {
      fmt::print("{}\n", text::original_line(m));
      std::fflush(stdout);
    }
    save_json(c.json_path, results);  // after every row: an interruption loses nothing finished
  };

  install_interrupt_handlers();
  run_plan(*c.module, s, catalog, points, results, observer);
  save_json(c.json_path, results);

  if (!live) {
    const std::string rendered = reporter->render(results);
    if (c.output.empty()) std::fputs(rendered.c_str(), stdout);
    else write_file_atomically(c.output, rendered);
  } else {
    for (const auto& w : results.warnings) fmt::print(stderr, "warning: {}\n", w);
  }
  if (results.interrupted) {
    fmt::print(stderr, "benchbox: interrupted; {} finished measurement(s) kept{}\n", results.measurements.size(),
               c.json_path.empty() ? "" : " in " + c.json_path);
    return kExitInterrupted;
  }
  for (const auto& m : results.measurements)
    if (m.status == Status::failed) return kExitFailedRows;
  return 0;
}

int list_modules(const std::string& only) {
  const auto libexec = default_libexec_dir();
  bool found = false;
  for (const Module* m : modules()) {
    if (!only.empty() && m->id != only) continue;
    found = true;
    fmt::print("module {}: {}\n  cases:\n", m->id, m->description);
    for (const auto& c : m->cases)
      fmt::print("    {:<10} unit: {:<9} parameter: {} (default {}, suite: {})\n      {}\n", c.id, c.unit, c.param_name,
                 c.default_param, fmt::join(c.suite_params, ", "), c.description);
    fmt::print("  libraries:\n");
    RunSettings s;
    for (const auto& lib : load_catalog(libexec, m->id)) {
      if (!lib.available) {
        fmt::print("    {:<16} not available: {}\n", lib.id, lib.reason);
        if (!lib.enable.empty()) fmt::print("    {:<16} to enable: {}\n", "", lib.enable);
        continue;
      }
      ChildSpec spec;
      spec.argv = {lib.program.string(), "describe"};
      spec.timeout = std::chrono::seconds(30);
      auto out = run_child(spec);
      try {
        if (!out.succeeded()) throw ProtocolError(out.failure_reason());
        auto d = parse_describe(out.out);
        std::vector<std::string> cases;
        for (const auto& [name, support] : d.cases)
          cases.push_back(support.applicable ? name + " (" + support.traits.style + ")" : name + ": n/a");
        fmt::print("    {:<16} available, version {}: {}\n", lib.id, d.version, fmt::join(cases, "; "));
      } catch (const ProtocolError& e) {
        fmt::print("    {:<16} BROKEN: describe failed: {}\n", lib.id, e.what());
      }
    }
  }
  if (!found) throw std::invalid_argument("unknown module '" + only + "' (see `benchbox list`)");
  return 0;
}

int report(const std::string& file, const std::string& format, const std::string& output) {
  auto reporter = make_reporter(format);
  const std::string rendered = reporter->render(load_results(file));
  if (output.empty()) std::fputs(rendered.c_str(), stdout);
  else write_file_atomically(output, rendered);
  return 0;
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"benchbox: third-party libraries side by side on the same work, every number verified"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(BENCHBOX_VERSION));

  std::string list_module;
  auto* list = app.add_subcommand("list", "modules, cases and libraries, and whether each is available here");
  list->add_option("module", list_module, "only this module");

  std::string report_file, report_format = "text", report_output;
  auto* report_cmd = app.add_subcommand("report", "render a results file in another format");
  report_cmd->add_option("file", report_file, "results JSON written by --json")->required();
  report_cmd->add_option("--format,-f", report_format, "text, json, ...");
  report_cmd->add_option("--output,-o", report_output, "write to this file instead of standard output");

  std::vector<ModuleCommand> commands;
  commands.reserve(modules().size());
  for (const Module* m : modules()) {
    auto& c = commands.emplace_back();
    c.module = m;
    c.app = app.add_subcommand(m->id, m->description);
    std::string cases;
    for (const auto& k : m->cases) cases += (cases.empty() ? "" : ", ") + k.id;
    c.app->add_option("-n,--name", c.case_id, "case to run (" + cases + "); all cases when omitted");
    c.app->add_option("param", c.param, "the case's parameter (switch: coroutines; channel: buffer size, 0 = unbuffered)");
    c.app->add_option("--lib", c.libs, "only these libraries (comma-separated ids)");
    c.app->add_option("--ops", c.ops, "operations per repetition (default " + std::to_string(m->default_ops) + ")");
    c.app->add_option("--reps", c.reps, "timed repetitions (default 5)");
    c.app->add_option("--warmup", c.warmup, "untimed warm-up trials per process (default 1)");
    c.app->add_option("--processes", c.processes, "spread the repetitions over this many fresh processes (default 1)");
    c.app->add_option("--cpu", c.cpu, "pin to this CPU (default: the last one)");
    c.app->add_flag("--no-pin", c.no_pin, "do not pin to a CPU");
    c.app->add_option("--timeout", c.timeout, "seconds one adapter process may take (default 120)");
    c.app->add_option("--json", c.json_path, "also write the results to this JSON file");
    c.app->add_option("--format,-f", c.format, "output format: text (default), json, ...");
    c.app->add_option("--output,-o", c.output, "write the formatted output to this file");
  }

  std::vector<std::string> command_line(argv, argv + argc);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : kExitUsage;
  }
  try {
    if (list->parsed()) return list_modules(list_module);
    if (report_cmd->parsed()) return report(report_file, report_format, report_output);
    for (auto& c : commands)
      if (c.app->parsed()) return run_module(c, command_line);
  } catch (const std::exception& e) {
    fmt::print(stderr, "benchbox: error: {}\n", e.what());
    return kExitUsage;
  }
  return kExitUsage;
}

}  // namespace benchbox
