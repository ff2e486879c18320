#include "report/compare.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "report_fixtures.hpp"
#include "results/standing.hpp"

using namespace benchbox;
using namespace benchbox::testing;

namespace {
std::vector<double> around(double centre, int n) {
  std::vector<double> out;
  for (int i = 0; i < n; ++i) out.push_back(centre * (1 + 0.01 * ((i % 5) - 2)));  // +-2% spread
  return out;
}
Results one_row(const std::string& library, std::vector<double> reps) {
  Results r;
  r.context = {{"host", "h"}};
  r.measurements = {row(library, "switch", 2, std::move(reps))};
  return r;
}
}  // namespace

TEST(Compare, TwentyPercentSlowerWithTenRepsIsSlower) {
  const Comparison c = compare_results(one_row("tbox", around(10, 10)), one_row("tbox", around(12, 10)), {});
  ASSERT_EQ(c.rows.size(), 1u);
  EXPECT_EQ(c.rows[0].verdict, Verdict::worse);
  EXPECT_LT(*c.rows[0].p, 0.05);
  EXPECT_NEAR(c.rows[0].change, 0.2, 1e-9);
  EXPECT_FALSE(c.regression());  // no --fail-on-regression
}

TEST(Compare, FasterIsFaster) {
  const Comparison c = compare_results(one_row("tbox", around(12, 10)), one_row("tbox", around(10, 10)), {});
  EXPECT_EQ(c.rows[0].verdict, Verdict::better);
}

TEST(Compare, IdenticalInputsAreUnchangedBecauseOfP) {
  const Comparison c = compare_results(one_row("tbox", around(10, 10)), one_row("tbox", around(10, 10)), {});
  EXPECT_EQ(c.rows[0].verdict, Verdict::unchanged);
  EXPECT_GE(*c.rows[0].p, 0.05);
  EXPECT_EQ(c.rows[0].why, "q >= 0.05");
}

TEST(Compare, SmallSignificantChangeIsUnchangedByTheNoiseFloor) {
  std::vector<double> a(10), b(10);
  for (int i = 0; i < 10; ++i) a[i] = 10 + 0.001 * i, b[i] = 10.4 + 0.001 * i;  // +4%, no overlap
  const Comparison c = compare_results(one_row("tbox", a), one_row("tbox", b), {});
  EXPECT_LT(*c.rows[0].p, 0.05);
  EXPECT_EQ(c.rows[0].verdict, Verdict::unchanged);
  EXPECT_EQ(c.rows[0].why, "|change| < 5%");  // the default minimum effect
  CompareOptions quiet;
  quiet.noise_floor = 0.02;
  EXPECT_EQ(compare_results(one_row("tbox", a), one_row("tbox", b), quiet).rows[0].verdict, Verdict::worse);
}

TEST(Compare, FailOnRegressionNeedsSizeAndSignificance) {
  CompareOptions opt;
  opt.fail_on_regression = 0.10;
  EXPECT_TRUE(compare_results(one_row("tbox", around(10, 10)), one_row("tbox", around(12, 10)), opt).regression());
  opt.fail_on_regression = 0.25;
  EXPECT_FALSE(compare_results(one_row("tbox", around(10, 10)), one_row("tbox", around(12, 10)), opt).regression());
  opt.fail_on_regression = 0.10;  // 20% slower, but 2 reps each: p cannot go below 0.05
  EXPECT_FALSE(compare_results(one_row("tbox", around(10, 2)), one_row("tbox", around(12, 2)), opt).regression());
}

TEST(Compare, RowsInOneFileOnlyAreListed) {
  Results old_r = one_row("tbox", around(10, 5));
  Results new_r = one_row("tbox", around(10, 5));
  old_r.measurements.push_back(row("gone", "switch", 2, around(5, 5)));
  new_r.measurements.push_back(row("added", "switch", 2, around(5, 5)));
  new_r.measurements.push_back(row("broke", "switch", 2, {}, Status::failed, "crash"));
  old_r.measurements.push_back(row("broke", "switch", 2, around(5, 5)));
  const Comparison c = compare_results(old_r, new_r, {});
  EXPECT_EQ(c.rows.size(), 1u);
  ASSERT_EQ(c.unmatched.size(), 3u);
  EXPECT_EQ(c.unmatched[0].library, "gone");
  EXPECT_EQ(c.unmatched[0].new_state, "absent");
  EXPECT_EQ(c.unmatched[1].library, "broke");
  EXPECT_EQ(c.unmatched[1].new_state, "failed: crash");
  EXPECT_EQ(c.unmatched[2].library, "added");
  EXPECT_EQ(c.unmatched[2].old_state, "absent");
  const std::string text = render_comparison(c, {});
  EXPECT_NE(text.find("Not compared:"), std::string::npos);
  EXPECT_NE(text.find("unchanged (q >= 0.05)"), std::string::npos);
}

// For a CI gate a library that ran before and does not now (failed, skipped, gone) is the worst
// regression; a library that is new, or that did not run before either, is not.
TEST(Compare, UnderFailOnRegressionARowThatStoppedRunningFails) {
  Results old_r = one_row("tbox", around(10, 5));
  Results new_r = one_row("tbox", around(10, 5));
  old_r.measurements.push_back(row("gone", "switch", 2, around(5, 5)));
  new_r.measurements.push_back(row("added", "switch", 2, around(5, 5)));
  old_r.measurements.push_back(row("broke", "switch", 2, around(5, 5)));
  new_r.measurements.push_back(row("broke", "switch", 2, {}, Status::failed, "crash"));
  old_r.measurements.push_back(row("never", "switch", 2, {}, Status::failed, "crash"));
  new_r.measurements.push_back(row("never", "switch", 2, {}, Status::failed, "crash"));
  CompareOptions gate;
  gate.fail_on_regression = 0.1;
  const Comparison c = compare_results(old_r, new_r, gate);
  ASSERT_EQ(c.unmatched.size(), 4u);
  for (const auto& u : c.unmatched) EXPECT_EQ(u.lost, u.library == "gone" || u.library == "broke") << u.library;
  EXPECT_TRUE(c.regression());
  EXPECT_NE(render_comparison(c, gate).find("broke: old ok; new failed: crash  REGRESSION (ran before, not now)"), std::string::npos);
  EXPECT_FALSE(compare_results(old_r, new_r, {}).regression());  // without the gate: listed, not failed
}

// Nothing compared is not "no regression": files of other cases, or every row failed.
TEST(Compare, NothingComparedIsSaid) {
  Results other = one_row("tbox", around(10, 5));
  other.measurements[0].case_id = "create";
  EXPECT_NE(compare_results(one_row("tbox", around(10, 5)), other, {}).nothing_compared.find("old: coroutine switch; new: coroutine create"),
            std::string::npos);
  Results failed = one_row("tbox", {});
  failed.measurements[0] = row("tbox", "switch", 2, {}, Status::failed, "crash");
  EXPECT_FALSE(compare_results(failed, failed, {}).nothing_compared.empty());
  EXPECT_TRUE(compare_results(one_row("tbox", around(10, 5)), one_row("tbox", around(10, 5)), {}).nothing_compared.empty());
}

// With several runs a side, the row that stopped running is shown as it failed, whichever run it was.
TEST(Compare, SeveralRunsShowTheRunWhereARowFailed) {
  Results broken = one_row("tbox", {});
  broken.measurements[0] = row("tbox", "switch", 2, {}, Status::failed, "crash");
  CompareOptions gate;
  gate.fail_on_regression = 0.1;
  const Comparison c = compare_runs({one_row("tbox", around(10, 5)), one_row("tbox", around(10, 5))},
                                    {one_row("tbox", around(10, 5)), broken}, gate);
  ASSERT_EQ(c.unmatched.size(), 1u);
  EXPECT_EQ(c.unmatched[0].new_state, "failed: crash");
  EXPECT_TRUE(c.unmatched[0].lost);
  Results without = one_row("tbox", around(10, 5));
  without.measurements[0].library = "other";
  const Comparison d = compare_runs({one_row("tbox", around(10, 5))}, {without, one_row("tbox", around(10, 5))}, gate);
  ASSERT_FALSE(d.unmatched.empty());
  EXPECT_EQ(d.unmatched[0].new_state, "absent from one of the new runs");
}

// Instruction counts are exact: one value against one is compared by its change, in both directions.
TEST(Compare, ExactCountsFailOnRegressionByTheirChangeAlone) {
  auto counted = [](double instructions) {
    Results r = one_row("tbox", {instructions});
    r.measurements[0].figure = FigureSpec::instructions();
    return r;
  };
  CompareOptions opt;
  opt.fail_on_regression = 0.05;
  Comparison c = compare_results(counted(100), counted(110), opt);
  ASSERT_EQ(c.rows.size(), 1u);
  EXPECT_TRUE(c.rows[0].exact());
  EXPECT_EQ(c.rows[0].verdict, Verdict::worse);
  EXPECT_TRUE(c.regression());
  c = compare_results(counted(110), counted(100), opt);
  EXPECT_EQ(c.rows[0].verdict, Verdict::better);
  EXPECT_FALSE(c.regression());
  c = compare_results(counted(100), counted(100), opt);
  EXPECT_EQ(c.rows[0].verdict, Verdict::unchanged);
  EXPECT_FALSE(c.regression());
  EXPECT_NE(render_comparison(c, opt).find("exact"), std::string::npos);
}

// For a figure where higher is better (a score), a drop is the regression.
TEST(Compare, HigherIsBetterFiguresRegressDownwards) {
  auto scored = [](double score) {
    Results r = one_row("lib", {score});
    r.measurements[0].figure = FigureSpec::score("conformance");
    r.measurements[0].figure.kind = FigureKind::instructions;  // exact, like a score
    r.measurements[0].figure.lower_is_better = false;
    return r;
  };
  CompareOptions opt;
  opt.fail_on_regression = 0.05;
  EXPECT_TRUE(compare_results(scored(100), scored(80), opt).regression());
  EXPECT_FALSE(compare_results(scored(80), scored(100), opt).regression());
}

namespace {
// A file with the floor and one library, one value per round (nine rounds, one process each);
// `host` scales both rows' round k by host[k]: a slow or fast period of the machine.
Results paired_run(double floor_ns, double library_ns, const std::vector<double>& host) {
  std::vector<double> floor_values, library_values;
  for (std::size_t k = 0; k < host.size(); ++k) {
    const double jitter = 1 + 0.004 * static_cast<double>(k % 3);  // the rows' own small noise
    floor_values.push_back(floor_ns * host[k] * jitter);
    library_values.push_back(library_ns * host[k] / jitter);
  }
  Results r;
  r.context = {{"host", "h"}, {"benchbox_revision", "abc"}, {"build_type", "Release"}, {"compiler", "GNU 12"}, {"cxx_flags", "-O2"}};
  r.measurements = {row("floor", "switch", 2, floor_values), row("tbox", "switch", 2, library_values)};
  for (auto& m : r.measurements) m.processes = static_cast<unsigned>(host.size());
  return r;
}
const std::vector<double> kSteadyHost{1, 1.02, 0.99, 1.01, 1, 0.98, 1.01, 1, 0.99};
std::vector<double> slower_host(double factor) {
  std::vector<double> out;
  for (double h : kSteadyHost) out.push_back(h * factor);
  return out;
}
const ComparedRow& library_row(const Comparison& c) {
  for (const auto& r : c.rows)
    if (r.library == "tbox") return r;
  throw std::logic_error("no tbox row");
}
}  // namespace

// The whole second run on a host 25% slower: the medians call it worse, the rounds' ratios to the
// floor do not, and the verdict stands on those.
TEST(Compare, PairedRatiosCancelASlowerHost) {
  const Comparison c = compare_results(paired_run(2, 10, kSteadyHost), paired_run(2, 10, slower_host(1.25)), {});
  const ComparedRow& r = library_row(c);
  EXPECT_TRUE(r.by_ratio);
  ASSERT_TRUE(r.ratio_change.has_value());
  EXPECT_NEAR(*r.ratio_change, 0, 0.01);
  EXPECT_NEAR(r.change, 0.25, 0.02);
  EXPECT_EQ(r.verdict, Verdict::unchanged);
  const std::string text = render_comparison(c, {});
  EXPECT_NE(text.find("the verdict and p stand on it"), std::string::npos);
  EXPECT_NE(text.find("(the reference: the machine's change)"), std::string::npos);
  CompareOptions strict;
  strict.fail_on_regression = 0.10;  // the floor is 25% slower, but that is the machine: no regression
  EXPECT_FALSE(compare_results(paired_run(2, 10, kSteadyHost), paired_run(2, 10, slower_host(1.25)), strict).regression());
  // The floor itself has no ratio: its medians judge it.
  for (const auto& f : c.rows) {
    if (f.library == "floor") {
      EXPECT_FALSE(f.ratio_change.has_value());
    }
  }
  CompareOptions medians;
  medians.medians_only = true;
  const Comparison by_medians = compare_results(paired_run(2, 10, kSteadyHost), paired_run(2, 10, slower_host(1.25)), medians);
  const ComparedRow& m = library_row(by_medians);
  EXPECT_FALSE(m.by_ratio);
  EXPECT_EQ(m.verdict, Verdict::worse);
}

// The library itself 20% slower on the same host: worse by its paired ratio, and a regression.
TEST(Compare, PairedRatiosSeeALibraryThatGotSlower) {
  CompareOptions opt;
  opt.fail_on_regression = 0.10;
  const Comparison c = compare_results(paired_run(2, 10, kSteadyHost), paired_run(2, 12, kSteadyHost), opt);
  const ComparedRow& r = library_row(c);
  EXPECT_TRUE(r.by_ratio);
  EXPECT_NEAR(*r.ratio_change, 0.20, 0.02);
  EXPECT_EQ(r.verdict, Verdict::worse);
  EXPECT_LT(*r.p, 0.05);
  EXPECT_TRUE(c.regression());
}

// Rows not paired round by round (several repetitions per process, as benchbox 0.1 wrote them)
// are judged by their medians.
TEST(Compare, RowsWithoutRoundsFallBackToMedians) {
  Results old_r = paired_run(2, 10, kSteadyHost), new_r = paired_run(2, 12, kSteadyHost);
  for (auto* file : {&old_r, &new_r})
    for (auto& m : file->measurements) m.processes = 3;
  const Comparison c = compare_results(old_r, new_r, {});
  const ComparedRow& r = library_row(c);
  EXPECT_FALSE(r.ratio_change.has_value());
  EXPECT_FALSE(r.by_ratio);
  EXPECT_EQ(r.verdict, Verdict::worse);
}

// Another build (here: other compiler flags) and the floor 25% slower: that may be the build's
// doing, so the floor's change can be a regression.
TEST(Compare, AnotherBuildsReferenceRowCanRegress) {
  CompareOptions strict;
  strict.fail_on_regression = 0.10;
  Results new_r = paired_run(2, 10, slower_host(1.25));
  new_r.context["cxx_flags"] = "-O0";
  const Comparison c = compare_results(paired_run(2, 10, kSteadyHost), new_r, strict);
  EXPECT_TRUE(c.regression());
  for (const auto& r : c.rows) EXPECT_FALSE(r.machine_change);
}

// The adapters' own flags make another build as well (their code placement moved a figure by 17%).
TEST(Compare, OtherAdapterFlagsAreAnotherBuild) {
  CompareOptions strict;
  strict.fail_on_regression = 0.10;
  Results old_r = paired_run(2, 10, kSteadyHost), new_r = paired_run(2, 10, slower_host(1.25));
  old_r.context["adapter_flags"] = "-falign-functions=64";
  const Comparison c = compare_results(old_r, new_r, strict);
  EXPECT_TRUE(c.regression());
  for (const auto& r : c.rows) EXPECT_FALSE(r.machine_change);
  // The same flags on both sides: one build again, and the floor's change is the machine's.
  new_r.context["adapter_flags"] = "-falign-functions=64";
  new_r.context["library_flags"] = old_r.context["library_flags"] = "-O2";
  const Comparison same = compare_results(old_r, new_r, strict);
  EXPECT_FALSE(same.regression());
  EXPECT_TRUE(std::any_of(same.rows.begin(), same.rows.end(), [](const ComparedRow& r) { return r.machine_change; }));
}

// Large swings of the host from round to round, in another order in each file, and the library
// itself 6% slower: only the pairing round by round sees it; the medians cannot.
TEST(Compare, PairingIsRoundByRound) {
  const std::vector<double> swings_a{1.0, 1.3, 0.8, 1.2, 0.9, 1.25, 0.85, 1.1, 0.95};
  const std::vector<double> swings_b{1.25, 0.8, 1.1, 0.9, 1.3, 0.85, 1.2, 0.95, 1.0};
  const Comparison paired = compare_results(paired_run(2, 10, swings_a), paired_run(2, 10.6, swings_b), {});
  const ComparedRow& r = library_row(paired);
  EXPECT_TRUE(r.by_ratio);
  EXPECT_EQ(r.verdict, Verdict::worse);
  EXPECT_LT(*r.p, 0.05);
  CompareOptions medians;
  medians.medians_only = true;
  const Comparison by_medians = compare_results(paired_run(2, 10, swings_a), paired_run(2, 10.6, swings_b), medians);
  EXPECT_EQ(library_row(by_medians).verdict, Verdict::unchanged);
}

// A reference row with another number of values than the row (rounds not recorded: a file before
// schema 4), or a zero among them: no pairing.
TEST(Compare, NoPairingWithoutOneReferenceValuePerRound) {
  Results old_r = paired_run(2, 10, kSteadyHost), new_r = paired_run(2, 10, kSteadyHost);
  new_r.measurements[0].values.pop_back();
  new_r.measurements[0].processes -= 1;
  const Comparison fewer = compare_results(old_r, new_r, {});
  EXPECT_FALSE(library_row(fewer).by_ratio);
  new_r = paired_run(2, 10, kSteadyHost);
  new_r.measurements[0].values[3] = 0;
  const Comparison zero = compare_results(old_r, new_r, {});
  EXPECT_FALSE(library_row(zero).by_ratio);
}

namespace {
// A run of `libraries` rows plus the floor, nine rounds; each value has the host's swing of its
// round and the row's own noise (a fixed generator per run: two runs, two draws of the noise).
Results noisy_run(unsigned seed, std::size_t libraries, const std::string& slowed = "", double factor = 1) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> own(1.0, 0.03), host(1.0, 0.10);
  std::vector<double> swing;
  for (int k = 0; k < 9; ++k) swing.push_back(std::max(0.5, host(gen)));
  Results r;
  r.context = {{"host", "h"}, {"benchbox_revision", "abc"}, {"build_type", "Release"}, {"compiler", "GNU 12"}, {"cxx_flags", "-O2"}};
  for (std::size_t i = 0; i <= libraries; ++i) {
    const std::string name = i == 0 ? "floor" : "lib" + std::to_string(i);
    std::vector<double> values;
    for (double s : swing) values.push_back((10.0 + static_cast<double>(i)) * s * own(gen) * (name == slowed ? factor : 1));
    r.measurements.push_back(row(name, "switch", 2, values));
    r.measurements.back().processes = 9;
  }
  return r;
}
}  // namespace

// Two runs of one build, a hundred rows, only noise between them: nothing is called better or
// worse (at p < 0.05 per row, about five would be); one library slowed by 10% is still caught.
TEST(Compare, ManyRowsOfNoiseCallNothingAndASlowedLibraryIsCaught) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    const Comparison same = compare_results(noisy_run(seed, 100), noisy_run(seed + 100, 100), {});
    std::size_t called = 0;
    for (const auto& r : same.rows) called += r.verdict != Verdict::unchanged;
    EXPECT_EQ(called, 0u) << "seed " << seed;
  }
  CompareOptions opt;
  opt.fail_on_regression = 0.05;
  const Comparison slowed = compare_results(noisy_run(7, 100), noisy_run(8, 100, "lib42", 1.10), opt);
  for (const auto& r : slowed.rows) {
    if (r.library == "lib42") {
      EXPECT_TRUE(r.by_ratio);
      EXPECT_EQ(r.verdict, Verdict::worse);
      EXPECT_NEAR(*r.ratio_change, 0.10, 0.04);
    } else {
      EXPECT_EQ(r.verdict, Verdict::unchanged) << r.library;
    }
  }
  EXPECT_TRUE(slowed.regression());
}

// Three runs per side of one build, where the host moved tbox by 13% in one new run only (as
// between real runs here, docs/measurement.md, "Several runs per side"): one run against one
// calls it; three against three do not, because the other new runs lie among the old ones.
TEST(Compare, SeveralRunsPerSideDoNotCallARowTheHostMovedInOneRun) {
  const std::vector<Results> old_runs{paired_run(2, 10, kSteadyHost), paired_run(2, 10.1, kSteadyHost),
                                      paired_run(2, 9.95, kSteadyHost)};
  const std::vector<Results> new_runs{paired_run(2, 10.08, kSteadyHost), paired_run(2, 11.3, kSteadyHost),
                                      paired_run(2, 10.12, kSteadyHost)};
  EXPECT_EQ(library_row(compare_results(old_runs[0], new_runs[1], {})).verdict, Verdict::worse);
  EXPECT_LT(*library_row(compare_runs(old_runs, new_runs, {})).q, 0.05);  // pooled, the U test alone would call it
  const Comparison c = compare_runs(old_runs, new_runs, {});
  const ComparedRow& r = library_row(c);
  EXPECT_EQ(r.old_runs, 3u);
  EXPECT_EQ(r.old_reps, 27u);
  ASSERT_TRUE(r.runs_separated.has_value());
  EXPECT_FALSE(*r.runs_separated);
  EXPECT_EQ(r.verdict, Verdict::unchanged);
  EXPECT_EQ(r.why, "runs overlap");
  const std::string text = render_comparison(c, {});
  EXPECT_NE(text.find("(3 runs)"), std::string::npos);
  EXPECT_EQ(text.find("note: one run per side"), std::string::npos);
  EXPECT_NE(render_comparison(compare_results(old_runs[0], new_runs[0], {}), {}).find("note: one run per side"),
            std::string::npos);
}

// A library 10% slower in every new run: every new run lies beyond every old one, and it is called.
TEST(Compare, SeveralRunsPerSideCatchATenPercentSlowdown) {
  CompareOptions opt;
  opt.fail_on_regression = 0.05;
  const std::vector<Results> old_runs{paired_run(2, 10, kSteadyHost), paired_run(2, 10.1, kSteadyHost),
                                      paired_run(2, 9.95, kSteadyHost)};
  const std::vector<Results> new_runs{paired_run(2, 11, kSteadyHost), paired_run(2, 11.1, slower_host(1.1)),
                                      paired_run(2, 10.9, kSteadyHost)};
  const Comparison c = compare_runs(old_runs, new_runs, opt);
  const ComparedRow& r = library_row(c);
  EXPECT_TRUE(r.runs_separated.value_or(false));
  EXPECT_EQ(r.verdict, Verdict::worse);
  EXPECT_NEAR(*r.ratio_change, 0.10, 0.02);
  EXPECT_TRUE(c.regression());
}

// A row missing from one run of a side is listed, not compared on the runs that have it.
TEST(Compare, ARowAbsentFromOneRunIsNotCompared) {
  Results thin = paired_run(2, 10, kSteadyHost);
  thin.measurements.pop_back();  // tbox gone
  const Comparison c = compare_runs({paired_run(2, 10, kSteadyHost), thin}, {paired_run(2, 10, kSteadyHost)}, {});
  ASSERT_EQ(c.unmatched.size(), 1u);
  EXPECT_EQ(c.unmatched[0].old_state, "absent from one of the old runs");
}

// Each side's rank of the row, shared ranks as the tables give them: a pair not told apart in the
// old run ("1=") and told apart in the new.
TEST(Compare, EachSideSaysTheRowsRankWithItsTies) {
  auto two = [](double a, double b) {
    Results r;
    r.context = {{"host", "h"}};
    r.measurements = {row("a", "switch", 2, around(a, 9)), row("b", "switch", 2, around(b, 9))};
    for (auto& m : r.measurements) m.processes = 9;
    set_standings(r);
    return r;
  };
  const Comparison c = compare_results(two(100, 101), two(100, 130), {});
  ASSERT_EQ(c.rows.size(), 2u);
  EXPECT_EQ(c.rows[1].old_rank, "1=");
  EXPECT_EQ(c.rows[1].new_rank, "2");
  const std::string text = render_comparison(c, {});
  EXPECT_NE(text.find(" 1=->2 "), std::string::npos) << text;
}
