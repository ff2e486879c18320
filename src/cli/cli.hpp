// The command line: `benchbox list`, `benchbox <module> -n CASE [PARAM] ...`, `benchbox report`,
// `compare`, `merge`.
#pragma once

#include <string>
#include <vector>

#include "cli/host.hpp"

namespace benchbox {

// Runs the command line `args` (args[0]: the program's name) and returns its exit status.
int run_cli(const std::vector<std::string>& args, CliHost& host);

// main(): the program's host with real processes.
int run_cli(int argc, char** argv);

}  // namespace benchbox
