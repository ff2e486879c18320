// The change-point method's false alarms and detections on synthetic series, as the tables of
// docs/measurement.md ("Change points") show them: per row by noise and run count, per suite of
// 110 rows, and the method's choices against their alternatives. Fixed seeds: the same build
// prints the same tables. Usage: benchbox_trend_simulation [TRIALS_SCALE] (1: as documented).
#include <fmt/format.h>

#include <cstdlib>
#include <initializer_list>

#include "unit/trend_simulation.hpp"

using namespace benchbox;
using namespace benchbox::testing;

namespace {

constexpr Noise kNoises[] = {Noise::normal, Noise::heavy, Noise::correlated};

// Per row: the share of flat series with any change called, and of series 10% slower from the
// middle run on with the change called there.
void per_row(double scale) {
  const auto trials = static_cast<std::size_t>(20000 * scale), steps = static_cast<std::size_t>(4000 * scale);
  fmt::print("| runs | noise | sigma 0.5% | 1% | 2% | 3% | 5% |\n|---|---|---|---|---|---|---|\n");
  for (std::size_t runs : {6, 20})
    for (Noise noise : kNoises) {
      fmt::print("| {} | {} |", runs, to_string(noise));
      for (double sigma : {0.005, 0.01, 0.02, 0.03, 0.05}) {
        SimulatedRow row;
        row.runs = runs, row.noise = noise, row.sigma = sigma;
        const double false_alarms = call_rates(row, {}, trials, 1).any;
        row.step = 0.10, row.step_at = runs / 2;
        fmt::print(" {:.2f}% / {:.0f}% |", 100 * false_alarms, 100 * call_rates(row, {}, steps, 2).at_step);
      }
      fmt::print("\n");
    }
}

void per_suite(double scale) {
  fmt::print("\n| runs | normal | heavy-tailed | correlated |\n|---|---|---|---|\n");
  for (std::size_t runs : {6, 20}) {
    const auto suites = static_cast<std::size_t>((runs == 6 ? 2000 : 1000) * scale);
    fmt::print("| {} |", runs);
    for (Noise noise : kNoises) fmt::print(" {:.1f}% |", 100 * suite_false_alarms(runs, 110, noise, {}, suites, 3));
    fmt::print("\n");
  }
}

// The choices on 6 runs of Gaussian noise: each alternative against the method as it is.
void choices(double scale) {
  const auto trials = static_cast<std::size_t>(20000 * scale), suites = static_cast<std::size_t>(2000 * scale);
  struct Variant {
    const char* name;
    store::ChangeOptions options;
    double interval_share;
  };
  store::ChangeOptions two_runs, loose;
  two_runs.min_runs = 2;
  loose.alpha = 0.01;
  const Variant variants[] = {{"as it is (3 runs a side, alpha 0.003, intervals as a floor)", {}, 0.5},
                              {"2 runs a side", two_runs, 0.5},
                              {"alpha 0.01", loose, 0.5},
                              {"no interval floor (intervals unknown)", {}, 0}};
  fmt::print("\n| 6 runs, Gaussian | suites of 110 with a call | false alarms, sigma 3% / 5% | 10% step called, sigma 1% / 2% |\n|---|---|---|---|\n");
  for (const auto& v : variants) {
    SimulatedRow row;
    row.interval_share = v.interval_share;
    fmt::print("| {} | {:.1f}% |", v.name, 100 * suite_false_alarms(6, 110, Noise::normal, v.options, suites, 3, v.interval_share));
    for (double sigma : {0.03, 0.05}) row.sigma = sigma, fmt::print(" {:.2f}%", 100 * call_rates(row, v.options, trials, 1).any);
    fmt::print(" |");
    row.step = 0.10;
    for (double sigma : {0.01, 0.02}) row.sigma = sigma, fmt::print(" {:.0f}%", 100 * call_rates(row, v.options, trials / 5, 2).at_step);
    fmt::print(" |\n");
  }
}

// A row whose runs agree within 0.5% but each known only to +-8%: a 5.5% step is not called.
void interval_floor(double scale) {
  SimulatedRow row;
  row.sigma = 0.005, row.step = 0.055;
  const auto trials = static_cast<std::size_t>(4000 * scale);
  row.interval_share = 0.08 / (1.959964 * 0.005);
  const double wide = call_rates(row, {}, trials, 4).at_step;
  row.interval_share = 0.5;
  const double narrow = call_rates(row, {}, trials, 4).at_step;
  fmt::print("\nRuns within 0.5%, each known to +-8%, a 5.5% step from run 4: called in {:.1f}% (each known to +-0.5%: {:.1f}%)\n",
             100 * wide, 100 * narrow);
}

// A spell of the host over the last two of six runs (runs within 1% otherwise, each known to
// +-1%): a step to 2 runs a side, never to 3.
void host_spell(double scale) {
  SimulatedRow row;
  row.sigma = 0.01, row.step = 0.08, row.step_at = 4;
  const auto trials = static_cast<std::size_t>(4000 * scale);
  store::ChangeOptions two_runs;
  two_runs.min_runs = 2;
  fmt::print("The last two of 6 runs 8% off (a spell of the host; sigma 1%): called in {:.1f}% with 3 runs a side, {:.1f}% with 2\n",
             100 * call_rates(row, {}, trials, 5).any, 100 * call_rates(row, two_runs, trials, 5).any);
}

}  // namespace

int main(int argc, char** argv) {
  const double scale = argc > 1 ? std::atof(argv[1]) : 1.0;
  fmt::print("Per row: false alarms (a flat series called anywhere) / detections (a 10% step at the middle run called there)\n\n");
  per_row(scale);
  fmt::print("\nPer suite of 110 rows without a change: share of suites with any row called\n");
  per_suite(scale);
  choices(scale);
  interval_floor(scale);
  host_spell(scale);
  return 0;
}
