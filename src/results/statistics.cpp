#include "results/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace benchbox {

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

namespace {

// P(X <= i) for X ~ Binomial(n, p), i = 0..n.
std::vector<double> binomial_cdf(std::size_t n, double p) {
  std::vector<double> cdf(n + 1);
  const double nn = static_cast<double>(n);
  double sum = 0;
  for (std::size_t i = 0; i <= n; ++i) {
    const double k = static_cast<double>(i);
    sum += std::exp(std::lgamma(nn + 1) - std::lgamma(k + 1) - std::lgamma(nn - k + 1) + k * std::log(p) +
                    (nn - k) * std::log1p(-p));
    cdf[i] = sum;
  }
  return cdf;
}

// The p-quantile of sorted samples, linear between order statistics, and the narrowest interval
// [x_(r), x_(s)] (0-based) that holds it with probability at least 95%: P(r < B <= s) where
// B ~ Binomial(n, p) counts the samples below the quantile (of equally narrow ones, the one that
// covers most). When none reaches 95%, the one that covers most, min..max. Linear in n: the
// narrowest s for each r only grows with r.
Quantile quantile_of(const std::vector<double>& v, double p) {
  const std::size_t n = v.size();
  const double at = p * static_cast<double>(n - 1);
  const auto low = static_cast<std::size_t>(at);
  Quantile q;
  q.value = v[low] + (v[std::min(low + 1, n - 1)] - v[low]) * (at - static_cast<double>(low));
  const auto cdf = binomial_cdf(n, p);
  std::size_t best_r = 0, best_s = n - 1;
  double best = n > 1 ? cdf[n - 1] - cdf[0] : 0;
  bool found = false;
  for (std::size_t r = 0, s = 1; r + 1 < n; ++r) {
    s = std::max(s, r + 1);
    while (s < n - 1 && cdf[s] - cdf[r] < 0.95) ++s;
    const double c = cdf[s] - cdf[r];
    if (c < 0.95) continue;
    const bool narrower = !found || s - r < best_s - best_r, as_narrow = found && s - r == best_s - best_r;
    if (narrower || (as_narrow && c > best)) best = c, best_r = r, best_s = s, found = true;
  }
  q.ci_low = v[best_r], q.ci_high = v[best_s], q.ci_level = best;
  return q;
}

// The median's 95% interval: the order-statistic interval [x_(k), x_(n-1-k)] (0-based) with the
// largest k whose coverage 1 - 2 P(B <= k) is still at least 95%, drawn in towards the next
// narrower one by Hettmansperger and Sheather's interpolation ("Confidence intervals based on
// interpolated order statistics", 1986) so that it covers 95%, not more: with 7 samples the
// plain interval is min..max at 98.4%, and one slow process alone set its width. (Simulated with
// 7 samples, normal, exponential, lognormal and 20%-slow mixtures: 94.4-95.0%.) When no interval
// reaches 95% (5 samples or fewer), min..max and its coverage.
// (In log space: 0.5^n underflows past n = 1074, which made the interval of 10,000 samples a point.)
void set_median_interval(const std::vector<double>& v, Summary& s) {
  const std::size_t n = s.n;
  const auto half = binomial_cdf(n, 0.5);
  std::size_t k = 0;
  while (k + 1 <= (n - 1) / 2 && 1 - 2 * half[k + 1] >= 0.95) ++k;
  s.ci_low = v[k];
  s.ci_high = v[n - 1 - k];
  s.ci_level = n > 1 ? 1 - 2 * half[k] : 0;
  if (s.ci_level <= 0.95 || k + 1 >= n - 2 - k) return;  // 95% out of reach, or no narrower interval
  const double covers = s.ci_level, narrower_covers = 1 - 2 * half[k + 1];
  const double d = static_cast<double>(k + 1), nn = static_cast<double>(n);  // d: 1-based
  const double i = (covers - 0.95) / (covers - narrower_covers);
  const double lambda = (nn - d) * i / (d + (nn - 2 * d) * i);
  s.ci_low = (1 - lambda) * v[k] + lambda * v[k + 1];
  s.ci_high = (1 - lambda) * v[n - 1 - k] + lambda * v[n - 2 - k];
  s.ci_level = 0.95;
}

}  // namespace

Summary summarize(std::vector<double> v) {
  Summary s;
  s.n = v.size();
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  s.min = v.front();
  s.max = v.back();
  s.median = median_of(v);
  s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(s.n);
  double sq = 0;
  for (double x : v) sq += (x - s.mean) * (x - s.mean);
  s.stddev = s.n > 1 ? std::sqrt(sq / static_cast<double>(s.n - 1)) : 0;
  std::vector<double> dev;
  for (double x : v) dev.push_back(std::fabs(x - s.median));
  s.mad = median_of(dev);
  set_median_interval(v, s);
  s.lower_quartile = quantile_of(v, 0.25);
  s.upper_quartile = quantile_of(v, 0.75);
  return s;
}

namespace {

// How many of the C(n1 + n2, n1) orderings of two samples without ties give each value of U
// (0 .. n1 * n2): u(i, j) = u(i - 1, j) shifted by j + u(i, j - 1).
std::vector<double> u_counts(std::size_t n1, std::size_t n2) {
  std::vector<std::vector<std::vector<double>>> f(n1 + 1, std::vector<std::vector<double>>(n2 + 1));
  for (std::size_t i = 0; i <= n1; ++i)
    for (std::size_t j = 0; j <= n2; ++j) {
      f[i][j].assign(i * j + 1, 0.0);
      if (i == 0 || j == 0) {
        f[i][j][0] = 1;
        continue;
      }
      for (std::size_t k = 0; k < f[i - 1][j].size(); ++k) f[i][j][k + j] += f[i - 1][j][k];
      for (std::size_t k = 0; k < f[i][j - 1].size(); ++k) f[i][j][k] += f[i][j - 1][k];
    }
  return f[n1][n2];
}

// The exact two-sided p-value of U for samples this small without ties: the normal approximation
// overstates p there (7 rounds against 7, fully separated: 0.0006 exact, 0.002 approximated), and
// with many rows compared at once no row could ever be called.
double exact_u_p(double u, std::size_t n1, std::size_t n2) {
  const auto counts = u_counts(n1, n2);
  double total = 0, at_most = 0, at_least = 0;
  for (std::size_t k = 0; k < counts.size(); ++k) {
    total += counts[k];
    if (static_cast<double>(k) <= u + 1e-9) at_most += counts[k];
    if (static_cast<double>(k) >= u - 1e-9) at_least += counts[k];
  }
  return std::min(1.0, 2 * std::min(at_most, at_least) / total);
}

constexpr std::size_t kExactUpTo = 20;  // samples per side: the exact distribution is cheap up to here

}  // namespace

double mann_whitney_p(const std::vector<double>& a, const std::vector<double>& b) {
  const std::size_t n1 = a.size(), n2 = b.size();
  if (n1 == 0 || n2 == 0) return 1;
  std::vector<std::pair<double, int>> all;
  for (double x : a) all.push_back({x, 0});
  for (double x : b) all.push_back({x, 1});
  std::sort(all.begin(), all.end());
  const std::size_t n = all.size();
  double rank_sum_a = 0, tie_term = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && all[j].first == all[i].first) ++j;
    const double rank = (static_cast<double>(i + j) + 1) / 2;  // average of ranks i+1..j
    for (std::size_t k = i; k < j; ++k)
      if (all[k].second == 0) rank_sum_a += rank;
    const double t = static_cast<double>(j - i);
    tie_term += t * t * t - t;
    i = j;
  }
  const double u = rank_sum_a - static_cast<double>(n1 * (n1 + 1)) / 2;
  if (tie_term == 0 && n1 <= kExactUpTo && n2 <= kExactUpTo) return exact_u_p(u, n1, n2);
  const double mu = static_cast<double>(n1 * n2) / 2;
  const double nn = static_cast<double>(n);
  const double var = static_cast<double>(n1 * n2) / 12 * ((nn + 1) - tie_term / (nn * (nn - 1)));
  if (var <= 0) return 1;
  const double z = (std::fabs(u - mu) - 0.5) / std::sqrt(var);  // continuity correction
  return std::min(1.0, std::erfc(std::max(z, 0.0) / std::sqrt(2.0)));
}

std::vector<double> separated_modes(std::vector<double> v, double min_gap) {
  if (v.size() < 4) return {};
  std::sort(v.begin(), v.end());
  if (v.front() <= 0) return {};
  std::size_t cut = 0;
  double widest = 0;
  for (std::size_t i = 1; i + 2 < v.size(); ++i)  // at least two samples on each side
    if (const double gap = v[i + 1] / v[i] - 1; gap > widest) widest = gap, cut = i;
  if (widest <= min_gap) return {};
  const double low_spread = v[cut] / v.front() - 1, high_spread = v.back() / v[cut + 1] - 1;
  if (widest <= 3 * std::max(low_spread, high_spread)) return {};
  return {median_of({v.begin(), v.begin() + static_cast<std::ptrdiff_t>(cut + 1)}),
          median_of({v.begin() + static_cast<std::ptrdiff_t>(cut + 1), v.end()})};
}

}  // namespace benchbox
