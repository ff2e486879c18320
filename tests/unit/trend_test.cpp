// Trends over stored runs: series grouped and ordered, change points found (and not found) by the
// windowed t-test of report/trend_series.hpp, and the trend rendered as text, SVG and HTML.
#include <gtest/gtest.h>

#include "markup_check.hpp"
#include "report/trend.hpp"
#include "report/trend_series.hpp"
#include "trend_simulation.hpp"

using namespace benchbox;
using namespace benchbox::store;
using namespace benchbox::testing;

namespace {

// A run of one row: its ratio with an interval of +-`half` (relative), its median 100 times that.
TrendRow run(long long id, double ratio, double half = 0.01, const std::string& status = "ok") {
  TrendRow r;
  r.run_id = id;
  r.started = "2026-12-0" + std::to_string(1 + id / 10) + "T1" + std::to_string(id % 10) + ":00:00Z";
  r.revision = "rev" + std::to_string(id);
  r.machine = "host / Test CPU / 2 CPUs / x86_64";
  r.point = "2", r.point_label = "2 coroutines";
  r.row_id = "tbox", r.row_name = "tbox", r.library = "tbox", r.version = "1.7.3";
  r.status = status;
  r.verified = status == "ok";
  r.figure_id = "time", r.unit = "ns/op";
  if (status == "ok") {
    r.ratio = ratio, r.ratio_low = ratio * (1 - half), r.ratio_high = ratio * (1 + half);
    r.median = 100 * ratio, r.ci_low = 100 * ratio * (1 - half), r.ci_high = 100 * ratio * (1 + half);
  }
  return r;
}

std::vector<TrendRow> series_of(const std::vector<double>& ratios, double half = 0.01) {
  std::vector<TrendRow> runs;
  for (std::size_t k = 0; k < ratios.size(); ++k) runs.push_back(run(static_cast<long long>(k + 1), ratios[k], half));
  return runs;
}

const std::vector<double> kFlat = {1.00, 1.03, 0.98, 1.02, 0.97, 1.01};       // a few % of noise
const std::vector<double> kStep = {1.00, 1.01, 0.99, 1.10, 1.11, 1.095};      // 10% slower from run 4

}  // namespace

TEST(ChangePoints, NoneOnAFlatNoisySeries) {
  EXPECT_TRUE(find_changes(series_of(kFlat), {}).empty());
}

TEST(ChangePoints, TenPercentStepCalledAtItsFirstRun) {
  const auto changes = find_changes(series_of(kStep), {});
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].index, 3u);
  EXPECT_NEAR(changes[0].before, 1.00, 1e-9);  // the windows' medians
  EXPECT_NEAR(changes[0].after, 1.10, 1e-9);
  EXPECT_NEAR(changes[0].change, 0.10, 1e-9);  // slower: worse, positive
  EXPECT_LT(changes[0].p, 0.003);
}

TEST(ChangePoints, StepOfAHigherIsBetterFigureIsSignedAsBetter) {
  auto runs = series_of(kStep);
  for (auto& r : runs) r.lower_is_better = false;  // a rate went up by 10%
  const auto changes = find_changes(runs, {});
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_NEAR(changes[0].change, -0.10, 1e-9);
}

TEST(ChangePoints, NeedsMinRunsOnEachSide) {
  const std::vector<double> two_after(kStep.begin(), kStep.end() - 1);
  EXPECT_TRUE(find_changes(series_of(two_after), {}).empty());
  ChangeOptions two;
  two.min_runs = 2;
  const auto changes = find_changes(series_of(two_after), two);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].index, 3u);
}

TEST(ChangePoints, OnlyOkRunsCountAndIndicesPointIntoTheGivenRuns) {
  auto runs = series_of(kStep);
  auto failed = run(10, 0, 0, "failed");
  runs.insert(runs.begin() + 2, failed);  // a failed run before the step moves it to index 4
  auto odd = run(11, 5.0);
  odd.status = "not_applicable";  // a number on a run that is not ok is never read
  runs.insert(runs.begin() + 1, odd);
  const auto changes = find_changes(runs, {});
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].index, 5u);
  EXPECT_NEAR(changes[0].change, 0.10, 1e-9);
}

// The ratio cancels a slow host day: medians 12% up on runs 4-6, ratios flat.
TEST(ChangePoints, JudgedOnTheRatioAndOnTheMedianWhereARunHasNone) {
  auto runs = series_of({1.00, 1.01, 0.99, 1.12, 1.13, 1.115}, 0.005);
  for (auto& r : runs) r.ratio = 1.0 + (r.run_id % 2) * 0.01, r.ratio_low = *r.ratio * 0.995, r.ratio_high = *r.ratio * 1.005;
  EXPECT_EQ(judged_on(runs), Judged::ratio);
  EXPECT_TRUE(find_changes(runs, {}).empty());
  runs[0].ratio.reset();  // an old run without ratios: the series falls back to its medians
  EXPECT_EQ(judged_on(runs), Judged::median);
  const auto changes = find_changes(runs, {});
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].index, 3u);
  EXPECT_NEAR(changes[0].before, 100.0, 2.0);
}

// A row known only to +-8% a run is not called for a 5.5% step, however tidy its runs.
TEST(ChangePoints, TheRunsOwnIntervalsAreAFloorOnTheNoise) {
  const std::vector<double> tidy = {1.000, 1.001, 0.999, 1.055, 1.056, 1.054};
  EXPECT_EQ(find_changes(series_of(tidy, 0.005), {}).size(), 1u);
  EXPECT_TRUE(find_changes(series_of(tidy, 0.08), {}).empty());
}

TEST(ChangePoints, StepsBelowMinChangeAreNotCalled) {
  const std::vector<double> small = {1.000, 1.001, 0.999, 1.030, 1.031, 1.029};
  EXPECT_TRUE(find_changes(series_of(small, 0.002), {}).empty());
  ChangeOptions fine;
  fine.min_change = 0.02;
  EXPECT_EQ(find_changes(series_of(small, 0.002), fine).size(), 1u);
}

TEST(ChangePoints, TwoStepsInALongSeries) {
  std::vector<double> ratios;
  const double noise[] = {0.004, -0.006, 0.002, -0.001, 0.005, -0.004, 0.0, 0.003};
  for (std::size_t k = 0; k < 20; ++k) ratios.push_back((k < 8 ? 1.0 : k < 14 ? 1.15 : 1.05) * (1 + noise[k % 8]));
  const auto changes = find_changes(series_of(ratios, 0.005), {});
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].index, 8u);
  EXPECT_GT(changes[0].change, 0.10);
  EXPECT_EQ(changes[1].index, 14u);
  EXPECT_LT(changes[1].change, -0.05);  // faster again: better
}

TEST(ChangePoints, StudentTails) {
  EXPECT_NEAR(student_t_p(2.776445, 4), 0.05, 1e-5);
  EXPECT_NEAR(student_t_p(4.604095, 4), 0.01, 1e-5);
  EXPECT_NEAR(student_t_p(-1, 1), 0.5, 1e-9);
  EXPECT_NEAR(student_t_p(1.959964, 1e6), 0.05, 1e-4);
  EXPECT_EQ(student_t_p(0, 4), 1);
}

// The method's false alarms and detections on synthetic series (docs/measurement.md, "Change
// points"; tests/simulation prints the full table): in at most 3% of suites of 110 rows of 6
// runs without a change is any row called (10% of 20 runs), and a 10% step is called at its run
// in 90% of rows at least where it is 10 times the noise (6 runs) or 5 times (20 runs).
TEST(ChangePoints, SimulatedFalseAlarmsAndDetections) {
  for (const Noise noise : {Noise::normal, Noise::heavy}) {
    EXPECT_LE(suite_false_alarms(6, 110, noise, {}, 200, 11), 0.03) << to_string(noise);
    SimulatedRow row;
    row.sigma = 0.01, row.noise = noise, row.step = 0.10, row.step_at = 3;
    EXPECT_GE(call_rates(row, {}, 1000, 12).at_step, 0.9) << to_string(noise);
  }
  // 20 runs: fifteen candidates share alpha, and a 10% step at σ 2% is called at its run.
  EXPECT_LE(suite_false_alarms(20, 110, Noise::normal, {}, 60, 13), 0.10);
  SimulatedRow row;
  row.runs = 20, row.sigma = 0.02, row.step = 0.10, row.step_at = 10;
  EXPECT_GE(call_rates(row, {}, 500, 14).at_step, 0.9);
}

TEST(TrendSeries, GroupsByPointMachineAndRowOldestRunFirst) {
  std::vector<TrendRow> rows;
  for (long long id : {3, 1, 2}) {
    for (const char* point : {"2", "1000"})
      for (const char* lib : {"tbox", "floor"}) {
        TrendRow r = run(id, 1.0);
        r.point = point, r.row_id = lib, r.row_name = lib + std::string(id == 3 ? " (new name)" : "");
        rows.push_back(r);
      }
  }
  TrendRow other = run(4, 1.0);
  other.machine = "laptop / Other CPU / 8 CPUs / x86_64";
  rows.push_back(other);
  const auto series = trend_series(rows, {});
  ASSERT_EQ(series.size(), 5u);
  EXPECT_EQ(series[0].point, "2");
  EXPECT_EQ(series[0].row_id, "tbox");
  EXPECT_EQ(series[1].row_id, "floor");
  EXPECT_EQ(series[2].machine, other.machine);  // point 2 on the other machine: a line of its own
  EXPECT_EQ(series[3].point, "1000");
  ASSERT_EQ(series[0].runs.size(), 3u);
  EXPECT_EQ(series[0].runs[0].run_id, 1);
  EXPECT_EQ(series[0].runs[2].run_id, 3);
  EXPECT_EQ(series[0].row_name, "tbox (new name)");  // the newest run names the row
  EXPECT_EQ(series[2].runs.size(), 1u);
}

TEST(TrendSeries, FindsEachSeriesChanges) {
  std::vector<TrendRow> rows;
  const auto slowed = series_of(kStep), flat = series_of(kFlat);
  for (std::size_t k = 0; k < slowed.size(); ++k) {
    rows.push_back(slowed[k]);
    TrendRow f = flat[k];
    f.row_id = f.row_name = "floor";
    rows.push_back(f);
  }
  const auto series = trend_series(rows, {});
  ASSERT_EQ(series.size(), 2u);
  ASSERT_EQ(series[0].changes.size(), 1u);
  EXPECT_EQ(series[0].changes[0].index, 3u);
  EXPECT_TRUE(series[1].changes.empty());
  EXPECT_EQ(series[0].judged, Judged::ratio);
}

namespace {

// `rows` rows of point 2 over six runs, the first 10% slower from run 4; `machines` 2: the first
// row has three more runs on a second machine.
std::vector<TrendSeries> sample_trend(std::size_t rows = 3, std::size_t machines = 1, const std::string& first_name = "tbox") {
  std::vector<TrendRow> stored;
  for (std::size_t k = 0; k < 6; ++k)
    for (std::size_t i = 0; i < rows; ++i) {
      TrendRow r = run(static_cast<long long>(k + 1), i == 0 ? kStep[k] : kFlat[k] * (1 + static_cast<double>(i)));
      r.row_id = r.row_name = i == 0 ? first_name : "lib" + std::to_string(i);
      if (i == 1 && k == 4) r.status = "failed", r.median.reset(), r.ratio.reset();
      stored.push_back(r);
    }
  for (std::size_t k = 0; machines > 1 && k < 3; ++k) {
    TrendRow r = run(static_cast<long long>(k + 7), 0.8);
    r.row_id = r.row_name = first_name, r.machine = "laptop / Other CPU / 8 CPUs / x86_64";
    stored.push_back(r);
  }
  return trend_series(stored, {});
}

std::size_t longest_line(const std::string& text) {
  std::size_t longest = 0, chars = 0;
  for (char c : text) {
    if (c == '\n') longest = std::max(longest, chars), chars = 0;
    else chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }
  return longest;
}

}  // namespace

TEST(TrendText, ATableOfRunsByRowsWithTheChangeMarked) {
  const std::string text = trend_text(sample_trend(), TrendAxis::time, "coroutine switch");
  EXPECT_EQ(count_of(text, "== coroutine switch, 2 coroutines =="), 1u) << text;
  EXPECT_EQ(count_of(text, "machine: host / Test CPU / 2 CPUs / x86_64"), 1u);
  for (const char* run_line : {"\n #1  2026-12-01 11:00", "\n #6  2026-12-01 16:00"}) EXPECT_NE(text.find(run_line), std::string::npos) << text;
  EXPECT_NE(text.find("110 \u00b11.0% \u25b2+10.0%"), std::string::npos) << text;  // run 4 of tbox
  EXPECT_EQ(count_of(text, "\u25b2"), 1u + 2u);  // the cell, the change's line and the legend
  EXPECT_NE(text.find("FAILED"), std::string::npos);
  EXPECT_NE(text.find("tbox: \u25b2+10.0% worse from run #4 (2026-12-01 14:00, rev4): ratio 1.00 \u2192 1.10, p = 0.00"),
            std::string::npos) << text;
  EXPECT_EQ(text.find("note:"), std::string::npos);
  EXPECT_LE(longest_line(text), 100u) << text;
}

TEST(TrendText, SixRowsFitOneTableOfAHundredColumnsAndMoreAreSplit) {
  const std::string six = trend_text(sample_trend(6), TrendAxis::time);
  EXPECT_EQ(count_of(six, "run  date  "), 1u) << six;
  EXPECT_LE(longest_line(six), 100u) << six;
  const std::string twelve = trend_text(sample_trend(12), TrendAxis::time);
  EXPECT_GE(count_of(twelve, "run  date  "), 2u) << twelve;
  EXPECT_LE(longest_line(twelve), 100u) << twelve;
}

TEST(TrendText, EachMachineATableAndANote) {
  const std::string text = trend_text(sample_trend(2, 2), TrendAxis::time);
  EXPECT_EQ(count_of(text, "machine: laptop / Other CPU / 8 CPUs / x86_64"), 1u) << text;
  EXPECT_EQ(count_of(text, "note: 2 machines ran this point"), 2u);
  EXPECT_NE(text.find(" #7  "), std::string::npos);
}

TEST(TrendText, VersionAndRevisionAxesNameEachRun) {
  const std::string by_version = trend_text(sample_trend(2), TrendAxis::version);
  EXPECT_EQ(count_of(by_version, "run  date              version"), 2u) << by_version;  // a table per row
  EXPECT_NE(by_version.find("== 2 coroutines: lib1 =="), std::string::npos);
  EXPECT_NE(by_version.find("1.7.3"), std::string::npos);
  const std::string by_revision = trend_text(sample_trend(2), TrendAxis::revision);
  EXPECT_EQ(count_of(by_revision, "run  date              revision"), 1u) << by_revision;
  EXPECT_NE(by_revision.find("rev6"), std::string::npos);
}

TEST(TrendText, NoRunsSaysSo) {
  EXPECT_EQ(trend_text({}, TrendAxis::time), "no stored runs of these rows\n");
}

TEST(TrendSvg, WellFormedWithALinePerRowRunsErrorBarsAndTheChange) {
  const auto series = sample_trend(3, 2);
  const std::string svg = trend_svg(series, TrendAxis::time, "coroutine switch");
  EXPECT_EQ(markup_problem(svg, false), "") << svg;
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_EQ(count_of(svg, "<svg"), 1u);                      // one point: one chart
  EXPECT_EQ(count_of(svg, "<g class=\"series\">"), 4u);      // 3 rows, and the first on a second machine
  EXPECT_EQ(count_of(svg, "<circle class=\"run\""), 6u + 5u + 6u + 3u);  // ok runs
  EXPECT_EQ(count_of(svg, "class=\"error-bar\""), 20u);
  EXPECT_EQ(count_of(svg, "class=\"missing-run\""), 1u);
  EXPECT_EQ(count_of(svg, "<g class=\"change\">"), 1u);
  EXPECT_NE(svg.find(">+10.0%</text>"), std::string::npos);
  EXPECT_EQ(count_of(svg, "stroke-dasharray=\"7 4\""), 2u);  // the second machine's line and its legend
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_EQ(svg.find("href"), std::string::npos);
}

TEST(TrendSvg, SeveralPointsInOneDocumentAndCategoryAxes) {
  std::vector<TrendRow> rows;
  for (const auto& s : sample_trend(2))  // two rows at two points
    for (auto r : s.runs) {
      rows.push_back(r);
      r.point = "1000", r.point_label = "1000 coroutines", rows.push_back(r);
    }
  const auto series = trend_series(rows, {});
  const std::string svg = trend_svg(series, TrendAxis::revision);
  EXPECT_EQ(markup_problem(svg, false), "") << svg;
  EXPECT_EQ(count_of(svg, "<svg"), 3u);  // a document holding two charts
  EXPECT_EQ(count_of(svg, "<g transform=\"translate(0,"), 2u);
  EXPECT_NE(svg.find(">rev1</text>"), std::string::npos);  // categories on the x axis
  EXPECT_NE(svg.find(">benchbox revision</text>"), std::string::npos);
  EXPECT_EQ(count_of(trend_svg(series, TrendAxis::version), "<svg"), 5u);  // per point and row
}

// Each line is named at its last run, as many as the chart's height holds; the rest are counted.
TEST(TrendSvg, LinesAreNamedAtTheirEndsAsManyAsFit) {
  std::vector<TrendRow> rows;
  for (int lib = 0; lib < 30; ++lib)
    for (auto r : series_of({1.0, 1.0, 1.0})) {
      r.row_id = r.row_name = "lib" + std::to_string(lib);
      r.median = *r.median * (1 + lib), r.ci_low = *r.ci_low * (1 + lib), r.ci_high = *r.ci_high * (1 + lib);
      rows.push_back(r);
    }
  const std::string svg = trend_svg(trend_series(rows, {}), TrendAxis::time);
  EXPECT_EQ(markup_problem(svg, false), "") << svg;
  EXPECT_EQ(count_of(svg, "class=\"end-label\""), 25u) << svg;  // 25 names and the count: 26 lines of 14 px below the chart's top
  EXPECT_NE(svg.find(">and 5 more (see each line's tooltip)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">1 \u00b5s</text>"), std::string::npos);  // 100 .. 3000 ns/op: ticks with their unit
}

TEST(TrendHtml, SelfContainedPageWithChartTableAndChanges) {
  const std::string html = trend_html(sample_trend(3, 2), TrendAxis::time, "coroutine switch");
  EXPECT_EQ(markup_problem(html, true), "") << html;
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("Content-Security-Policy"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // only the SVG namespace
  EXPECT_EQ(count_of(html, "<svg"), 1u);
  EXPECT_EQ(count_of(html, "<table>"), 2u);  // one per machine
  EXPECT_NE(html.find("<span class=\"worse\""), std::string::npos);
  EXPECT_EQ(count_of(html, "<li class=\"worse\">tbox: \u25b2+10.0% worse"), 1u);
  EXPECT_NE(html.find("<td class=\"missing\">FAILED</td>"), std::string::npos);
}

TEST(TrendHtml, StoredStringsAreEscapedEverywhere) {
  const std::string hostile = "<script>alert(\"x\")</script>'&\"<img src=x onerror=alert(1)>";
  auto rows = sample_trend(2, 2, hostile);
  for (auto& s : rows)
    for (auto& r : s.runs) r.version = hostile, r.revision = hostile, r.point_label = hostile, r.unit = hostile;
  for (auto& s : rows) s.point_label = s.unit = hostile, s.machine += hostile;
  for (const TrendAxis x : {TrendAxis::time, TrendAxis::version, TrendAxis::revision}) {
    const std::string html = trend_html(rows, x, hostile), svg = trend_svg(rows, x, hostile);
    EXPECT_EQ(markup_problem(html, true), "") << html;
    EXPECT_EQ(markup_problem(svg, false), "") << svg;
    for (const std::string& page : {html, svg}) {
      EXPECT_EQ(page.find("<script"), std::string::npos);
      EXPECT_EQ(page.find("<img"), std::string::npos);
      EXPECT_EQ(page.find("\"x\""), std::string::npos);
    }
  }
}

TEST(TrendHtml, ABetterStepIsMarkedDown) {
  auto rows = sample_trend(2)[0].runs;
  for (auto& r : rows) r.lower_is_better = false;  // a rate that went up: better
  const auto series = trend_series(rows, {});
  ASSERT_EQ(series[0].changes.size(), 1u);
  const std::string html = trend_html(series, TrendAxis::time);
  EXPECT_NE(html.find("<span class=\"better\""), std::string::npos);
  EXPECT_NE(html.find("\u25bc-10.0%"), std::string::npos);
  EXPECT_NE(trend_svg(series, TrendAxis::time).find(">-10.0%</text>"), std::string::npos);
}
