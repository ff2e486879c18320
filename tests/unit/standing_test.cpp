// Ties, open questions and the budget: what a table may say of two rows from their ratio paired
// round by round, and a run that spends its budget on the rows whose question is open.
#include "results/standing.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "results/results_file.hpp"
#include "run/measurement.hpp"
#include "run/runner.hpp"
#include "unit/fake_executor.hpp"

using namespace benchbox;

namespace {

// A row of `rounds` values around `level`, each round's value slowed by exp(N(0, noise)) of its
// own and by the round's `spell` (a slow spell of the host slows every row of a round alike).
Measurement row(std::string library, double level, double noise, const std::vector<double>& spell, std::mt19937_64& rng) {
  Measurement m;
  m.module = "fake";
  m.case_id = "step";
  m.library = std::move(library);
  m.status = Status::ok;
  std::normal_distribution<double> own(0, noise);
  for (unsigned r = 0; r < spell.size(); ++r) {
    m.values.push_back(level * spell[r] * std::exp(own(rng)));
    m.rounds.push_back(r);
  }
  m.processes = static_cast<unsigned>(m.values.size());
  m.summary = summarize(m.values);
  return m;
}

std::vector<double> spells(std::size_t rounds, std::mt19937_64& rng) {
  std::vector<double> out;
  std::uniform_real_distribution<double> host(1, 1.3);
  for (std::size_t r = 0; r < rounds; ++r) out.push_back(host(rng));
  return out;
}

}  // namespace

TEST(Standing, OnePercentApartWithFivePercentNoiseIsATie) {
  for (unsigned seed = 1; seed <= 20; ++seed) {
    std::mt19937_64 rng(seed);
    const auto spell = spells(27, rng);
    Measurement a = row("a", 100, 0.05, spell, rng), b = row("b", 101, 0.05, spell, rng);
    set_standings({&a, &b});
    EXPECT_EQ(a.standing.rank, b.standing.rank) << "seed " << seed;
    EXPECT_TRUE(a.standing.shared && b.standing.shared) << "seed " << seed;
    EXPECT_EQ(rank_text(a), "1=");
  }
}

TEST(Standing, TwentyPercentApartWithOnePercentNoiseDiffer) {
  for (unsigned seed = 1; seed <= 20; ++seed) {
    std::mt19937_64 rng(seed);
    const auto spell = spells(9, rng);  // the host's spells (up to 30%) cancel in the paired ratio
    Measurement fast = row("fast", 100, 0.01, spell, rng), slow = row("slow", 120, 0.01, spell, rng);
    set_standings({&slow, &fast});
    EXPECT_EQ(judge_pair(fast, slow).verdict, PairVerdict::different) << "seed " << seed;
    EXPECT_EQ(rank_text(fast), "1");
    EXPECT_EQ(rank_text(slow), "2");
    EXPECT_FALSE(fast.unstable() || slow.unstable()) << "seed " << seed;
  }
}

TEST(Standing, AVerdictNeedsAnIntervalOfNinetyPercentAndABandOfFive) {
  Summary s;
  s.median = 1.5, s.ci_low = 1.2, s.ci_high = 2, s.ci_level = 0.75;  // three rounds: min..max
  EXPECT_EQ(verdict_of(s), PairVerdict::open);
  s.ci_level = 0.9375;
  EXPECT_EQ(verdict_of(s), PairVerdict::different);
  s.median = 1.005, s.ci_low = 1.001, s.ci_high = 1.01;  // significant, but within the noise floor
  EXPECT_EQ(verdict_of(s), PairVerdict::tied);
  s.median = 1.01, s.ci_low = 0.97, s.ci_high = 1.04;  // holds 1, within ±5%: known to be a tie
  EXPECT_EQ(verdict_of(s), PairVerdict::tied);
  s.ci_high = 1.09;  // holds 1 but could hide 9%: open
  EXPECT_EQ(verdict_of(s), PairVerdict::open);
}

TEST(Standing, AnOpenTieIsMarkedWithWhyAndADecidedRowIsNot) {
  std::mt19937_64 rng(3);
  const auto spell = spells(9, rng);
  Measurement best = row("best", 50, 0.005, spell, rng), a = row("a", 100, 0.10, spell, rng), b = row("b", 101, 0.10, spell, rng);
  set_standings({&a, &best, &b});
  EXPECT_EQ(rank_text(best), "1");
  EXPECT_FALSE(best.unstable());
  EXPECT_EQ(rank_text(a), "2=");
  EXPECT_EQ(rank_text(b), "2=");
  // 10% noise, 9 rounds: the tie could hide more than 5%. Open, but "2=" says all there is.
  EXPECT_TRUE(a.standing.open && b.standing.open);
  EXPECT_FALSE(a.unstable() || b.unstable());
  EXPECT_NE(a.standing.why.find("tie with"), std::string::npos) << a.standing.why;
  EXPECT_GT(a.standing.rounds_to_decide, 9.0);
}

TEST(Standing, TheMarkIsForATieWithoutAnIntervalOrARowAloneWithAnOpenRatio) {
  std::mt19937_64 rng(3);
  const auto few = spells(3, rng);  // three rounds: min..max covers 75%
  Measurement best = row("best", 50, 0.005, few, rng), a = row("a", 100, 0.10, few, rng), b = row("b", 101, 0.10, few, rng);
  set_standings({&a, &best, &b});
  EXPECT_TRUE(a.unstable() && b.unstable());  // not even "not told apart" can be said yet
  EXPECT_EQ(a.standing.rounds_to_decide, 0.0);
  const auto nine = spells(9, rng);
  Measurement first = row("first", 50, 0.005, nine, rng), alone = row("alone", 200, 0.15, nine, rng);
  set_standings({&first, &alone});
  EXPECT_EQ(rank_text(alone), "2");
  EXPECT_TRUE(alone.unstable()) << alone.standing.why;  // ranked apart, its 4.00x known to worse than ±5%
  EXPECT_NE(alone.standing.why.find("its ratio to the best"), std::string::npos) << alone.standing.why;
}

TEST(Standing, RoundsToDecideGrowWithTheSpreadAndAreInfiniteAtTheEdge) {
  Summary s;
  s.n = 9, s.ci_level = 0.95, s.median = 1.0, s.ci_low = 0.9, s.ci_high = 1.1;
  const double tie = rounds_to_decide(s);  // a half-width of ~10% down to 5%: about four times the rounds
  EXPECT_GT(tie, 30.0);
  EXPECT_LT(tie, 45.0);
  s.ci_low = 0.95, s.ci_high = 1.052;
  EXPECT_LT(rounds_to_decide(s), tie);
  s.median = 1.035, s.ci_low = 0.99, s.ci_high = 1.08;  // between the floor and the band: either way
  EXPECT_TRUE(std::isfinite(rounds_to_decide(s)));
  s.ci_level = 0.75;
  EXPECT_EQ(rounds_to_decide(s), 0.0);  // no interval yet: not known
}

TEST(Standing, TheReferenceRowIsNotRankedAndRowsWithoutRoundsAreJudgedOnTheirIntervals) {
  std::mt19937_64 rng(5);
  const auto spell = spells(9, rng);
  Measurement floor = row("floor", 10, 0.01, spell, rng), a = row("a", 100, 0.01, spell, rng);
  floor.reference = true;
  Measurement old = row("old", 200, 0.01, spell, rng);
  old.rounds.clear();  // a file before rounds were recorded: rounds are its values' order
  set_standings({&floor, &a, &old});
  EXPECT_EQ(rank_text(floor), "-");
  EXPECT_EQ(rank_text(a), "1");
  EXPECT_EQ(rank_text(old), "2");
}

namespace {

std::vector<LibraryEntry> four_libraries() {
  std::vector<LibraryEntry> out;
  for (const char* id : {"quick", "level", "noisy", "far"}) {
    LibraryEntry e;
    e.id = id;
    e.module = "fake";
    e.available = true;
    e.program = "/fake/adapter";
    e.env = {{"BENCHBOX_FAKE_ID", id}};
    out.push_back(e);
  }
  return out;
}

// quick is ahead and steady: the best row. far is far behind and steady: decided after the first
// set. level and noisy are 1% apart, noisy with 10% noise: their tie stays open, and they get the
// budget's rounds (and quick, the best, with noisy while noisy's ratio to it is open).
FakeExecutor two_close_rows() {
  FakeExecutor fake;
  fake.describe_line.clear();
  fake.per_op_ns_of = {{"quick", 10}, {"level", 20}, {"noisy", 20.2}, {"far", 40}};
  fake.noise_of = {{"quick", 0.002}, {"level", 0.002}, {"noisy", 0.10}, {"far", 0.002}};
  fake.process_seconds = 0.05;
  return fake;
}

RunSettings budgeted(unsigned seconds) {
  RunSettings s;
  s.module = "fake";
  s.cases = {"step"};
  s.axis_values["lanes"] = {"2"};
  s.libexec_dir = "/libexec";
  s.processes = s.reps = 9;
  s.budget = std::chrono::seconds(seconds);
  s.target = std::chrono::milliseconds(10);
  return s;
}

const Measurement& named(const Results& r, const std::string& library) {
  for (const auto& m : r.measurements)
    if (m.library == library) return m;
  throw std::runtime_error("no row " + library);
}

Results run_budgeted(FakeExecutor& fake, const RunSettings& s) {
  const auto catalog = four_libraries();
  Runner runner(*find_module("fake"), s, catalog, fake);
  Results results;
  runner.run(plan(*find_module("fake"), s), results, {});
  return results;
}

}  // namespace

TEST(Budget, TheOpenRowsGetMoreRoundsAndADecidedRowDoesNot) {
  FakeExecutor fake = two_close_rows();
  const Results r = run_budgeted(fake, budgeted(30));
  EXPECT_EQ(named(r, "far").processes, 9u);
  EXPECT_GT(named(r, "level").processes, 9u);  // while its tie with noisy was open
  // noisy's own ratio to the best (10% noise) stays open longer: it goes on alone.
  EXPECT_GE(named(r, "noisy").processes, named(r, "level").processes);
  EXPECT_EQ(named(r, "noisy").rounds.size(), named(r, "noisy").values.size());
  EXPECT_EQ(rank_text(named(r, "quick")), "1");
  EXPECT_EQ(rank_text(named(r, "level")), "2=");
  EXPECT_EQ(rank_text(named(r, "noisy")), "2=");
  EXPECT_EQ(rank_text(named(r, "far")), "4");  // competition ranking: 1, 2=, 2=, 4
  const auto& rounds = r.context.at("rounds");
  EXPECT_EQ(rounds.at("first"), 9);
  EXPECT_EQ(rounds.at("budget_seconds"), 30);
  EXPECT_LE(fake.clock, 30.0);
}

TEST(Budget, TheBudgetStopsTheRounds) {
  FakeExecutor fake = two_close_rows();
  const Results r = run_budgeted(fake, budgeted(4));
  const std::string stopped = r.context.at("rounds").at("stopped");
  EXPECT_NE(stopped.find("budget"), std::string::npos) << stopped;
  EXPECT_LE(fake.clock, 4.0);
  EXPECT_TRUE(named(r, "noisy").ok());
}

TEST(Budget, WithoutABudgetEveryRowGetsTheProcessesAskedFor) {
  FakeExecutor fake = two_close_rows();
  RunSettings s = budgeted(30);
  s.budget.reset();
  const Results r = run_budgeted(fake, s);
  for (const auto& m : r.measurements) EXPECT_EQ(m.processes, 9u) << m.library;
  EXPECT_EQ(r.context.at("rounds").at("stopped"), "the processes asked for");
}

TEST(Budget, DecidedQuestionsEndTheRunBeforeTheBudget) {
  FakeExecutor fake = two_close_rows();
  fake.per_op_ns_of["noisy"] = 30;  // far from level now: nothing open after the first set
  fake.noise_of["noisy"] = 0.002;
  const Results r = run_budgeted(fake, budgeted(600));
  for (const auto& m : r.measurements) EXPECT_EQ(m.processes, 9u) << m.library;
  EXPECT_EQ(r.context.at("rounds").at("stopped"), "every question decided");
}

TEST(Standing, ARateWithoutCommonRoundsIsJudgedOnEveryCornerOfItsIntervals) {
  Measurement fast, slow;
  for (Measurement* m : {&fast, &slow}) {
    m->status = Status::ok;
    m->figure = FigureSpec::rate("mb_per_s", "bytes", 1e6, "MB/s");
  }
  fast.summary.n = slow.summary.n = 9;
  fast.summary.ci_level = slow.summary.ci_level = 0.95;
  fast.summary.median = 100, fast.summary.ci_low = 90, fast.summary.ci_high = 110;
  slow.summary.median = 95, slow.summary.ci_low = 85, slow.summary.ci_high = 105;
  const PairJudgement j = judge_pair(fast, slow);
  EXPECT_FALSE(j.paired);
  EXPECT_NEAR(j.ratio.ci_low, 90.0 / 105, 1e-9);
  EXPECT_NEAR(j.ratio.ci_high, 110.0 / 85, 1e-9);
  EXPECT_EQ(j.verdict, PairVerdict::open);
}

TEST(Standing, SingleValuesOfAFigureNotFromTheClockAreEqualOrNot) {
  Measurement a, b;
  for (Measurement* m : {&a, &b}) {
    m->status = Status::ok;
    m->figure = FigureSpec::score("score");
  }
  a.values = {100}, b.values = {99};
  a.summary = summarize(a.values), b.summary = summarize(b.values);
  EXPECT_EQ(judge_pair(a, b).verdict, PairVerdict::different);
  b.values = {100};
  b.summary = summarize(b.values);
  EXPECT_EQ(judge_pair(a, b).verdict, PairVerdict::tied);
}

TEST(Standing, ARowThatFailsAfterSomeRoundsKeepsNoRoundsAndItsFileLoads) {
  Results r;
  std::mt19937_64 rng(1);
  r.measurements.push_back(row("fails", 10, 0.01, spells(3, rng), rng));
  r.measurements[0].point = Point::of(AxisValue::of(2));
  fail_measurement(r.measurements[0], "killed by signal 9");
  EXPECT_TRUE(r.measurements[0].rounds.empty());
  EXPECT_NO_THROW(results_from_json(to_json(r)));
}

// A tie that the rounds left could not settle at its spread waits: the budget is not spent on it.
TEST(Budget, AQuestionBeyondReachWaitsAndTheRunSaysSo) {
  FakeExecutor fake = two_close_rows();
  fake.noise_of["noisy"] = 0.40;
  const Results r = run_budgeted(fake, budgeted(30));
  EXPECT_EQ(named(r, "far").processes, 9u);
  EXPECT_LT(named(r, "noisy").processes, kMostProcessesPerRow);
  EXPECT_TRUE(named(r, "noisy").standing.open);
  const std::string stopped = r.context.at("rounds").at("stopped");
  EXPECT_NE(stopped.find("beyond the budget's reach"), std::string::npos) << stopped;
  EXPECT_LT(fake.clock, 15.0);  // half the budget left unspent
}

// A marked row beyond reach still gets the seconds left before it is reported unsure: the budget
// is spent on what the mark says, not on shared ranks that stay shared.
TEST(Budget, WithNothingWithinReachTheMarkedRowsGetTheSecondsLeft) {
  FakeExecutor fake = two_close_rows();
  fake.noise_of["far"] = 0.40;  // ranked alone, its ratio to the best known to ±40%: marked
  fake.noise_of["noisy"] = 0.002;
  const Results r = run_budgeted(fake, budgeted(30));
  EXPECT_GT(named(r, "far").processes, 9u);
  EXPECT_GT(named(r, "quick").processes, 9u);  // the best row, with it: their ratio stays paired
  EXPECT_EQ(named(r, "level").processes, 9u);
}

// After each round the observer sees the rows still in their rounds, as they stand (the --json
// file keeps them, so that a run killed outright leaves them); nothing once they are recorded.
TEST(Budget, EachRoundShowsTheRowsSoFarAndTheEndShowsNone) {
  FakeExecutor fake = two_close_rows();
  const auto catalog = four_libraries();
  const RunSettings s = budgeted(30);
  Runner runner(*find_module("fake"), s, catalog, fake);
  Results results;
  std::vector<std::size_t> seen;
  unsigned most_processes = 0;
  RunObserver observer;
  observer.rounds_so_far = [&](const std::vector<Measurement>& rows) {
    seen.push_back(rows.size());
    for (const auto& m : rows) {
      EXPECT_EQ(m.summary.n, m.values.size()) << m.library;
      most_processes = std::max(most_processes, m.processes);
    }
  };
  runner.run(plan(*find_module("fake"), s), results, observer);
  ASSERT_GE(seen.size(), 10u);  // the first set's 9 rounds, a later one, the end
  EXPECT_EQ(seen.front(), 4u);
  EXPECT_EQ(seen.back(), 0u);
  EXPECT_GT(most_processes, 9u);
  EXPECT_EQ(results.measurements.size(), 4u);
}
