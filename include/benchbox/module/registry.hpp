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
  // The first set of rounds: processes (one repetition each) every row gets before the run spends
  // the rest of its budget on the rows whose question is still open (docs/method.md, "Ties, open
  // questions and the budget"). A module whose trials need heavy untimed set-up (building a
  // 10^6-element map) may ask for fewer.
  unsigned default_processes = kDriverDefaultProcesses;
  // The run's budget in seconds when the user gives no --budget: the default suite ends within it
  // on any machine, and a run of part of it spends what it needs, up to it.
  unsigned budget_seconds = kDriverDefaultBudgetSeconds;
  // How long one repetition should last, in milliseconds, when the user gives no --target-ms: a
  // module whose trials are short, steady CPU work (a hash of a buffer) may ask for less, and
  // spend its budget on more processes instead (every process still warms up first).
  unsigned default_target_ms = kDriverDefaultTargetMs;
  std::vector<CaseSpec> cases{};

  const CaseSpec* find_case(const std::string& case_id) const;
  // Throws std::invalid_argument naming the case: an id empty or given twice, any CaseSpec::check.
  void check() const;
  static constexpr unsigned kDriverDefaultProcesses = 9;
  static constexpr unsigned kDriverDefaultTargetMs = 30;
  static constexpr unsigned kDriverDefaultBudgetSeconds = 180;
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
