#include "cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <optional>
#include <sstream>

#include "cli/command_groups.hpp"
#include "cli/completion.hpp"
#include "cli/listing.hpp"
#include "cli/run_command.hpp"
#include "run/catalog.hpp"
#include <benchbox/module.hpp>
#include "cli/run_options.hpp"
#include "run/run_lock.hpp"
#include "store/store.hpp"

namespace benchbox {
namespace {

struct ListOptions {
  CLI::App* command = nullptr;
  std::string only;  // one module
  bool verbose = false;
};

// The subcommands, each with the options CLI11 fills in (bound by address: they stay put).
struct Commands {
  ListOptions list;
  std::shared_ptr<ReportCommands> reports;  // report, compare, merge
  std::shared_ptr<StoreCommands> stores;    // store import, history, trend
  std::shared_ptr<SiteCommand> site;
  std::deque<RunOptions> modules;           // one per module
};

void add_commands(CLI::App& app, Commands& c) {
  c.list.command = app.add_subcommand("list", "modules, cases and libraries, and whether each is available here");
  c.list.command->add_option("module", c.list.only, "only this module");
  c.list.command->add_flag("--verbose,-v", c.list.verbose, "every case of every library with all its traits");
  c.reports = add_report_commands(app);
  c.stores = add_store_commands(app);
  c.site = add_site_command(app);
  for (const Module* m : modules()) add_run_command(app, *m, c.modules.emplace_back());
}

// A module of benchbox's source that this build left out, and the command that adds it.
std::string not_built_text(const std::string& module) {
  return fmt::format("module '{}' is not built in this benchbox: scripts/setup.sh {} (in benchbox's source folder) adds it", module,
                     module);
}

int list_modules(const ListOptions& o, const CliHost& host) {
  RunSettings settings;  // as a run's, unpinned: describe through the run's own path
  settings.libexec_dir = host.libexec_dir;
  settings.data_root = host.data_root;
  bool found = false;
  std::vector<std::pair<const Module*, std::vector<LibraryEntry>>> summary;
  for (const Module* m : modules()) {
    if (!o.only.empty() && m->id != o.only) continue;
    found = true;
    settings.module = m->id;
    if (o.only.empty() && !o.verbose) {
      summary.emplace_back(m, load_catalog(settings.libexec_dir, m->id));
      continue;
    }
    fmt::print(host.out, "{}", list_module(*m, load_catalog(settings.libexec_dir, m->id), settings, host.executor, o.verbose));
    std::fflush(host.out);
  }
  if (!summary.empty()) fmt::print(host.out, "{}", list_summary(summary));
  const auto unbuilt = unbuilt_modules(settings.libexec_dir);
  if (!found && std::count(unbuilt.begin(), unbuilt.end(), o.only)) throw std::invalid_argument(not_built_text(o.only));
  if (!found) throw std::invalid_argument("unknown module '" + o.only + "' (see `benchbox list`)");
  if (o.only.empty() && !unbuilt.empty())
    fmt::print(host.out, "Not built in this benchbox: {} (scripts/setup.sh MODULE, in benchbox's source folder, adds one)\n",
               fmt::join(unbuilt, ", "));
  return exit_status::ok;
}

// CLI11 answers a misspelt module ("benchbox hashmpa") with "A subcommand is required"; name
// what was wrong instead, and what there is.
std::optional<std::string> unknown_command(const CLI::App& app, const std::vector<std::string>& args, const CliHost& host) {
  if (args.size() < 2) return std::nullopt;
  const std::string& first = args[1];
  if (first == "-h" || first == "--help" || first == "--version") return std::nullopt;
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name() == first) return std::nullopt;
    names.push_back(sub->get_name());
  }
  if (const auto unbuilt = unbuilt_modules(host.libexec_dir); std::count(unbuilt.begin(), unbuilt.end(), first))
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

// Parses `args` into the commands' options; the exit status when that is all there is to do
// (--help, --version, a parse error), nothing otherwise.
std::optional<int> parse(CLI::App& app, const std::vector<std::string>& args, const CliHost& host) {
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      std::ostringstream out, err;
      const int status = app.exit(e, out, err);
      std::fputs(out.str().c_str(), host.out);
      std::fputs(err.str().c_str(), host.err);
      return status;
    }
    fmt::print(host.err, "benchbox: error: {}\n", parse_error_text(e));  // one line, as every other error
    return exit_status::usage;
  }
  return std::nullopt;
}

// Runs the command that was parsed; a mistake found on the way is one line and exit status 2.
int run_command(const Commands& c, const std::vector<std::string>& args, CliHost& host) {
  try {
    if (c.list.command->parsed()) return list_modules(c.list, host);
    if (int status = run_report_commands(*c.reports, host); status >= 0) return status;
    if (int status = run_store_commands(*c.stores, host); status >= 0) return status;
    if (int status = run_site_command(*c.site, host); status >= 0) return status;
    for (const auto& m : c.modules)
      if (m.command->parsed()) return run_module(m, args, host);
  } catch (const MachineBusy& e) {
    fmt::print(host.err, "benchbox: {}\n", e.what());
    return exit_status::busy;
  } catch (const std::exception& e) {
    fmt::print(host.err, "benchbox: error: {}\n", e.what());
    return exit_status::usage;
  }
  return exit_status::usage;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, CliHost& host) {
  CLI::App app{"benchbox: third-party libraries side by side on the same work, every number verified"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(BENCHBOX_VERSION));
  Commands commands;
  add_commands(app, commands);
  if (args.size() >= 2 && args[1] == kCompleteCommand)  // the shell's question at a Tab, never shown in --help
    return print_completions(app, std::vector<std::string>(args.begin() + 2, args.end()), host);
  if (auto unknown = unknown_command(app, args, host)) {
    fmt::print(host.err, "benchbox: {}\n", *unknown);
    return exit_status::usage;
  }
  if (auto status = parse(app, args, host)) return *status;
  return run_command(commands, args, host);
}

int run_cli(int argc, char** argv) {
  ProcessExecutor executor;
  CliHost host = program_host(executor);
  return run_cli(std::vector<std::string>(argv, argv + argc), host);
}

}  // namespace benchbox
