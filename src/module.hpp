// A module is one family of benchmarks (coroutine, later containers, allocators...). It declares
// its cases, their units and parameters, and how to verify a trial's proof of work. Modules
// register themselves from their own folder (modules/<id>/module.cpp); the core never lists them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace benchbox {

// What an adapter said about how it runs a case (from `describe`).
struct CaseTraits {
  std::string style;  // asymmetric | symmetric | scheduler | ... (module-defined)
  std::int64_t stack_bytes = 0;
  std::int64_t min_param = 0;
  std::int64_t max_param = -1;  // -1: no limit
  std::string notes;
};

// What one trial claims to have done.
struct TrialProof {
  std::uint64_t ops = 0;  // asked for
  std::uint64_t done = 0;
  std::uint64_t checksum = 0;
};

struct CaseSpec {
  std::string id;           // "switch"
  std::string unit;         // "switches" (plural, as printed)
  std::string param_name;   // "coroutines"
  std::string description;  // one line for `benchbox list`
  std::int64_t default_param = 0;
  std::int64_t min_param = 0;
  std::int64_t max_param = 0;
  std::uint64_t ops_multiple = 1;      // requested ops are rounded up to a multiple of this
  std::uint64_t min_ops_per_param = 0; // requested ops are raised to at least this times the parameter
  std::vector<std::int64_t> suite_params;  // what the full suite runs
  // Bytes of memory a run needs per unit of the parameter and per byte of stack (0 = no check).
  bool param_counts_stacks = false;
  // Returns an error message when the proof does not match what was asked.
  std::function<std::optional<std::string>(std::int64_t param, const CaseTraits&, const TrialProof&)> verify;
  // Human label of a parameter value, e.g. "2 coroutines", "unbuffered".
  std::function<std::string(std::int64_t param)> describe_param;
};

struct Module {
  std::string id;
  std::string description;
  std::vector<CaseSpec> cases;

  const CaseSpec* find_case(const std::string& case_id) const;
};

// Registry of modules linked into this driver.
std::vector<const Module*>& modules();
const Module* find_module(const std::string& id);

struct ModuleRegistration {
  explicit ModuleRegistration(const Module& m);
};

}  // namespace benchbox
