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
  std::optional<std::uint64_t> ops;         // empty: the module's default
  unsigned reps = 5;
  unsigned warmup = 1;
  unsigned processes = 1;                   // repetitions are spread over this many processes
  std::optional<int> cpu;                   // pin children to this CPU
  std::chrono::milliseconds timeout{std::chrono::seconds(120)};
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

// Runs the plan; stops early (keeping what was measured) when the user interrupts.
void run_plan(const Module& module, const RunSettings& settings, const std::vector<LibraryEntry>& catalog,
              const std::vector<CasePoint>& points, Results& results, const RunObserver& observer);

}  // namespace benchbox
