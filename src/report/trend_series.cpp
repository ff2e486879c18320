#include "report/trend_series.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace benchbox::store {
namespace {

// Continued fraction of the incomplete beta function (modified Lentz), for regularized_beta.
double beta_fraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300, kEpsilon = 1e-14;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  d = 1 / (std::fabs(d) < kTiny ? kTiny : d);
  double h = d;
  for (int m = 1; m <= 300; ++m) {
    const double mm = m, m2 = 2 * mm;
    for (const double coefficient : {mm * (b - mm) * x / ((a + m2 - 1) * (a + m2)),
                                     -(a + mm) * (a + b + mm) * x / ((a + m2) * (a + m2 + 1))}) {
      d = 1 + coefficient * d;
      d = 1 / (std::fabs(d) < kTiny ? kTiny : d);
      c = 1 + coefficient / c;
      if (std::fabs(c) < kTiny) c = kTiny;
      h *= d * c;
      if (std::fabs(d * c - 1) < kEpsilon && coefficient < 0) return h;
    }
  }
  return h;
}

// I_x(a, b), the regularized incomplete beta function.
double regularized_beta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
  return x < (a + 1) / (a + b + 2) ? front * beta_fraction(a, b, x) / a : 1 - front * beta_fraction(b, a, 1 - x) / b;
}

// A run as the test sees it: the log of its judged value, the standard error its own interval
// gives that value (a 95% interval: half-width / 1.96 on the log scale; 0 without one), and
// where it is in the series' runs.
struct Level {
  double y = 0, se = 0;
  std::size_t index = 0;
};

double judged_value(const TrendRow& r, Judged judged) {
  const auto& v = judged == Judged::ratio ? r.ratio : r.median;
  return v ? *v : 0;
}

double interval_se(const TrendRow& r, Judged judged) {
  const auto& low = judged == Judged::ratio ? r.ratio_low : r.ci_low;
  const auto& high = judged == Judged::ratio ? r.ratio_high : r.ci_high;
  if (!low || !high || *low <= 0 || *high < *low) return 0;
  return (std::log(*high) - std::log(*low)) / (2 * 1.959964);
}

std::vector<Level> levels_of(const std::vector<TrendRow>& runs, Judged judged) {
  std::vector<Level> out;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const double v = judged_value(runs[k], judged);
    if (runs[k].status == "ok" && v > 0 && std::isfinite(v)) out.push_back({std::log(v), interval_se(runs[k], judged), k});
  }
  return out;
}

double median_y(const std::vector<Level>& levels, std::size_t begin, std::size_t end) {
  std::vector<double> y;
  for (std::size_t k = begin; k < end; ++k) y.push_back(levels[k].y);
  std::sort(y.begin(), y.end());
  const std::size_t n = y.size();
  return n % 2 ? y[n / 2] : (y[n / 2 - 1] + y[n / 2]) / 2;
}

// The test between the window before `split`, [begin, split), and the one from it, [split, end).
struct Score {
  double t = 0, p = 1;
  double before = 0, after = 0;  // the windows' medians, log scale
};

// Student's t of the windows' means over a pooled variance (Perfherder takes each window's own:
// with three runs a side that estimate has two degrees of freedom, too few), floored by the median
// squared standard error of the runs' own intervals: the runs cannot agree better than each was
// measured, so a row known to +-8% is not called for a 5% step whatever its runs happened to do.
// The median, not the mean: one run with a wide interval (a noisy spell within it) hid a 10% step
// that the five others showed to +-2% (docs/measurement.md, "Change points").
Score score(const std::vector<Level>& levels, std::size_t begin, std::size_t split, std::size_t end) {
  const auto n1 = static_cast<double>(split - begin), n2 = static_cast<double>(end - split);
  double mean1 = 0, mean2 = 0;
  std::vector<double> squared_se;
  for (std::size_t k = begin; k < end; ++k) {
    (k < split ? mean1 : mean2) += levels[k].y;
    squared_se.push_back(levels[k].se * levels[k].se);
  }
  mean1 /= n1, mean2 /= n2;
  std::sort(squared_se.begin(), squared_se.end());
  const std::size_t m = squared_se.size();
  const double floor = m % 2 ? squared_se[m / 2] : (squared_se[m / 2 - 1] + squared_se[m / 2]) / 2;
  double squares = 0;
  for (std::size_t k = begin; k < end; ++k) squares += std::pow(levels[k].y - (k < split ? mean1 : mean2), 2);
  const double df = n1 + n2 - 2, variance = std::max(squares / df, floor);
  Score s;
  s.before = median_y(levels, begin, split);
  s.after = median_y(levels, split, end);
  const double difference = mean2 - mean1;
  if (difference == 0) return s;
  s.t = variance > 0 ? difference / std::sqrt(variance * (1 / n1 + 1 / n2)) : std::copysign(std::numeric_limits<double>::infinity(), difference);
  s.p = student_t_p(s.t, df);
  return s;
}

// Whether the step at a split passes: p at most alpha, the windows' medians apart by min_change
// at least, in the direction of the t statistic.
bool passes(const Score& s, double alpha, const ChangeOptions& options) {
  const double relative = std::exp(s.after - s.before) - 1;
  return s.p <= alpha && std::fabs(relative) >= options.min_change && relative * s.t > 0;
}

// Each change's levels from the runs between it and its neighbouring changes (at most `window`
// on each side): the forward window of the scan may reach past the next change and dilute it.
// Then the indices from levels into the series' runs.
void segment_levels(std::vector<Change>& changes, const std::vector<Level>& levels, std::size_t window, bool lower_is_better) {
  for (std::size_t c = 0; c < changes.size(); ++c) {
    const std::size_t split = changes[c].index;
    const std::size_t begin = std::max(c > 0 ? changes[c - 1].index : 0, split >= window ? split - window : 0);
    const std::size_t end = std::min({c + 1 < changes.size() ? changes[c + 1].index : levels.size(), split + window, levels.size()});
    const double before = median_y(levels, begin, split), after = median_y(levels, split, end);
    changes[c].before = std::exp(before), changes[c].after = std::exp(after);
    changes[c].change = (lower_is_better ? 1 : -1) * (std::exp(after - before) - 1);
  }
  for (auto& c : changes) c.index = levels[c.index].index;
}

}  // namespace

// Perfherder's scan (detect_changes): every run with enough runs on each side is a candidate; a
// candidate whose change passes and whose |t| is at least its neighbours' is called, and the
// window before later candidates starts there (Perfherder's last_seen_regression).
std::vector<Change> find_changes(const std::vector<TrendRow>& runs, const ChangeOptions& options) {
  const Judged judged = judged_on(runs);
  const auto levels = levels_of(runs, judged);
  const bool lower_is_better = runs.empty() || runs.back().lower_is_better;
  const std::size_t n = levels.size(), side = std::max<std::size_t>(options.min_runs, 2);
  const std::size_t window = std::max(options.window, side);
  std::vector<Change> out;
  std::size_t start = 0;
  const auto candidate = [&](std::size_t split) { return split >= start + side && split + side <= n; };
  const auto at = [&](std::size_t split) {
    return score(levels, split >= start + window ? split - window : start, split, std::min(n, split + window));
  };
  for (std::size_t split = start + side; split + side <= n;) {
    const Score s = at(split);
    // Every candidate of the segment is a test: alpha is shared among them (Bonferroni).
    const double alpha = options.alpha / static_cast<double>(n - start - 2 * side + 1);
    const bool local_maximum = (!candidate(split - 1) || std::fabs(at(split - 1).t) <= std::fabs(s.t)) &&
                               (!candidate(split + 1) || std::fabs(at(split + 1).t) <= std::fabs(s.t));
    if (!passes(s, alpha, options) || !local_maximum) {
      ++split;
      continue;
    }
    out.push_back({split, 0, 0, 0, s.p});  // index into levels until segment_levels
    start = split;
    split += side;
  }
  segment_levels(out, levels, window, lower_is_better);
  return out;
}

std::vector<TrendSeries> trend_series(const std::vector<TrendRow>& rows, const ChangeOptions& options) {
  std::vector<TrendSeries> out;
  std::map<std::tuple<std::string, std::string, std::string, std::string>, std::size_t> where;
  for (const auto& r : rows) {
    const auto key = std::tuple(r.point, r.machine, r.row_id, r.figure_id);
    auto [it, added] = where.try_emplace(key, out.size());
    if (added) {
      TrendSeries s;
      s.machine = r.machine, s.point = r.point, s.row_id = r.row_id, s.figure_id = r.figure_id;
      out.push_back(std::move(s));
    }
    out[it->second].runs.push_back(r);
  }
  for (auto& s : out) {
    std::stable_sort(s.runs.begin(), s.runs.end(), [](const TrendRow& a, const TrendRow& b) {
      return std::tie(a.started, a.run_id) < std::tie(b.started, b.run_id);
    });
    // The newest run names the row and its figure: a library renamed keeps its line.
    const TrendRow& newest = s.runs.back();
    s.point_label = newest.point_label, s.row_name = newest.row_name, s.unit = newest.unit;
    s.lower_is_better = newest.lower_is_better;
    s.judged = judged_on(s.runs);
    s.changes = find_changes(s.runs, options);
  }
  // Series of one point side by side, the points in first-seen order.
  std::map<std::string, std::size_t> point_order;
  for (const auto& s : out) point_order.try_emplace(s.point, point_order.size());
  std::stable_sort(out.begin(), out.end(), [&](const TrendSeries& a, const TrendSeries& b) {
    return point_order.at(a.point) < point_order.at(b.point);
  });
  return out;
}

double student_t_p(double t, double df) {
  if (std::isnan(t) || df <= 0) return 1;
  if (std::isinf(t)) return 0;
  return regularized_beta(df / 2, 0.5, df / (df + t * t));
}

Judged judged_on(const std::vector<TrendRow>& runs) {
  for (const auto& r : runs)
    if (r.status == "ok" && r.median && (!r.ratio || *r.ratio <= 0)) return Judged::median;
  return Judged::ratio;
}

std::vector<std::string> drop_never_ran(std::vector<store::TrendSeries>& series) {
  std::vector<std::string> names;
  std::erase_if(series, [&names](const store::TrendSeries& s) {
    const bool ran = std::any_of(s.runs.begin(), s.runs.end(), [](const store::TrendRow& r) { return r.status == "ok" || r.status == "failed"; });
    if (!ran && std::find(names.begin(), names.end(), s.row_name) == names.end()) names.push_back(s.row_name);
    return !ran;
  });
  return names;
}

}  // namespace benchbox::store
