// Summary statistics of repeated measurements (ns per operation), robust ones first: the median
// is the figure shown, the spread is stated with it.
#pragma once

#include <vector>

namespace benchbox {

// A quantile of the samples (linear between order statistics) with its distribution-free
// interval [ci_low, ci_high] from order statistics, whose exact coverage is `ci_level`: 95%, or the
// most that n samples allow (with 7 samples, min..max holds a quartile with probability 86.7%).
struct Quantile {
  double value = 0, ci_low = 0, ci_high = 0, ci_level = 0;
  // Half-width of the interval, relative to the value.
  double uncertainty() const { return value > 0 ? (ci_high - ci_low) / (2 * value) : 0; }
};

struct Summary {
  std::size_t n = 0;
  double median = 0, mean = 0, min = 0, max = 0, stddev = 0;
  double mad = 0;  // median absolute deviation (unscaled)
  // 95% confidence interval of the median from order statistics, interpolated between two pairs
  // of them (Hettmansperger-Sheather: nominal 95%, exact for symmetric distributions and within a
  // point of it for skewed ones); `ci_level` is 0.95, or the exact coverage of min..max where no
  // interval reaches 95% (5 samples: 93.75%).
  double ci_low = 0, ci_high = 0, ci_level = 0;
  // The quartiles: the robust figure is the one on the better side (Measurement::robust()).
  Quantile lower_quartile, upper_quartile;
  double relative_spread() const { return median > 0 ? (max - min) / median : 0; }
  double relative_mad() const { return median > 0 ? mad / median : 0; }
};

Summary summarize(std::vector<double> samples);

double median_of(std::vector<double> samples);

// When the samples fall into two clearly separated groups (a gap of more than `min_gap`
// relative, larger than three times either group's own spread, at least two samples on each
// side), the two groups' medians; empty otherwise. Whole processes of some runtimes land in a
// fast or a slow mode: a reader wants both values, not their median alone.
std::vector<double> separated_modes(std::vector<double> samples, double min_gap = 0.10);

// Two-sided Mann-Whitney U test: the p-value that a and b come from one distribution. Exact for
// samples of up to 20 each without ties; otherwise the normal approximation with tie and
// continuity correction, as Google Benchmark's compare.py uses.
double mann_whitney_p(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace benchbox
