// The subcommands over the results store (docs/store.md): `store import`, `history` and `trend`.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>

#include "cli/host.hpp"

namespace benchbox {

struct StoreCommands;

// Adds `store import`, `history` and `trend`; the returned object holds their parsed options.
std::shared_ptr<StoreCommands> add_store_commands(CLI::App& app);

// Runs whichever of them was parsed and returns its exit status; -1 when none was. Throws with a
// one-line message on bad input (exit status 2).
int run_store_commands(const StoreCommands& commands, const CliHost& host);

}  // namespace benchbox
