// `benchbox compare OLD.json NEW.json`: per library and case present in both files, old and new
// medians, the change, the Mann-Whitney U p-value over the repetitions and a verdict.
#pragma once

#include <benchbox/enum_names.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "results/results.hpp"

namespace benchbox {

struct CompareOptions {
  double alpha = 0.05;        // significance level of the U test
  // |change| below this is "unchanged" whatever the p-value: the minimum effect. 5%: on this
  // shared VM rows shift by 2-5% between sets of runs minutes apart, consistently enough to pass
  // the U test (docs/measurement.md, "Several runs per side"); a slowdown of 10% stays well
  // above it.
  double noise_floor = 0.05;
  std::optional<double> fail_on_regression;  // fraction: slower by more than this with p < alpha fails
  bool medians_only = false;  // judge by the medians even where both files have paired ratios
};

enum class Verdict { better, worse, unchanged, last = unchanged };
inline constexpr auto verdict_names = enum_names<Verdict>("better", "worse", "unchanged");
inline const char* to_string(Verdict v) { return verdict_names(v); }

struct ComparedRow {
  std::string module, case_id, param_label, unit, library;  // library: the row's name ("zstd -3" for a variant)
  bool reference = false;  // the module's reference row (its floor)
  FigureSpec figure;
  Point point;
  unsigned cpus = 1;  // more than 1: the case ran unpinned on that many CPUs
  // Where the row stood among its point's rows in each side (standing.hpp: "2=" for a shared
  // rank; a side's runs joined by "/" where they differ).
  std::string old_rank, new_rank;
  double old_median = 0, new_median = 0;
  double change = 0;  // (new - old) / old
  // The change of the row's ratio to the geometric mean of the case's other rows in its own
  // round (compare.cpp, round_ratios), when both files have
  // one value per round for the row and their reference: what the host did in a round cancels.
  // The verdict stands on it then (unless CompareOptions::medians_only).
  std::optional<double> ratio_change;
  double worse = 0;   // the judged change in the worse direction: positive is worse (slower, more bytes, lower score)
  std::optional<double> p;  // two-sided Mann-Whitney U over the repetitions (or rounds' ratios); none for exact counts
  std::optional<double> q;  // p adjusted for every row of the comparison (Benjamini-Hochberg): what the verdict uses
  std::size_t old_reps = 0, new_reps = 0;  // over all of a side's runs
  std::size_t old_runs = 1, new_runs = 1;
  // With more than one run on a side: whether every run of one side lies beyond every run of the
  // other; a row whose runs overlap is not called, whatever its q (the host moved it in a run).
  std::optional<bool> runs_separated;
  bool verified = false;  // both rows ok and verified
  Verdict verdict = Verdict::unchanged;
  std::string why;  // for "unchanged": which rule said so
  bool regression = false;  // counts towards --fail-on-regression
  bool by_ratio = false;  // the verdict and p stand on ratio_change
  // The reference row of a case whose other rows are judged by their ratio to it: its own change
  // is the machine's between the runs, shown but never a regression.
  bool machine_change = false;
  bool exact() const { return !p.has_value(); }
};

// A row that is in one file only, or in both without a number in one of them.
struct UnmatchedRow {
  std::string module, case_id, param_label, library;
  std::string old_state, new_state;  // "ok", "failed: reason", "absent"...
  // Under --fail-on-regression: ok in every old run, failed, skipped or absent in a new one. A
  // library that stopped running is the worst regression, not a row to leave out.
  bool lost = false;
};

struct Comparison {
  std::string old_machine, new_machine;
  std::size_t old_runs = 1, new_runs = 1;  // results files per side
  std::vector<ComparedRow> rows;
  std::vector<UnmatchedRow> unmatched;
  // Set when no row could be compared (files of other modules, a time file against an instructions
  // file, every row failed): what compare found is then nothing, which is not "no regression".
  std::string nothing_compared;
  bool regression() const;
};

Comparison compare_results(const Results& old_results, const Results& new_results, const CompareOptions& options);
// Several runs per side (back-to-back runs of one build): a row's repetitions, or its rounds'
// paired ratios, are pooled over a side's runs for the U test, and a row is called better or worse
// only when every run of one side lies beyond every run of the other. One run per side cannot
// tell a change of code from a shift of the host between runs (docs/measurement.md, "Several
// runs per side").
Comparison compare_runs(const std::vector<Results>& old_runs, const std::vector<Results>& new_runs,
                        const CompareOptions& options);

// The text table: one block per case, then the unmatched rows and the rule behind the verdicts.
std::string render_comparison(const Comparison& comparison, const CompareOptions& options);

}  // namespace benchbox
