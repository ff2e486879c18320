// A row's figure over stored runs, and the steps in it (docs/measurement.md, "Change points").
// Pure functions over what Store::trend returns: `benchbox trend` groups the rows into series
// (one row at one point on one machine) and finds where a series stepped.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "store/store.hpp"

namespace benchbox::store {

// The windowed t-test of Mozilla's Perfherder (treeherder/perfalert: a t statistic between the
// runs before and after each candidate run, a change where it passes a threshold and is a local
// maximum), with the filters of Chromium's perf dashboard (find_change_points.py: a minimum
// segment size and a minimum relative change of the segments' medians), adapted to a handful of
// runs: one value per run (on the log scale), a pooled variance, and each run's own interval as a
// floor on the noise.
struct ChangeOptions {
  double min_change = 0.05;  // relative step of the windows' medians a change must reach
  // Two-sided p of the t statistic a change must reach, shared among a series' candidate runs
  // (Bonferroni). On 6 runs (one candidate, 4 degrees of freedom) that is |t| > 6.4, near
  // Perfherder's threshold of 7. Its false alarms and detections, simulated: docs/measurement.md,
  // "Change points".
  double alpha = 0.003;
  // Runs on each side of a step: 3, so that a state of the host lasting two runs (a noisy spell)
  // is not a step, and the t test has 4 degrees of freedom at least.
  std::size_t min_runs = 3;
  // Most runs in each window (Perfherder: 12 after, 12 to 24 before); the window before a
  // candidate never reaches back past the last change called.
  std::size_t window = 12;
};

struct Change {
  std::size_t index = 0;  // first run after the step, index into the series' runs
  double before = 0, after = 0;  // the judged value's level on each side: the windows' medians
  double change = 0;  // after/before - 1, signed in the row's own direction: positive = worse
  double p = 1;       // two-sided p of the windows' t statistic
};

// What a series' changes are judged on: every run's ratio to the point's other rows (a slow host
// day cancels), or, where some ok run has no ratio, every run's median.
enum class Judged { ratio, median };

// One line of a trend: one row (point, row id, figure) on one machine, its runs oldest first.
struct TrendSeries {
  std::string machine, point, point_label, row_id, row_name, figure_id, unit;
  bool lower_is_better = true;
  Judged judged = Judged::ratio;
  std::vector<TrendRow> runs;
  std::vector<Change> changes;
};

// Groups rows by (point, machine, row id, figure) in first-seen order, orders each series' runs
// oldest first (by start, then run id) and finds its changes.
std::vector<TrendSeries> trend_series(const std::vector<TrendRow>& rows, const ChangeOptions& options);

// Drops the series never measured in their runs (not available here, not applicable: no run ok or
// failed) and names their rows, each once.
std::vector<std::string> drop_never_ran(std::vector<TrendSeries>& series);

// The steps of one series' runs (oldest first); only runs with status "ok" and a positive judged
// value take part; Change::index points into `runs` as given.
std::vector<Change> find_changes(const std::vector<TrendRow>& runs, const ChangeOptions& options);

// Ratio when every ok run with a median has a ratio, median otherwise.
Judged judged_on(const std::vector<TrendRow>& runs);

// Two-sided p-value of Student's t with `df` degrees of freedom.
double student_t_p(double t, double df);

}  // namespace benchbox::store

namespace benchbox {

// What the runs are drawn against: their start time, the row's library version, or the benchbox
// revision that ran them (both as categories, in the order the runs first reached them).
enum class TrendAxis { time, version, revision };

}  // namespace benchbox
