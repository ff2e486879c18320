// Runs a module's cases over its libraries: describe, check applicability, run the adapter in
// fresh processes, verify every trial, summarise. One library's failure is one failed row.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "run/catalog.hpp"
#include "run/executor.hpp"
#include <benchbox/module.hpp>
#include "results/results.hpp"
#include "run/protocol.hpp"
#include "run/settings.hpp"

namespace benchbox {

// One (case, point) of a run, in the order the run makes them.
struct CasePoint {
  const CaseSpec* spec;
  Point point;  // every axis; param.text is the first's value
  std::string label() const { return spec->label(point); }
};

// What a run tells its onlookers. `measured` as soon as a row is done; case_started and
// case_finished together once every row of the case is (at the end of the run when the rounds span
// the suite, Interleave::suite; after the case's own rounds otherwise), its rows then in the
// results in declared order with their paired ratios.
struct RunObserver {
  // Before a row's calibration (its operation count): the point and the row's name.
  std::function<void(const CasePoint&, const std::string&)> calibrating;
  // Before each process of an interleaved round: round (from 1), the first set's rounds (a round
  // beyond them is one for the open questions), the point, the row's name.
  std::function<void(unsigned, unsigned, const CasePoint&, const std::string&)> process_started;
  std::function<void(const CasePoint&, const std::vector<LibraryEntry>&)> case_started;
  std::function<void(const Measurement&)> measured;
  std::function<void(const CasePoint&)> case_finished;
  // After each round: the batch's rows still in their rounds, as they stand (a figure from the
  // processes so far); empty once the batch's rows are recorded. A run killed outright keeps them.
  std::function<void(const std::vector<Measurement>&)> rounds_so_far;
};

// The run's points: each case's suite, or the product of the values the settings give
// (RunSettings). Checks the settings' cases and values against the module; throws
// std::invalid_argument with a one-line message for the user (unknown case, value out of range...).
std::vector<CasePoint> plan(const Module& module, const RunSettings& settings);

// The module's default suite: every case at its suite's points, as `plan` gives it when the
// settings select nothing.
std::vector<CasePoint> suite_of(const Module& module);

// What an adapter's `describe` gave, or why it gave nothing.
struct Described {
  std::optional<LibraryDescription> description;
  std::string error;
};

// Runs the library's `describe` through `executor` as a run does (the run's environment, a time
// limit of the smaller of --timeout and 30 s); `benchbox list` uses the same.
Described describe_library(const RunSettings& settings, const LibraryEntry& lib, Executor& executor);

// Whether a library runs a point, and if not, why; each decision a named outcome.
enum class Decision { run, unavailable, not_applicable, refused, failed };

// The n/a reason of a case the module has and the adapter's `describe` does not mention. An adapter
// should declare every case of its module, with not_applicable and a real reason where it cannot
// run one; the per-library integration tests fail on this reason.
inline constexpr const char* kUndeclaredCaseReason = "the adapter does not implement this case";

struct Applicability {
  Decision decision = Decision::run;
  std::string reason;
};

// Decides for one library (and m.variant) and point; on Decision::run fills the row's version and
// traits (the variant's over the case's).
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
  // Before anything runs: throws std::invalid_argument when --lib names a library the catalog
  // does not have, or a variant (zstd:3) that the library does not declare (its `describe` says).
  void check_libraries();

  // Runs the plan; stops early (keeping what was measured) when the user interrupts.
  void run(const std::vector<CasePoint>& points, Results& results, const RunObserver& observer);

 private:
  const Described& describe(const LibraryEntry& lib);
  // The library's selected variants; {nullptr}: one row (no variants, or not described).
  std::vector<const VariantDescription*> variants_of(const LibraryEntry& lib);
  // A row with its applicability decided; `measuring` when it is to be measured.
  Measurement prepare(const CasePoint& point, const LibraryEntry& lib, const VariantDescription* variant, Results& results,
                      bool& measuring);
  struct PointRows;
  // The point's rows, decided and calibrated; the ones not to be measured are recorded now.
  PointRows prepare_point(const CasePoint& point, Results& results, const RunObserver& observer);
  // Rounds over the points' rows: the first set (every row), then, with a budget, rounds of the
  // rows whose question is open until none is or the next would end after `deadline` (the
  // executor's clock); points and rows in a shuffled order in each. The rows are recorded at the
  // end (a failed one at once). Stops when interrupted.
  void run_rounds(std::vector<PointRows*>& points, Results& results, const RunObserver& observer, double deadline);
  // Runs round r over the rows `in` holds (one flag per row of each point); `first`: the first set's rounds.
  void run_round(std::vector<PointRows*>& points, const std::vector<std::vector<char>>& in, unsigned r, unsigned first,
                 Results& results, const RunObserver& observer);
  // The rows of the batch whose question is open now (standing.hpp) and within reach of the
  // `left` seconds, the seconds their next processes should take, and the questions left waiting.
  // The batch's rows still in their rounds, each with a figure from its processes so far.
  std::vector<Measurement> rows_so_far(const std::vector<PointRows*>& points) const;
  struct OpenRows {
    std::vector<std::vector<char>> in;
    double seconds = 0;
    std::size_t waiting = 0;
  };
  OpenRows open_rows(const std::vector<PointRows*>& points, double left) const;
  // How the batches' rounds went, for the results' context.
  void record_rounds(Results& results, unsigned first, unsigned rounds, const std::string& stopped) const;
  // The points' rows, recorded from `first` on, in the plan's order, with their paired ratios;
  // then each point's results for the observer.
  void publish(std::vector<PointRows*>& points, std::size_t first, Results& results, const RunObserver& observer);

  const Module& module_;
  const RunSettings& settings_;
  const std::vector<LibraryEntry>& catalog_;
  std::vector<const LibraryEntry*> selected_;
  Executor& executor_;
  std::map<std::string, Described> described_;
  std::uint64_t shuffles_ = 0;
  double started_ = 0;  // the executor's clock when run() began
};

// The most processes a row gets from a budget: where more rounds cannot settle a question (two
// rows equal but noisy), a large budget is not spent on one pair for ever.
inline constexpr unsigned kMostProcessesPerRow = 99;

// The order of one round: `count` indices shuffled by (seed, round); the same seed gives the
// same orders, and consecutive rounds differ.
std::vector<std::size_t> round_order(std::size_t count, std::uint64_t seed, std::uint64_t round);

// The round (from 0, of `rounds`) in which a row of `processes` processes runs its k-th: spread
// evenly, so that a row of 3 processes in a run of 7 rounds runs in rounds 0, 2 and 4.
unsigned round_of_process(unsigned k, unsigned processes, unsigned rounds);

}  // namespace benchbox
