// A module command's options (`benchbox MODULE -n CASE [VALUE...] --lib ... --reps ...`): defined
// for CLI11, then parsed once into a typed request and checked in one place, before anything is
// started. What only the module, the catalog or the adapters know (a case's id, a value's range,
// a library's id and variants, the memory a point needs) the runner checks before it starts
// (runner.hpp: plan, Runner::check_libraries, Runner::check_memory).
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include <benchbox/module.hpp>
#include "report/reporter.hpp"
#include "run/settings.hpp"

namespace benchbox {

// The options as given. CLI11 binds them as text, so that a value given empty (an unset shell
// variable: --ops "$N") is an error naming the option rather than the option's default.
struct RunOptions {
  const Module* module = nullptr;
  CLI::App* command = nullptr;  // the module's subcommand: which options were given
  std::string cases;                   // -n A,B
  std::vector<std::string> values;     // after -n CASE: one per axis, in order (several comma-separated: a sweep)
  std::vector<std::string> by_axis;    // --param AXIS=V1,V2 (repeatable)
  std::string libraries;               // --lib A,B:VARIANT
  std::string ops, target_ms, reps, warmup, processes, budget, cpu, timeout = "120", seed, interleave = "suite";
  std::string json, format = "text", output, sort = "median", store, columns = "default";
  std::string gbench_aggregates = "with";
  std::string machine;                 // --machine NAME
  bool no_store = false;
  bool no_pin = false, counters = false, instructions = false, no_wait = false, verify = false;
  bool dry_run = false;                // --dry-run: check the options, list the points, run nothing

  bool given(const char* option) const { return command->count(option) > 0; }
};

// Adds the module's subcommand and its options, bound to `options`.
void add_run_command(CLI::App& app, const Module& module, RunOptions& options);

// What a module command asks for, typed and checked.
struct RunRequest {
  RunSettings settings;  // without the folders, which are the host's
  bool wait = true;  // for a run measuring on this machine (--no-wait: refuse)
  std::string format = "text", output, json;
  bool output_given = false, json_given = false;  // given empty is an error, not "no file"
  ReportOptions report;
  // Where the run is kept (store.hpp): --store, else the host's default; none with --no-store
  // and for --verify, whose run holds no figures.
  std::optional<std::string> store;
  // The machine's name (results/machine.hpp): --machine; empty: the host's default.
  std::string machine;
  bool dry_run = false;  // --dry-run
};

// A machine's name (--machine, BENCHBOX_MACHINE): one line of text, not empty, at most
// kMachineNameMax characters, so that it fits in a table. Throws std::invalid_argument naming `source`.
inline constexpr std::size_t kMachineNameMax = 64;
void check_machine_name(const std::string& name, const std::string& source);

// Throws std::invalid_argument with a one-line message naming the option.
RunRequest run_request(const RunOptions& options);

// Names given as a list ("-n A,B", "--lib X,Y"); throws std::invalid_argument naming `option` for an
// empty list or an empty name (an unset shell variable), never "all of them".
std::vector<std::string> names_from(const std::string& text, const std::string& option);

}  // namespace benchbox
