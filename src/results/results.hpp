// The results of a run: what every reporter reads and what `--json` writes (docs/results-schema.md).
#pragma once

#include <benchbox/enum_names.hpp>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include <benchbox/module/figure.hpp>
#include <benchbox/module.hpp>
#include "results/statistics.hpp"

namespace benchbox {

// 2: figures with their type and unit, a parameter that may be a name, traits, peak memory.
// 3: points of several axes, variants, open figures (summary, derived), CPUs of unpinned cases.
// 4: the round of every value, the row's standing (rank, ties, open questions), the run's rounds.
// Version 1 to 3 files still load.
inline constexpr int kResultsSchemaVersion = 4;

enum class Status { ok, failed, not_applicable, unavailable, last = unavailable };
inline constexpr auto status_names = enum_names<Status>("ok", "failed", "not_applicable", "unavailable");
inline const char* to_string(Status s) { return status_names(s); }

// One figure of a row: its values per timed repetition, in run order, and their summary.
struct FigureValues {
  FigureSpec spec;
  std::vector<double> values;
  Summary summary;
};

struct Measurement {
  std::string module, case_id, unit, library, version;
  Point point;              // the point, every axis (param.axes); param.text is its first axis's value
  std::string param_label;  // "2 coroutines", "unbuffered", "canada.json", "text corpus, block 65536"
  std::string variant;        // the library's variant this row runs ("3"), or empty
  std::string variant_label;  // its name in the tables ("zstd -3")
  unsigned cpus = 1;          // more than 1: the case ran unpinned on that many CPUs
  bool reference = false;   // the module's reference row (its floor), as the library's build declares
  Status status = Status::failed;
  std::string reason;  // failed / n/a / unavailable: why
  // n/a because the library does not offer this value of the case's first axis at all (an
  // algorithm it does not compute: CaseInfo::not_applicable_at): the reports list such libraries
  // once, under the table and in a coverage table, instead of as rows.
  bool not_offered = false;
  std::string enable;  // unavailable: what the user can do
  bool verified = false;
  std::uint64_t ops = 0;            // operations per repetition
  unsigned processes = 0;           // fresh processes the repetitions were spread over
  std::optional<unsigned> warmups;  // untimed warm-up trials each process ran first (unknown in older files)
  FigureSpec figure = FigureSpec::time();
  std::vector<double> values;       // the figure per timed repetition, in run order
  // The run's round (from 0) of each value, one value per process: the rows of a point are paired
  // round by round (standing.hpp). Empty for files written before rounds were recorded.
  std::vector<unsigned> rounds;
  Summary summary;                  // of values
  std::string rate_unit;            // "switches/s", "MB/s"; empty: no rate
  double rate_per_op = 0;           // what one operation counts towards the rate (1 for ops/s)
  double rate_scale = 1;
  std::vector<FigureValues> extra_figures;
  std::uint64_t peak_rss_bytes = 0; // largest peak resident memory over the row's processes
  CaseTraits traits;
  std::vector<std::string> details;  // from the adapter (e.g. conformance inputs that failed)
  // What the row's last verified trial claimed and the module's verifier accepted: its count of
  // operations done, checksum and further counts (bytes, matches).
  std::optional<TrialProof> proof;
  std::optional<double> cycles_per_op, instructions_per_op;
  double host_steal_ms = 0;          // CPU time the host took (steal) while the row's processes ran
  // Pinned rows: CPU time that other programs (not the row's processes) took on the measured CPU
  // while the row's processes ran, and how long those processes ran (/proc/stat's busy ticks less
  // the processes' own CPU time: a 10 ms tick, so meaningful summed over a run, not per process,
  // and a row's sum may be slightly negative).
  double others_cpu_ms = 0, measured_wall_ms = 0;
  std::vector<double> modes;         // the processes fell into separated groups: each group's median
  // This row's figure divided by the reference row's in the same round, summarised over rounds:
  // what the host did in a round cancels out.
  std::optional<Summary> reference_ratio;
  // This row's figure divided by the geometric mean of the point's other rows in the same round,
  // summarised over the rounds every row of the point ran (set_paired_ratios; `compare` pairs time
  // rows the same way).
  std::optional<Summary> others_ratio;
  // Hardware counter sums while the row is being measured (not saved).
  struct CounterSums {
    double cycles = 0, instructions = 0, trials = 0;
    bool all_cycles = true, all_instructions = true;
  } counter_sums;

  bool ok() const { return status == Status::ok; }
  // The row's name in tables and lines: the library, or its variant's label ("zstd -3").
  std::string row_name() const { return variant.empty() ? library : variant_label.empty() ? row_id() : variant_label; }
  // The row's identity in its case: "zstd", "zstd:3".
  std::string row_id() const { return variant.empty() ? library : library + ":" + variant; }
  // The rate at the median ("48,780,487 switches/s"), for time figures with a rate unit.
  double rate() const {
    return figure.timed() && summary.median > 0 && !rate_unit.empty() ? rate_per_op * 1e9 / summary.median / rate_scale : 0;
  }
  // The robust figure of a measured clock figure: the quartile on its better side (the lower
  // quartile of a time, the upper of a rate), since noise only ever adds time. None for figures
  // that are not from the clock (exact counts, bytes).
  std::optional<Quantile> robust() const {
    if (!ok() || !figure.noisy_clock()) return std::nullopt;
    return figure.lower_is_better ? summary.lower_quartile : summary.upper_quartile;
  }
  double robust_quantile() const { return figure.lower_is_better ? 0.25 : 0.75; }
  // Half-width of the median's confidence interval, relative to the median.
  double uncertainty() const { return summary.median > 0 ? (summary.ci_high - summary.ci_low) / (2 * summary.median) : 0; }
  // Its place among the point's rows (standing.hpp, set_standings): set after a run and on loading.
  struct Standing {
    unsigned rank = 0;     // 0: not ranked (the reference row, a row without a number)
    bool shared = false;   // not known apart from a neighbour (tied, or not told apart): "2="
    bool open = false;     // a question about it is open (a tie neither shown nor ruled out, its
                           // ratio to the best known to worse than ±5%): the budget's rounds are for it
    bool marked = false;   // open where the table's claim itself is unsure (the mark ~): fewer rounds
                           // than an interval of 90%, or a row ranked alone whose ratio to the best is open
    std::string why;       // why open, for the warnings and the results file
    bool pairs_open = false;  // not open itself, but an open row's ratio to it is (the best row):
                              // it runs in the rounds for the open questions too
    // Rounds in all at which its open questions could be decided if the spread stays as it is
    // (intervals narrow as 1/sqrt(rounds)); 0: not known yet (no 90% interval); infinite: never.
    double rounds_to_decide = 0;
    std::optional<Summary> to_best;  // paired round by round with the point's best row
  } standing;
  // The mark: the row's uncertainty changes what its table says (Standing::marked).
  bool unstable() const { return ok() && standing.marked; }
  const FigureValues* extra(const std::string& id) const;
  static constexpr double kUnstableThreshold = 0.05;
};

struct Results {
  nlohmann::json context = nlohmann::json::object();
  std::vector<std::string> warnings;
  std::vector<Measurement> measurements;
  bool interrupted = false;
  // Interrupted: rows that were still in their rounds, not recorded (not in the results file).
  std::size_t unfinished_rows = 0;
};

}  // namespace benchbox
