// The SVG charts: well formed, one bar per verified row, the floor distinct, the scale chosen.
#include <gtest/gtest.h>

#include "markup_check.hpp"
#include "report/chart.hpp"
#include "report/output.hpp"
#include "report/scale.hpp"
#include "report/sweep.hpp"
#include "report_fixtures.hpp"

using namespace benchbox;
using namespace benchbox::testing;

TEST(Chart, WellFormedWithOneBarPerOkRow) {
  const Results r = sample_results();
  for (const auto& g : group_by_case(r)) {
    const std::string svg = chart::render_svg(g);
    EXPECT_EQ(markup_problem(svg, false), "") << svg;
    std::size_t ok = 0;
    for (const auto* m : g.rows) ok += m->status == Status::ok;
    EXPECT_EQ(count_of(svg, "<g class=\"bar\">"), ok);
    EXPECT_EQ(count_of(svg, "<text class=\"missing\""), g.rows.size() - ok);
    EXPECT_EQ(svg.find("<script"), std::string::npos);
    EXPECT_EQ(svg.find("href"), std::string::npos);  // nothing external
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  }
}

TEST(Chart, FloorIsTheReferenceInItsOwnColour) {
  const Results r = sample_results();
  const auto groups = group_by_case(r);
  const std::string svg = chart::render_svg(groups[0]);
  EXPECT_EQ(count_of(svg, "fill=\"#d9730d\""), 1u);  // the floor's bar
  EXPECT_EQ(count_of(svg, "<line class=\"floor\""), 1u);
  EXPECT_NE(svg.find("killed by signal 11"), std::string::npos);
  EXPECT_NE(svg.find("n/a: no channel, no switch"), std::string::npos);
}

// The span that decides is the libraries': the floor sets no scale.
TEST(Chart, LogScaleOnlyWhenTheSpanIsWide) {
  Results r = sample_results();
  const std::string svg = chart::render_svg(group_by_case(r)[0]);  // 5 .. 100.5 ns: 20.1x
  EXPECT_NE(svg.find("log scale"), std::string::npos);
  EXPECT_NE(svg.find(">1 \u00b5s</text>"), std::string::npos) << svg;  // ticks at powers of ten, with their unit
  EXPECT_EQ(svg.find("off the chart"), std::string::npos);             // the floor's 2 ns is in 1 ns .. 1 µs
  EXPECT_EQ(chart::render_svg(group_by_case(r)[1]).find("log scale"), std::string::npos);  // 20 .. 30 ns
  for (auto& m : r.measurements)
    if (m.library == "ucontext") {
      for (auto& v : m.values) v /= 2;
      m.summary = summarize(m.values);
    }
  EXPECT_EQ(chart::render_svg(group_by_case(r)[0]).find("log scale"), std::string::npos);  // 5 .. 50 ns; with the floor's 2: 25x
  for (auto& m : r.measurements)
    if (m.library == "floor") {
      for (auto& v : m.values) v *= 1000;
      m.summary = summarize(m.values);
    }
  EXPECT_NE(chart::render_svg(group_by_case(r)[0]).find("floor: 2.02 \u00b5s off the chart"), std::string::npos);
}

TEST(Chart, ValuesAreLabelled) {
  const Results r = sample_results();
  const auto groups = group_by_case(r);
  const std::string svg = chart::render_svg(groups[1]);
  EXPECT_NE(svg.find(">20.5 ns/op <tspan"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">30.5 ns/op <tspan"), std::string::npos);
  EXPECT_NE(svg.find("(1.49x)"), std::string::npos);
}

TEST(Chart, PeakMemoryBesideEachBarOnlyWhenMeasured) {
  Results r = sample_results();
  for (auto& m : r.measurements) m.peak_rss_bytes = 0;
  EXPECT_EQ(chart::render_svg(group_by_case(r)[1]).find("<g class=\"memory\">"), std::string::npos);
  std::size_t ok = 0;
  for (auto& m : r.measurements)
    if (m.case_id == "channel" && m.ok()) m.peak_rss_bytes = (++ok) * (3u << 20);
  const std::string svg = chart::render_svg(group_by_case(r)[1]);
  EXPECT_EQ(markup_problem(svg, false), "") << svg;
  EXPECT_EQ(count_of(svg, "<g class=\"memory\">"), ok);
  EXPECT_NE(svg.find("peak resident memory 3.0 MiB"), std::string::npos) << svg;
  EXPECT_NE(svg.find("peak resident memory 6.0 MiB"), std::string::npos);
  EXPECT_NE(svg.find("width=\"980\""), std::string::npos);
}

TEST(Chart, InlineVersionHasNoXmlDeclaration) {
  const Results r = sample_results();
  const auto groups = group_by_case(r);
  EXPECT_EQ(chart::render_svg(groups[0], false).rfind("<svg", 0), 0u);
}

TEST(Chart, CaseWithoutNumbersStillDrawsAndListsWhy) {
  Results r;
  r.measurements = {row("libmill", "switch", 2, {}, Status::failed, "crashed")};
  const std::string svg = chart::render_svg(group_by_case(r)[0]);
  EXPECT_EQ(markup_problem(svg, false), "");
  EXPECT_NE(svg.find("no verified results"), std::string::npos);
  EXPECT_NE(svg.find("crashed"), std::string::npos);
}

TEST(SvgOutput, FileNamesPerCase) {
  const Results r = sample_results();
  auto names = [&](const std::string& output) {
    std::vector<std::string> out;
    for (const auto& [path, content] : svg_files(r, output)) out.push_back(path.string());
    return out;
  };
  EXPECT_EQ(names("charts/"), (std::vector<std::string>{"charts/coroutine-switch-2.svg", "charts/coroutine-channel-0.svg"}));
  EXPECT_EQ(names("out/run1"), (std::vector<std::string>{"out/run1-coroutine-switch-2.svg", "out/run1-coroutine-channel-0.svg"}));
  EXPECT_EQ(names("c.svg"), (std::vector<std::string>{"c-coroutine-switch-2.svg", "c-coroutine-channel-0.svg"}));
  Results one = r;
  one.measurements.resize(6);  // the switch case only
  EXPECT_EQ(names.operator()("c.svg").size(), 2u);
  EXPECT_EQ(svg_files(one, "c.svg").front().first, "c.svg");
}

TEST(SvgOutput, SeveralCasesNeedAnOutput) {
  EXPECT_THROW(check_report_destination("svg", 2, ""), std::invalid_argument);
  EXPECT_NO_THROW(check_report_destination("svg", 1, ""));
  EXPECT_NO_THROW(check_report_destination("svg", 2, "charts/"));
  EXPECT_THROW(check_report_destination("nosuch", 1, ""), std::invalid_argument);
}

TEST(Chart, ASweepIsOneLineChartPerCaseWithALinePerLibrary) {
  Results r;
  for (std::int64_t p : {2, 16, 128})
    for (const char* lib : {"floor", "tbox"}) r.measurements.push_back(benchbox::testing::row(lib, "switch", p, {1.0 * p, 1.1 * p}));
  r.measurements.push_back(benchbox::testing::row("floor", "channel", 0, {5.0}));
  const auto groups = group_by_case(r);
  const auto all = chart::sweeps(groups);
  ASSERT_EQ(all.size(), 1u);  // channel ran at one parameter only: no sweep
  EXPECT_EQ(all[0].points.size(), 3u);
  EXPECT_EQ(chart::sweep_slug(all[0]), "coroutine-switch-sweep");
  const std::string svg = chart::render_sweep_svg(all[0]);
  EXPECT_EQ(count_of(svg, "<polyline"), 2u);
  EXPECT_EQ(count_of(svg, "<circle"), 6u);
  EXPECT_NE(svg.find("parameter on a log scale"), std::string::npos);
}

// A time with a rate of another quantity beside it (a hash's MB/s) is drawn as that rate: the
// rows' MB/s against the input's size; a time whose rate is operations per second stays a time.
TEST(Chart, ASweepOfATimeWithAByteRateDrawsTheRate) {
  Results r;
  for (std::int64_t size : {16, 4096})
    for (const char* lib : {"floor", "xxhash"}) {
      Measurement m = benchbox::testing::row(lib, "switch", size, {1.0 * size, 1.0 * size});
      m.rate_unit = "MB/s";
      m.rate_per_op = static_cast<double>(size);
      m.rate_scale = 1e6;
      r.measurements.push_back(m);
    }
  const auto groups = group_by_case(r);  // the sweeps point into them
  const auto all = chart::sweeps(groups);
  ASSERT_EQ(all.size(), 1u);
  const std::string svg = chart::render_sweep_svg(all[0]);
  EXPECT_NE(svg.find("MB/s against"), std::string::npos) << svg;
  EXPECT_NE(svg.find("higher is better"), std::string::npos);
  EXPECT_NE(svg.find("at 16: 1000 MB/s</title>"), std::string::npos) << svg;  // 16 B in 16 ns: 1000 MB/s
}

// Where the run paired each row with the reference row round by round, a bar's bracket is that
// paired ratio, not the ratio of medians to the best.
TEST(Chart, PairedRatioToTheReferenceLabelsTheBars) {
  Results r = sample_results();
  for (auto& m : r.measurements)
    if (m.ok() && m.case_id == "switch") {
      m.reference_ratio = Summary{};
      m.reference_ratio->median = m.reference ? 1.0 : 2.5;
    }
  const std::string svg = chart::render_svg(group_by_case(r)[0]);
  EXPECT_NE(svg.find("(2.50x ref)"), std::string::npos) << svg;
  EXPECT_NE(svg.find("paired ratio to it, round by round"), std::string::npos);
  EXPECT_EQ(svg.find("(1.00x ref)"), std::string::npos);  // the floor itself: its ratio to the best
}

// A long value label ("9748500 bytes/coroutine (123.45x ref)") ends before the memory panel,
// which starts at the chart's 760 px: the bars give it room.
TEST(Chart, LongValueLabelsEndBeforeTheMemoryPanel) {
  Results r = sample_results();
  for (auto& m : r.measurements) {
    if (m.case_id != "switch" || !m.ok()) continue;
    m.figure.unit = "bytes/coroutine";
    for (auto& v : m.values) v *= 97000;  // ucontext just under 10^7: its bar reaches the log scale's end
    m.summary = summarize(m.values);
    if (!m.reference) m.reference_ratio = Summary{}, m.reference_ratio->median = 123.45;
  }
  const std::string svg = chart::render_svg(group_by_case(r)[0]);
  EXPECT_NE(svg.find("<g class=\"memory\">"), std::string::npos);
  const std::string marker = "\" fill=\"#222\">";  // a value label (the names are anchored at their end)
  std::size_t labels = 0;
  for (std::size_t at = svg.find(marker); at != std::string::npos; at = svg.find(marker, at + 1)) {
    const std::size_t x_at = svg.rfind("<text x=\"", at) + 9;
    const double x = std::stod(svg.substr(x_at));
    const std::size_t end = svg.find("</text>", at);
    std::string text = svg.substr(at + marker.size(), end - at - marker.size());
    if (text.find("<tspan") == std::string::npos) continue;  // not a bar's value
    for (const char* tag : {"<tspan fill=\"#777\">", "</tspan>"}) text.erase(text.find(tag), std::string(tag).size());
    EXPECT_LE(x + 7.2 * static_cast<double>(text.size()), 760.0) << text;
    ++labels;
  }
  EXPECT_EQ(labels, 4u) << svg;
}

// The ticks every chart draws (scale.hpp): round values with their units.
TEST(Ticks, RoundValuesWithUnits) {
  EXPECT_EQ(chart::tick_text(100, "MB/s"), "100 MB/s");
  EXPECT_EQ(chart::tick_text(1000, "MB/s"), "1 GB/s");
  EXPECT_EQ(chart::tick_text(2500, "MB/s"), "2.5 GB/s");
  EXPECT_EQ(chart::tick_text(0.5, "MB/s"), "500 kB/s");
  EXPECT_EQ(chart::tick_text(64, "B"), "64 B");
  EXPECT_EQ(chart::tick_text(4096, "B"), "4 KiB");
  EXPECT_EQ(chart::tick_text(1048576, "B"), "1 MiB");
  EXPECT_EQ(chart::tick_text(2000, "B/coroutine"), "2 kB");  // a linear axis's round value, not 1.95 KiB
  EXPECT_EQ(chart::tick_text(500, "ns/op"), "500 ns");
  EXPECT_EQ(chart::tick_text(2000, "ns/hash"), "2 \u00b5s");
  EXPECT_EQ(chart::tick_text(1.5e6, "ns/op"), "1.5 ms");
  EXPECT_EQ(chart::tick_text(0, "ns/op"), "0");
  EXPECT_EQ(chart::tick_text(25, "%"), "25%");
  EXPECT_EQ(chart::tick_text(1.5e6, "ops/s"), "1.5M ops/s");
  EXPECT_EQ(chart::tick_text(250, ""), "250");
}

// A log axis from 148 to 102384 MB/s (the sweep the issue saw labelled 148, 3893, 102384) is
// widened to 100 MB/s .. 200 GB/s and ticked at the powers of ten.
TEST(Ticks, ALogAxisIsTickedAtPowersOfTen) {
  const chart::Axis a = chart::rounded_axis_of({148, 3893, 102384});
  ASSERT_TRUE(a.log);
  EXPECT_DOUBLE_EQ(a.lo, 100);
  EXPECT_DOUBLE_EQ(a.hi, 200000);
  std::vector<std::string> labels;
  for (double t : a.ticks()) labels.push_back(chart::tick_text(t, "MB/s"));
  EXPECT_EQ(labels, (std::vector<std::string>{"100 MB/s", "1 GB/s", "10 GB/s", "100 GB/s"}));
  // Two decades or less: 1, 2 and 5 of each.
  const chart::Axis narrow = chart::rounded_axis_of({120, 9000});
  ASSERT_TRUE(narrow.log);
  EXPECT_EQ(narrow.ticks(), (std::vector<double>{100, 200, 500, 1000, 2000, 5000, 10000}));
}

TEST(Ticks, ALinearAxisIsTickedAtOneTwoOrFiveTimesAPowerOfTen) {
  const chart::Axis a = chart::rounded_axis_of({0, 43}, true);
  EXPECT_FALSE(a.log);
  EXPECT_DOUBLE_EQ(a.lo, 0);
  EXPECT_EQ(a.ticks(), (std::vector<double>{0, 10, 20, 30, 40, 50}));
}

// Labels at the ends of lines: apart by the gap, in the order of the lines' ends, within the plot.
TEST(Ticks, EndLabelsAreKeptApartInTheLinesOrder) {
  const auto at = chart::spread_labels({100, 102, 101, 300, 395}, 14, 50, 400);
  EXPECT_DOUBLE_EQ(at[0], 100);
  EXPECT_DOUBLE_EQ(at[2], 114);  // 101 comes after 100: below it
  EXPECT_DOUBLE_EQ(at[1], 128);
  EXPECT_DOUBLE_EQ(at[3], 300);  // far from the others: where its line ends
  EXPECT_DOUBLE_EQ(at[4], 395);
  const auto low = chart::spread_labels({398, 399, 400}, 14, 50, 400);  // pushed up from the bottom
  EXPECT_DOUBLE_EQ(low[2], 400);
  EXPECT_DOUBLE_EQ(low[1], 386);
  EXPECT_DOUBLE_EQ(low[0], 372);
}

// The floor (a reference row far above the libraries, as hashing's 100 GB/s) is a dashed line
// that does not set the rows' scale, and the chart says where it went.
TEST(Chart, TheFloorDoesNotSetASweepsScale) {
  Results r;
  for (std::int64_t size : {64, 4096, 1048576})
    for (const char* lib : {"floor", "openssl", "nettle"}) {
      const double ns = std::string(lib) == "floor" ? size / 100.0 : std::string(lib) == "openssl" ? size / 1.5 : size / 0.3;
      Measurement m = benchbox::testing::row(lib, "switch", size, {ns, ns});
      m.rate_unit = "MB/s";
      m.rate_per_op = static_cast<double>(size);
      m.rate_scale = 1e6;
      r.measurements.push_back(m);
    }
  const auto groups = group_by_case(r);
  const auto all = chart::sweeps(groups);
  ASSERT_EQ(all.size(), 1u);
  const std::string svg = chart::render_sweep_svg(all[0]);
  EXPECT_EQ(markup_problem(svg, false), "") << svg;
  EXPECT_NE(svg.find("floor (above the chart: up to 100 GB/s)"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">2 GB/s</text>"), std::string::npos) << svg;  // the rows' 300 MB/s .. 1.5 GB/s, rounded up
  EXPECT_EQ(svg.find(">100 GB/s</text>"), std::string::npos);       // not a tick: the floor sets no scale
  EXPECT_EQ(count_of(svg, "class=\"end-label\""), 3u);
}

// A sweep of more lines than the chart's height holds: the floor and the first lines named at
// their ends, the rest counted (each line's tooltip names it).
TEST(Chart, ASweepNamesAsManyLinesAsFit) {
  Results r;
  for (std::int64_t p : {2, 16})
    for (int lib = 0; lib < 30; ++lib)
      r.measurements.push_back(benchbox::testing::row(lib == 0 ? "floor" : "lib" + std::to_string(lib), "switch", p, {1.0 + lib, 1.0 + lib}));
  const auto groups = group_by_case(r);
  const std::string svg = chart::render_sweep_svg(chart::sweeps(groups).at(0));
  EXPECT_EQ(markup_problem(svg, false), "") << svg;
  EXPECT_EQ(count_of(svg, "class=\"end-label\""), 24u);  // 24 names and the count: 25 lines of 14 px in the 352 px below the top
  EXPECT_NE(svg.find(">and 6 more (see each line's tooltip)</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">floor</text>"), std::string::npos);
  EXPECT_EQ(count_of(svg, "<polyline"), 30u);
}
