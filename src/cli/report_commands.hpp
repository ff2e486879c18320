// The subcommands that read results files rather than run anything: `report`, `compare` and
// `merge`.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>

#include "cli/host.hpp"

namespace benchbox {

struct ReportCommands;

// Adds `report`, `compare` and `merge` to the app; the returned object holds their parsed options.
std::shared_ptr<ReportCommands> add_report_commands(CLI::App& app);

// Runs whichever of them was parsed and returns its exit status; -1 when none was. Throws
// with a one-line message on bad input (the caller turns it into exit status 2).
int run_report_commands(const ReportCommands& commands, const CliHost& host);

}  // namespace benchbox
