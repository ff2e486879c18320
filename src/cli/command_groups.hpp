// The groups of subcommands the dispatcher (cli.cpp) adds besides a module's run: each group adds
// its commands to the app, keeping their parsed options in an object of its own, and runs
// whichever of them was parsed (run_parsed), returning its exit status or -1 when none was.
// Bad input throws with a one-line message (the caller turns it into exit status 2).
#pragma once

#include <CLI/CLI.hpp>

#include <initializer_list>
#include <memory>
#include <type_traits>
#include <utility>

#include "cli/host.hpp"

namespace benchbox {

// `report`, `compare` and `merge`: the subcommands that read results files rather than run anything
// (report_commands.cpp).
struct ReportCommands;
std::shared_ptr<ReportCommands> add_report_commands(CLI::App& app);
int run_report_commands(const ReportCommands& commands, const CliHost& host);

// `store import`, `history` and `trend`: the subcommands over the results store (docs/store.md,
// store_commands.cpp).
struct StoreCommands;
std::shared_ptr<StoreCommands> add_store_commands(CLI::App& app);
int run_store_commands(const StoreCommands& commands, const CliHost& host);

// `site`: the store as a static site (site_command.cpp).
struct SiteCommand;
std::shared_ptr<SiteCommand> add_site_command(CLI::App& app);
int run_site_command(const SiteCommand& command, const CliHost& host);

// A group's commands each with its run: the run of whichever was parsed.
template <class Commands>
using CommandRun = std::pair<const CLI::App*, int (*)(const Commands&, const CliHost&)>;

// The exit status of the run of whichever command was parsed; -1 when none was.
template <class Commands>
int run_parsed(const Commands& c, const CliHost& host, std::initializer_list<std::type_identity_t<CommandRun<Commands>>> runs) {
  for (const auto& [command, run] : runs)
    if (command->parsed()) return run(c, host);
  return -1;
}

}  // namespace benchbox
