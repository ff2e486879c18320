// Runs a module's cases over its libraries: describe, check applicability, run the adapter in
// fresh processes, verify every trial, summarise. One library's failure is one failed row.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "executor.hpp"
#include "module.hpp"
#include "protocol.hpp"
#include "results.hpp"
#include "settings.hpp"

namespace benchbox {

// One (case, parameter) of a run, in the order the run makes them.
struct CasePoint {
  const CaseSpec* spec;
  ParamValue param;
  std::string label() const { return spec->label(param); }
};

struct RunObserver {
  std::function<void(const CasePoint&, const std::vector<LibraryEntry>&)> case_started;
  std::function<void(const Measurement&)> measured;
  std::function<void(const CasePoint&)> case_finished;
};

// Checks the settings against the module and the catalog; throws std::invalid_argument with a
// one-line message for the user (unknown case or library, parameter out of range...).
std::vector<CasePoint> plan(const Module& module, const RunSettings& settings, const std::vector<LibraryEntry>& catalog);

// What an adapter's `describe` gave, or why it gave nothing.
struct Described {
  std::optional<LibraryDescription> description;
  std::string error;
};

// Whether a library runs a point, and if not, why; each decision a named outcome.
enum class Decision { run, unavailable, not_applicable, refused, failed };

struct Applicability {
  Decision decision = Decision::run;
  std::string reason;
};

// Decides for one library and point; on Decision::run fills the row's version and traits.
Applicability applicable(const CasePoint& point, const RunSettings& settings, const LibraryEntry& lib,
                         const Described* described, Measurement& m);

class Runner {
 public:
  Runner(const Module& module, const RunSettings& settings, const std::vector<LibraryEntry>& catalog, Executor& executor);

  // Before anything runs, for explicit parameters: throws std::invalid_argument naming the memory
  // each library would need when every selected library would be refused for lack of memory
  // (nothing could be measured). When some library can run the point, the run goes ahead and the
  // refused libraries' rows say so (failed).
  void check_memory(const std::vector<CasePoint>& points);

  // Runs the plan; stops early (keeping what was measured) when the user interrupts.
  void run(const std::vector<CasePoint>& points, Results& results, const RunObserver& observer);

 private:
  const Described& describe(const LibraryEntry& lib);
  Measurement row(const CasePoint& point, const LibraryEntry& lib, Results& results);

  const Module& module_;
  const RunSettings& settings_;
  std::vector<const LibraryEntry*> selected_;
  Executor& executor_;
  std::map<std::string, Described> described_;
};

}  // namespace benchbox
