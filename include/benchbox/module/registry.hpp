// benchbox/module/registry.hpp: a module (a family of cases) and the registry modules join at program start.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <benchbox/module/case.hpp>

namespace benchbox {

struct Module {
  std::string id;
  std::string description;
  // What the reference row (the module's floor) is a limit of, as the reports say under a table.
  std::string reference_note = "the limit of this case on this machine";
  // Processes (and repetitions, one per process) per row of the whole default suite when the user
  // gives neither: a module whose trials need heavy untimed set-up (building a 10^6-element map)
  // may ask for fewer, to keep its suite within its time budget.
  unsigned default_processes = kDriverDefaultProcesses;
  // The most processes a run of part of the default suite may grow to (processes_for). A module
  // whose points all cost about the same may allow more than the driver's default: its part runs
  // then stay within the suite's time and gain repeatability (json: 27).
  unsigned part_run_max_processes = kDriverDefaultProcesses;
  // How long one repetition should last, in milliseconds, when the user gives no --target-ms: a
  // module whose trials are short, steady CPU work (a hash of a buffer) may ask for less, and
  // spend its budget on more processes instead (every process still warms up first).
  unsigned default_target_ms = kDriverDefaultTargetMs;
  std::vector<CaseSpec> cases{};

  const CaseSpec* find_case(const std::string& case_id) const;
  // Throws std::invalid_argument naming the case: an id empty or given twice, any CaseSpec::check.
  void check() const;
  // A run of part of the default suite spends the suite's time budget on more processes: its
  // default grows with the share of the suite's points left out, up to part_run_max_processes
  // (`hashmap -n find 1000000`, one point of 14: 9 processes a row where the suite runs 3).
  unsigned processes_for(std::size_t selected_points, std::size_t suite_points) const;
  static constexpr unsigned kDriverDefaultProcesses = 9;
  static constexpr unsigned kDriverDefaultTargetMs = 30;
};

// Registry of modules linked into this driver.
std::vector<const Module*>& modules();
const Module* find_module(const std::string& id);

// Registers a module; a module whose declaration fails Module::check ends the program at start
// with the reason (a developer's mistake, caught by every test that starts benchbox).
struct ModuleRegistration {
  explicit ModuleRegistration(const Module& m);
};

}  // namespace benchbox
