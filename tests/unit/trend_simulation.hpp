// Synthetic series for the change-point method (docs/measurement.md, "Change points"): a row's
// judged value run after run with realistic noise, with or without a step, and the rates at
// which find_changes calls them. Shared by the unit tests and tests/simulation.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "report/trend_series.hpp"

namespace benchbox::testing {

// How a run's judged value strays from its row's level. normal: Gaussian on the log scale;
// heavy: Student's t with 3 degrees of freedom (rare runs far off, as when the host moved one run
// by 13.5%: docs/measurement.md, "Several runs per side"); correlated: Gaussian with a lag-1
// correlation of 0.4 between consecutive runs (the host's spells outlast a run; rounds within a
// run showed +0.38, "Rounds over the run"). Each has standard deviation `sigma`.
enum class Noise { normal, heavy, correlated };

inline const char* to_string(Noise n) { return n == Noise::normal ? "normal" : n == Noise::heavy ? "heavy-tailed" : "correlated"; }

struct SimulatedRow {
  std::size_t runs = 6;
  double sigma = 0.02;  // run-to-run standard deviation of the log of the judged value
  Noise noise = Noise::normal;
  // Each run's own interval, as a share of sigma: rows move between runs beyond their intervals
  // (docs/measurement.md), so the intervals explain only part of the noise.
  double interval_share = 0.5;
  double step = 0;          // relative step in the worse direction (0.10: 10% slower)
  std::size_t step_at = 3;  // first run after the step
};

inline std::vector<store::TrendRow> simulated_runs(const SimulatedRow& row, std::mt19937_64& rng) {
  std::normal_distribution<double> gauss(0, 1);
  std::student_t_distribution<double> heavy(3);
  std::lognormal_distribution<double> interval_spread(0, 0.3);
  std::vector<store::TrendRow> runs;
  double previous = 0;
  for (std::size_t k = 0; k < row.runs; ++k) {
    double e = 0;
    switch (row.noise) {
      case Noise::normal: e = row.sigma * gauss(rng); break;
      case Noise::heavy: e = row.sigma * heavy(rng) / std::sqrt(3.0); break;  // t(3) has variance 3
      case Noise::correlated: e = 0.4 * previous + row.sigma * std::sqrt(1 - 0.16) * gauss(rng); break;
    }
    previous = e;
    const double level = std::exp(e) * (k >= row.step_at ? 1 + row.step : 1);
    const double half = 1.959964 * row.interval_share * row.sigma * interval_spread(rng);
    store::TrendRow r;
    r.run_id = static_cast<long long>(k + 1);
    r.started = "2026-12-0" + std::to_string(1 + k / 10) + "T" + std::to_string(10 + k % 10) + ":00:00Z";
    r.status = "ok";
    r.ratio = level, r.ratio_low = level * std::exp(-half), r.ratio_high = level * std::exp(half);
    r.median = 100 * level, r.ci_low = 100 * level * std::exp(-half), r.ci_high = 100 * level * std::exp(half);
    runs.push_back(r);
  }
  return runs;
}

// The share of `trials` simulated series with any change called, and with one called at step_at.
struct Rates {
  double any = 0, at_step = 0;
};

inline Rates call_rates(const SimulatedRow& row, const store::ChangeOptions& options, std::size_t trials, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::size_t any = 0, at_step = 0;
  for (std::size_t t = 0; t < trials; ++t) {
    const auto changes = store::find_changes(simulated_runs(row, rng), options);
    any += !changes.empty();
    for (const auto& c : changes) at_step += c.index == row.step_at && c.change > 0;
  }
  return {static_cast<double>(any) / static_cast<double>(trials), static_cast<double>(at_step) / static_cast<double>(trials)};
}

// A suite of `rows` rows without a change, each with its own noise: the lognormal spread of the
// rows' run-to-run movement in docs/measurement.md ("Repeatability": `vs mean` moved 1-3% at
// the median row over three runs, 3.5-12% at the 90th percentile; for three runs the range is
// about 1.7 sigma): sigma's median 1.2%, its 90th percentile 4%, at most 15%. Returns the share
// of suites in which any row was called.
inline double suite_false_alarms(std::size_t runs, std::size_t rows, Noise noise, const store::ChangeOptions& options,
                                 std::size_t suites, std::uint64_t seed, double interval_share = 0.5) {
  std::mt19937_64 rng(seed);
  std::lognormal_distribution<double> sigma_of_row(std::log(0.012), std::log(4.0 / 1.2) / 1.2816);
  std::size_t called = 0;
  for (std::size_t s = 0; s < suites; ++s) {
    bool any = false;
    for (std::size_t r = 0; r < rows; ++r) {
      SimulatedRow row;
      row.runs = runs, row.noise = noise, row.interval_share = interval_share, row.sigma = std::min(0.15, sigma_of_row(rng));
      any = !store::find_changes(simulated_runs(row, rng), options).empty() || any;
    }
    called += any;
  }
  return static_cast<double>(called) / static_cast<double>(suites);
}

}  // namespace benchbox::testing
