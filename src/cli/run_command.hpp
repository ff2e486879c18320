// `benchbox MODULE ...`: a run in three stages. Preparing: the options as a typed request, the
// catalog, the plan, and every check that can fail before anything is measured (a mistake costs a
// message, never a run). Measuring: the machine's lock, the runner with its live display, the
// results file after every row. Reporting: the tables or the formatted report, and the exit status.
#pragma once

#include <string>
#include <vector>

#include "cli/host.hpp"
#include "cli/run_options.hpp"

namespace benchbox {

// Returns the exit status (cli.hpp); throws std::invalid_argument (or MachineBusy) with a
// one-line message before anything is measured. `command_line` as the lock file and the
// results' context record it.
int run_module(const RunOptions& options, const std::vector<std::string>& command_line, CliHost& host);

}  // namespace benchbox
