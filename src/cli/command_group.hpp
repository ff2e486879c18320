// A group of subcommands (cli_reports, cli_store) run the one of them that was parsed.
#pragma once

#include <CLI/CLI.hpp>

#include <initializer_list>
#include <type_traits>
#include <utility>

#include "cli/host.hpp"

namespace benchbox {

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
