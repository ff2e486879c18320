// How a run is to be made: what the command line asked for, checked and with its defaults.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace benchbox {

// One library a run is limited to (--lib zstd, --lib zstd:3), parsed once from the command line.
struct LibrarySelection {
  std::string library;
  std::string variant{};  // empty: every variant of the library
  // As given: "zstd:3".
  std::string text() const { return variant.empty() ? library : library + ":" + variant; }
};

struct RunSettings {
  std::string module;
  std::vector<std::string> cases;           // empty: every case of the module
  // Values by axis name, for the one case of `cases` (after -n CASE, and --param AXIS=V1,V2);
  // several values of one axis: a sweep. Empty: each case's suite. An axis not given runs its
  // default when another one is given.
  std::map<std::string, std::vector<std::string>> axis_values;
  std::vector<LibrarySelection> libraries;  // empty: every library
  std::optional<std::uint64_t> ops;         // empty: calibrated to `target` per repetition
  std::chrono::milliseconds target{100};    // calibration: how long one repetition should last
  std::uint64_t max_ops = 1'000'000'000;    // calibration never goes beyond this
  unsigned reps = 5;
  // Warm-up trials per process; empty: one, or none where the case's minimum already stretches
  // the trial far beyond the target and the case allows it (warmups_of in measurement.cpp).
  std::optional<unsigned> warmup;
  unsigned processes = 1;                   // repetitions are spread over this many processes
  // The run's time budget: after `processes` rounds (the first set), rounds go on for the rows
  // whose question is still open (standing.hpp) until none is, or the next round would not fit.
  // Empty: exactly `processes` per row.
  std::optional<std::chrono::seconds> budget;
  std::optional<int> cpu;                   // pin children to this CPU
  std::chrono::milliseconds timeout{std::chrono::seconds(120)};
  bool counters = false;                    // ask adapters for hardware counters (perf_event_open)
  bool instructions = false;                // deterministic mode: instructions under Callgrind
  // --verify: one short trial per row in one process, no calibration or warm-up, every proof
  // checked and nothing timed kept as a figure.
  bool verify = false;
  std::string valgrind = "valgrind";
  std::filesystem::path libexec_dir;
  std::filesystem::path scratch_dir;  // for Callgrind's output files (default: the temporary folder, $TMPDIR)
  // The rows run in rounds, one process of each per round, in an order shuffled by this seed: a
  // slow spell of the host spreads over every row instead of landing on one.
  std::uint64_t seed = 1;
  // How far a round reaches: over every case of the run (a row's processes spread over the whole
  // run, so that the host's spells of tens of seconds fall on every row alike), or over one case
  // at a time (its table is ready as soon as its own rounds end).
  enum class Interleave { suite, case_point };
  Interleave interleave = Interleave::suite;

  // The folder holding <module>/data: share/benchbox where benchbox is installed; empty: the libexec
  // folder, as in a build.
  std::filesystem::path data_root;

  // Where the module's data sets live: <data root>/<module>/data.
  std::filesystem::path data_dir() const { return (data_root.empty() ? libexec_dir : data_root) / module / "data"; }
};

}  // namespace benchbox
