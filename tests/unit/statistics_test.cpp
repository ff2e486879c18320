#include "results/statistics.hpp"

#include <gtest/gtest.h>

using benchbox::summarize;

TEST(Statistics, MedianOddAndEven) {
  EXPECT_DOUBLE_EQ(benchbox::median_of({5, 1, 3}), 3);
  EXPECT_DOUBLE_EQ(benchbox::median_of({4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(benchbox::median_of({}), 0);
}

TEST(Statistics, SummaryOfFive) {
  auto s = summarize({10, 12, 11, 13, 100});
  EXPECT_EQ(s.n, 5u);
  EXPECT_DOUBLE_EQ(s.median, 12);
  EXPECT_DOUBLE_EQ(s.min, 10);
  EXPECT_DOUBLE_EQ(s.max, 100);
  EXPECT_DOUBLE_EQ(s.mad, 1);  // deviations 2,0,1,1,88 -> median 1
  // With five samples the only order-statistic interval is min..max, covering 1 - 2/32.
  EXPECT_DOUBLE_EQ(s.ci_low, 10);
  EXPECT_DOUBLE_EQ(s.ci_high, 100);
  EXPECT_DOUBLE_EQ(s.ci_level, 0.9375);
}

TEST(Statistics, ConfidenceIntervalNarrowsWithMoreSamples) {
  std::vector<double> v;
  for (int i = 1; i <= 20; ++i) v.push_back(i);
  auto s = summarize(v);
  // n = 20: [x(6), x(15)] (1-based) covers 95.86%, [x(7), x(14)] 88.47%; interpolated to 95%:
  // I = (0.9586 - 0.95) / (0.9586 - 0.8847), lambda = 14 I / (6 + 8 I) = 0.235.
  EXPECT_NEAR(s.ci_low, 6.235, 1e-3);
  EXPECT_NEAR(s.ci_high, 14.765, 1e-3);
  EXPECT_DOUBLE_EQ(s.ci_level, 0.95);
}

// Seven processes, one of them slow: min..max (98.4%) would reach the slow one; the 95% interval
// goes 11/15 of the way towards the 2nd and 6th values (87.5%): I = (0.984375 - 0.95) / 0.109375,
// lambda = 6 I / (1 + 5 I) = 11/15.
TEST(Statistics, OneSlowSampleOfSevenDoesNotSetTheIntervalAlone) {
  auto s = summarize({100, 101, 102, 103, 104, 105, 200});
  EXPECT_NEAR(s.ci_low, 100 + 11.0 / 15, 1e-9);
  EXPECT_NEAR(s.ci_high, 200 - 11.0 / 15 * 95, 1e-9);
  EXPECT_DOUBLE_EQ(s.ci_level, 0.95);
  EXPECT_GT(s.ci_high, 105);  // the slow one still widens it: it is evidence, not discarded
}

TEST(Statistics, QuartilesAreLinearBetweenOrderStatistics) {
  auto s = summarize({7, 1, 6, 2, 5, 3, 4});
  EXPECT_DOUBLE_EQ(s.lower_quartile.value, 2.5);  // at 0.25 * 6 = 1.5 (0-based): between 2 and 3
  EXPECT_DOUBLE_EQ(s.upper_quartile.value, 5.5);
  // Seven samples cannot hold a quartile at 95%: the widest interval, min..max, covers
  // 1 - 0.75^7 - 0.25^7, and says so.
  EXPECT_DOUBLE_EQ(s.lower_quartile.ci_low, 1);
  EXPECT_DOUBLE_EQ(s.lower_quartile.ci_high, 7);
  EXPECT_NEAR(s.lower_quartile.ci_level, 0.86646, 1e-5);
  EXPECT_NEAR(s.upper_quartile.ci_level, 0.86646, 1e-5);
}

TEST(Statistics, QuartileIntervalIsTheNarrowestAt95Percent) {
  std::vector<double> v;
  for (int i = 20; i >= 1; --i) v.push_back(i);
  auto s = summarize(v);
  EXPECT_DOUBLE_EQ(s.lower_quartile.value, 5.75);
  // n = 20: [x(2), x(10)] (1-based) holds the 25th percentile with probability 96.2%, and no
  // interval of fewer order statistics reaches 95%; the 75th percentile's mirrors it.
  EXPECT_DOUBLE_EQ(s.lower_quartile.ci_low, 2);
  EXPECT_DOUBLE_EQ(s.lower_quartile.ci_high, 10);
  EXPECT_NEAR(s.lower_quartile.ci_level, 0.9618, 1e-4);
  EXPECT_NEAR(s.lower_quartile.uncertainty(), (10.0 - 2.0) / 2 / 5.75, 1e-12);
  EXPECT_DOUBLE_EQ(s.upper_quartile.ci_low, 11);
  EXPECT_DOUBLE_EQ(s.upper_quartile.ci_high, 19);
}

// Ten thousand samples (a results file may hold that many; the search is linear in n): the 95%
// interval of the lower quartile spans about 2 x 1.96 x sqrt(n p (1-p)) = 170 order statistics.
TEST(Statistics, QuartileIntervalOfManySamples) {
  std::vector<double> v;
  for (int i = 1; i <= 10000; ++i) v.push_back(i);
  const auto s = summarize(v);
  EXPECT_DOUBLE_EQ(s.lower_quartile.value, 2500.75);
  EXPECT_LT(s.lower_quartile.ci_low, 2500.75);
  EXPECT_GT(s.lower_quartile.ci_high, 2500.75);
  EXPECT_NEAR(s.lower_quartile.ci_high - s.lower_quartile.ci_low, 170, 6);
  EXPECT_GE(s.lower_quartile.ci_level, 0.95);
  EXPECT_LT(s.lower_quartile.ci_level, 0.955);
  // The median's interval too: about 2 x 1.96 x sqrt(n / 4) = 196 order statistics (0.5^n, which
  // underflows, made it a single point).
  EXPECT_NEAR(s.ci_high - s.ci_low, 196, 6);
  EXPECT_GE(s.ci_level, 0.95);
}

TEST(Statistics, SingleSample) {
  auto s = summarize({7});
  EXPECT_DOUBLE_EQ(s.median, 7);
  EXPECT_DOUBLE_EQ(s.relative_spread(), 0);
  EXPECT_DOUBLE_EQ(s.ci_level, 0);
}

TEST(Statistics, MannWhitneySeparatesShiftedSamples) {
  std::vector<double> a{10, 11, 12, 13, 14, 10.5, 11.5, 12.5, 13.5};
  std::vector<double> b;
  for (double x : a) b.push_back(x + 10);
  EXPECT_LT(benchbox::mann_whitney_p(a, b), 0.01);
  EXPECT_GT(benchbox::mann_whitney_p(a, a), 0.5);
}

// Exact for small samples without ties: full separation of 7 and 7 happens in 2 of C(14, 7) = 3432
// orderings (two-sided), of 3 and 3 in 2 of 20; the normal approximation would say 0.002 and 0.08.
TEST(Statistics, MannWhitneyIsExactForSmallSamplesWithoutTies) {
  EXPECT_NEAR(benchbox::mann_whitney_p({1, 2, 3, 4, 5, 6, 7}, {11, 12, 13, 14, 15, 16, 17}), 2.0 / 3432, 1e-12);
  EXPECT_NEAR(benchbox::mann_whitney_p({1, 2, 3}, {4, 5, 6}), 0.1, 1e-12);
  // 3 and 3: U = 1 in 1 of 20 orderings, U <= 1 in 2: two-sided 0.2; U <= 2 in 4: 0.4.
  EXPECT_NEAR(benchbox::mann_whitney_p({1, 2, 4}, {3, 5, 6}), 0.2, 1e-12);
  EXPECT_NEAR(benchbox::mann_whitney_p({1, 2, 5}, {3, 4, 6}), 0.4, 1e-12);
  EXPECT_NEAR(benchbox::mann_whitney_p({3, 5, 6}, {1, 2, 4}), 0.2, 1e-12);  // symmetric
}
