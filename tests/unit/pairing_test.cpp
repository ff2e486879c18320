// Paired ratios: a slow spell of the host that slows every row of a round cancels in a row's ratio
// to the others; a row that moves by itself stays unsure.
#include "results/pairing.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "report/findings.hpp"
#include "results/standing.hpp"
#include "results/statistics.hpp"

using namespace benchbox;

namespace {

Measurement row(std::string library, std::vector<double> values) {
  Measurement m;
  m.module = "coroutine";
  m.case_id = "switch";
  m.param_label = "2 coroutines";
  m.library = std::move(library);
  m.status = Status::ok;
  m.processes = static_cast<unsigned>(values.size());
  m.values = std::move(values);
  m.summary = summarize(m.values);
  return m;
}

// Rounds 3 and 4 slow for every row (a spell of the host), 7 rounds.
const std::vector<double> kSpell = {1, 1, 1.4, 1.4, 1, 1, 1};

std::vector<double> scaled(double by, const std::vector<double>& v) {
  std::vector<double> out;
  for (double x : v) out.push_back(by * x);
  return out;
}

}  // namespace

TEST(Pairing, ASpellThatSlowsEveryRowIsNotInstabilityOfTheirStanding) {
  std::vector<Measurement> rows = {row("a", scaled(2, kSpell)), row("b", scaled(6, kSpell)), row("c", scaled(10, kSpell))};
  set_paired_ratios({&rows[0], &rows[1], &rows[2]});
  for (const auto& m : rows) {
    EXPECT_GT(m.uncertainty(), 0.05) << m.library;  // the median's own interval sees the spell
    ASSERT_TRUE(m.others_ratio) << m.library;
    EXPECT_FALSE(m.unstable()) << m.library;        // the standing among the rows does not move
  }
  EXPECT_DOUBLE_EQ(rows[1].others_ratio->median, 6 / std::sqrt(2 * 10.0));
}

TEST(Pairing, ARowThatMovesByItselfSharesARankItsTieOpenAndTheWarningSaysWhy) {
  Results r;
  for (double by : {2, 4, 6, 8, 10}) r.measurements.push_back(row("steady " + std::to_string(int(by)), scaled(by, kSpell)));
  std::vector<double> moves = {10, 12, 10, 12, 10, 12, 11};  // 20% by itself, round to round, and the spell
  for (std::size_t k = 0; k < moves.size(); ++k) moves[k] *= kSpell[k];
  r.measurements.push_back(row("moves", moves));
  std::vector<Measurement*> point;
  for (auto& m : r.measurements) point.push_back(&m);
  set_paired_ratios(point);
  set_standings(point);
  for (std::size_t k = 0; k + 2 < r.measurements.size(); ++k) EXPECT_FALSE(r.measurements[k].standing.open) << k;
  // moves is 0-20% slower than steady 10, round by round: not told apart, and not shown tied either.
  // The shared rank says so; the question stays open for the budget's rounds, without the mark.
  EXPECT_EQ(rank_text(r.measurements[4]), "5=");
  EXPECT_EQ(rank_text(r.measurements.back()), "5=");
  EXPECT_TRUE(r.measurements.back().standing.open && r.measurements[4].standing.open);
  EXPECT_FALSE(r.measurements.back().unstable() || r.measurements[4].unstable());
  add_run_findings(r);
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings.back().find("2 of 6 rows share a rank with a row they are neither told apart from nor shown tied to"),
            std::string::npos)
      << r.warnings.back();
  EXPECT_NE(r.warnings.back().find("moves (switch 2 coroutines: tie with steady 10 undecided: ratio "), std::string::npos)
      << r.warnings.back();
}

TEST(Pairing, AloneARowIsJudgedOnItsMedianAndTheWarningSaysSo) {
  Results r;
  r.measurements = {row("alone", scaled(2, kSpell))};
  set_paired_ratios({&r.measurements[0]});
  set_standings(r);
  EXPECT_FALSE(r.measurements[0].others_ratio);
  EXPECT_TRUE(r.measurements[0].unstable());
  add_run_findings(r);
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings.back().find("(alone (switch 2 coroutines: its median known only to ±20%))"),
            std::string::npos)
      << r.warnings.back();
}

// The reference row (the floor) is one of the others, and is judged like every row.
TEST(Pairing, TheReferenceRowIsAmongTheOthersAndIsJudgedToo) {
  std::vector<Measurement> rows = {row("floor", scaled(1, kSpell)), row("a", scaled(4, kSpell))};
  rows[0].reference = true;
  set_paired_ratios({&rows[0], &rows[1]});
  ASSERT_TRUE(rows[0].others_ratio);
  ASSERT_TRUE(rows[1].others_ratio);
  EXPECT_DOUBLE_EQ(rows[1].others_ratio->median, 4);
  EXPECT_DOUBLE_EQ(rows[0].others_ratio->median, 0.25);
  ASSERT_TRUE(rows[1].reference_ratio);
  EXPECT_DOUBLE_EQ(rows[1].reference_ratio->median, 4);
}

// Bytes, or several values a round, do not pair: such rows keep the median's rule.
TEST(Pairing, FiguresNotFromTheClockAndRowsOfOtherRoundsDoNotPair) {
  std::vector<Measurement> bytes = {row("a", {100, 100, 100}), row("b", {200, 200, 200})};
  for (auto& m : bytes) m.figure = FigureSpec::bytes("bytes_per_coroutine", "coroutine");
  set_paired_ratios({&bytes[0], &bytes[1]});
  EXPECT_FALSE(bytes[0].others_ratio);
  std::vector<Measurement> rounds = {row("a", scaled(2, kSpell)), row("b", {1, 2, 3})};
  rounds[1].processes = 1;  // three values from one process
  set_paired_ratios({&rounds[0], &rounds[1]});
  EXPECT_FALSE(rounds[0].others_ratio);
  EXPECT_FALSE(rounds[1].others_ratio);
}
