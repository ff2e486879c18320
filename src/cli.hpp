// The command line: `benchbox list`, `benchbox <module> -n CASE [PARAM] ...`, `benchbox report`.
#pragma once

#include <string>
#include <vector>

namespace benchbox {

// Exit status: 0 all rows verified (n/a and not-available rows are fine), 1 some row failed,
// 2 bad usage or input, 3 another run was measuring and --no-wait was given, 130 interrupted.
int run_cli(int argc, char** argv);

}  // namespace benchbox
