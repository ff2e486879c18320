// One row of a run: calibrate the operation count, run the repetitions in fresh adapter
// processes, verify every trial (warm-ups and calibration probes too) before any figure is
// kept, and summarise. In instructions mode the adapter runs under Callgrind instead.
#pragma once

#include <optional>
#include <string>

#include "run/catalog.hpp"
#include "run/executor.hpp"
#include <benchbox/module.hpp>
#include "results/results.hpp"
#include "run/protocol.hpp"
#include "run/settings.hpp"

namespace benchbox {

// What the measurement of one row works with.
struct RowContext {
  const CaseSpec& spec;
  const RunSettings& settings;
  const LibraryEntry& library;
  Executor& executor;
};

// `m` arrives with module, case, param, library, version and traits set; leaves ok with its
// figures, or failed with the reason. The same as begin_measurement, measure_process for each of
// processes_of(row), end_measurement: the runner interleaves those steps over rows and cases.
void measure(const RowContext& row, Measurement& m);

// The operation count (calibrated, given or fixed); false with the row failed when a probe fails.
bool begin_measurement(const RowContext& row, Measurement& m);
inline constexpr unsigned kColdProcesses = 3;
// A warm-up trial runs this fraction (1/kWarmupShare) of the timed trial's operations.
inline constexpr std::uint64_t kWarmupShare = 4;

// How many fresh processes the row's repetitions are spread over.
unsigned processes_of(const RowContext& row);
// Runs the p-th process and keeps its verified figures; false with the row failed otherwise.
bool measure_process(const RowContext& row, unsigned p, Measurement& m);
// Summarises a row whose processes all succeeded.
void end_measurement(const RowContext& row, Measurement& m);
void fail_measurement(Measurement& m, std::string reason);
// The adapter found, running it, that the library cannot run the row's point (protocol.md).
void not_applicable_measurement(Measurement& m, std::string reason);

// The operation count a trial runs: the count the target (or --ops) asks for, raised to what the
// case allows (coroutine switch: at least 100 switches per coroutine).
struct OpsCount {
  std::uint64_t wanted = 0, ops = 0;
};
// The count of the calibration's first probe (10, or the case's own where one operation may take
// long), before the case's minimum raises it; also the count of a --verify trial.
std::uint64_t first_probe_ops(const RowContext& row, const Measurement& m);
// Finds an operation count whose repetition lasts about the settings' target (probes verified);
// empty with `error` set when a probe fails (and `*not_applicable` when its adapter answered that
// the library cannot run the point).
std::optional<OpsCount> calibrate(const RowContext& row, const Measurement& m, std::string& error,
                                  bool* not_applicable = nullptr);

// A trial whose count the case's minimum raised to this many times the count wanted needs no
// warm-up trial before it, where the case says so (docs/method.md, "Warm-up").
inline constexpr std::uint64_t kSelfWarmingStretch = 4;
// Warm-up trials per process: as the settings say, else one, or none for a trial that is
// stretched kSelfWarmingStretch-fold or more in a case whose stretched trials warm themselves.
unsigned warmups_of(const RowContext& row, const OpsCount& count);

// The value of a figure in one trial (figure.hpp, FigureSource), or nothing with `missing` saying
// what the trial lacks (a count, a figure). A trial whose clock did not move gives 0 for clock
// figures (trial_problem rejects it).
std::optional<double> value_in_trial(const FigureSpec& f, const TrialRecord& t, std::string& missing);

// The CPU the row's adapter is pinned to: the settings' one, none for a case on several CPUs.
std::optional<int> cpu_of(const RowContext& row);

// Why one trial does not prove what was asked: a problem of the trial's own (ops, a clock that did
// not move, a figure or count the case needs and the trial lacks), or the module's verifier's
// finding, checked last so that it is the one problem (the only kind CaseSpec::unverifiable may
// excuse).
struct TrialProblem {
  enum class Kind { trial, verification };
  Kind kind = Kind::trial;
  std::string detail;  // the trial's problem, or what the verifier found
  std::string message() const { return kind == Kind::verification ? "verification failed: " + detail : detail; }
};
std::optional<TrialProblem> trial_problem(const RowContext& row, const Measurement& m, const TrialRecord& t, std::uint64_t ops);

// The child process for an adapter command line under these settings (pinning, environment).
ChildSpec adapter_child(const RunSettings& settings, const LibraryEntry& lib, std::vector<std::string> argv,
                        std::chrono::milliseconds timeout);

// "exited with status 3; stderr: <last line>"
std::string child_failure(const ChildOutcome& out);

}  // namespace benchbox
