// The frontier of a case whose rows trade their figure against another (FigureSpec::trade_off):
// which rows are on it, that the reference row neither is nor hides one, that the marks and the
// scatter chart follow, and that the flag survives a results file.
#include <gtest/gtest.h>

#include "markup_check.hpp"
#include "report/frontier.hpp"
#include "report/reporter.hpp"
#include "report_fixtures.hpp"
#include "results/results_file.hpp"

using namespace benchbox;
using namespace benchbox::testing;

namespace {

// A row of MB/s `speed` (higher is better) and ratio `ratio` (higher is better, trade-off).
Measurement codec(const std::string& name, double speed, double ratio) {
  Measurement m = row(name, "compress", 1, {speed, speed, speed});
  m.figure = FigureSpec::rate("mb_per_s", "bytes", 1e6, "MB/s");
  m.summary = summarize(m.values);
  FigureSpec r = FigureSpec::ratio("ratio", "bytes", "compressed_bytes");
  r.trade_off = true;
  m.extra_figures.push_back({r, {ratio, ratio, ratio}, summarize({ratio, ratio, ratio})});
  return m;
}

Results codecs() {
  Results r;
  r.measurements = {codec("floor", 9000, 1.0), codec("fast", 800, 2.0), codec("strong", 10, 4.0),
                    codec("dominated", 100, 1.9), codec("middle", 300, 3.0), codec("tie", 300, 2.5)};
  return r;
}

bool on(const CaseGroup& g, const std::string& name) {
  for (const auto* m : g.rows)
    if (m->library == name) return g.on_frontier(*m);
  ADD_FAILURE() << name << " not in the group";
  return false;
}

}  // namespace

TEST(Frontier, RowsNoOtherRowBeatsOnBoth) {
  const Results r = codecs();
  const auto g = group_by_case(r).front();
  ASSERT_NE(g.trade_off(), nullptr);
  EXPECT_TRUE(on(g, "fast"));
  EXPECT_TRUE(on(g, "strong"));
  EXPECT_TRUE(on(g, "middle"));
  EXPECT_FALSE(on(g, "dominated"));  // fast is faster and compresses more
  EXPECT_FALSE(on(g, "tie"));        // middle is as fast and compresses more
  EXPECT_FALSE(on(g, "floor"));      // the reference is a limit, not a choice, and hides no row
}

// A codec storing its input (ratio 1, FigureSpec::trades_nothing_at) is no frontier point, however
// fast, and pushes no codec that compresses off the frontier.
TEST(Frontier, ARowThatTradesNothingIsNoFrontierPoint) {
  Results r = codecs();
  r.measurements.push_back(codec("stores", 5000, 1.0));
  for (auto& m : r.measurements) m.extra_figures.front().spec.trades_nothing_at = 1.0;
  const auto g = group_by_case(r).front();
  EXPECT_FALSE(on(g, "stores"));
  EXPECT_TRUE(on(g, "fast"));  // slower than "stores", but it compresses
  EXPECT_TRUE(on(g, "strong"));
  r.measurements.back().extra_figures.front().spec.trades_nothing_at.reset();  // without the value: on it
  for (auto& m : r.measurements) m.extra_figures.front().spec.trades_nothing_at.reset();
  EXPECT_TRUE(on(group_by_case(r).front(), "stores"));
}

TEST(Frontier, NoTradeOffNoFrontier) {
  const Results r = sample_results();
  for (const auto& g : group_by_case(r)) {
    EXPECT_EQ(g.trade_off(), nullptr);
    for (const auto* m : g.rows) EXPECT_FALSE(g.on_frontier(*m));
  }
}

TEST(Frontier, ChartJoinsAndNamesTheFrontier) {
  const Results r = codecs();
  const auto g = group_by_case(r).front();
  const std::string svg = chart::render_frontier_svg(g);
  EXPECT_EQ(markup_problem(svg, false), "") << svg;
  EXPECT_EQ(count_of(svg, "<g class=\"point frontier\">"), 3u);
  EXPECT_EQ(count_of(svg, "<g class=\"point\">"), 3u);  // dominated, tie, floor
  EXPECT_EQ(count_of(svg, "<polyline class=\"frontier\""), 1u);
  EXPECT_NE(svg.find("log scale"), std::string::npos);  // 10 .. 9000 MB/s
}

TEST(Frontier, TextTableMarksTheRowsAndSaysWhy) {
  const Results r = codecs();
  const std::string text = make_reporter("text")->render(r);
  EXPECT_EQ(count_of(text, " <\n"), 3u) << text;
  EXPECT_NE(text.find("<: on the frontier of MB/s and ratio"), std::string::npos);
}

TEST(Frontier, TheFlagTravelsInAResultsFile) {
  const Results back = results_from_json(to_json(codecs()));
  const auto g = group_by_case(back).front();
  ASSERT_NE(g.trade_off(), nullptr);
  EXPECT_TRUE(on(g, "middle"));
  EXPECT_FALSE(on(g, "tie"));
}
