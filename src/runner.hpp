// Runs a module's cases over its libraries: describe, check applicability, run the adapter in
// fresh processes, verify every trial, summarise. One library's failure is one failed row.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "module.hpp"
#include "results.hpp"

namespace benchbox {

struct RunSettings {
  std::string module;
  std::vector<std::string> cases;           // empty: every case of the module
  std::optional<std::int64_t> param;        // empty: the case's suite parameters
  std::vector<std::string> libraries;       // empty: every library
  std::optional<std::uint64_t> ops;         // empty: calibrated to `target` per repetition
  std::chrono::milliseconds target{100};    // calibration: how long one repetition should last
  std::uint64_t max_ops = 1'000'000'000;    // calibration never goes beyond this
  unsigned reps = 5;
  unsigned warmup = 1;
  unsigned processes = 1;                   // repetitions are spread over this many processes
  std::optional<int> cpu;                   // pin children to this CPU
  std::chrono::milliseconds timeout{std::chrono::seconds(120)};
  bool counters = false;                    // ask adapters for hardware counters (perf_event_open)
  bool instructions = false;                // deterministic mode: instructions under Callgrind
  std::string valgrind = "valgrind";
  std::filesystem::path libexec_dir;
};

// One (case, parameter) of a run, in the order the run makes them.
struct CasePoint {
  const CaseSpec* spec;
  std::int64_t param;
};

struct RunObserver {
  std::function<void(const CasePoint&, const std::vector<LibraryEntry>&)> case_started;
  std::function<void(const Measurement&)> measured;
  std::function<void(const CasePoint&)> case_finished;
};

// Checks the settings against the module and the catalog; throws std::invalid_argument with a
// one-line message for the user (unknown case or library, parameter out of range...).
std::vector<CasePoint> plan(const Module& module, const RunSettings& settings, const std::vector<LibraryEntry>& catalog);

// Before anything runs, for an explicit parameter that counts stacks: throws std::invalid_argument
// naming the memory each library would need when every selected library would be refused for
// lack of memory (nothing could be measured). When some library can run the point, the run goes
// ahead and the refused libraries' rows say "refused: ..." (failed).
void check_memory(const Module& module, const RunSettings& settings, const std::vector<LibraryEntry>& catalog,
                  const std::vector<CasePoint>& points);

// Runs the plan; stops early (keeping what was measured) when the user interrupts.
void run_plan(const Module& module, const RunSettings& settings, const std::vector<LibraryEntry>& catalog,
              const std::vector<CasePoint>& points, Results& results, const RunObserver& observer);

}  // namespace benchbox
