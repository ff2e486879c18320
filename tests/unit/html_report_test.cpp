// The HTML page: self-contained, complete, and every string from the results file escaped.
#include <gtest/gtest.h>

#include "markup_check.hpp"
#include "report/chart.hpp"
#include "report/reporter.hpp"
#include "report_fixtures.hpp"

using namespace benchbox;
using namespace benchbox::testing;

TEST(HtmlReport, SelfContainedPageWithChartsAndTables) {
  const Results r = sample_results();
  const std::string html = make_reporter("html")->render(r);
  EXPECT_EQ(markup_problem(html, true), "");
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(count_of(html, "<svg"), group_by_case(r).size());
  EXPECT_EQ(count_of(html, "<table>"), group_by_case(r).size());
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // only the SVG namespace
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_NE(html.find("Content-Security-Policy"), std::string::npos);
  EXPECT_NE(html.find("running in a virtual machine"), std::string::npos);  // warnings
  EXPECT_NE(html.find("Test CPU"), std::string::npos);                      // context
  EXPECT_NE(html.find("FAILED: killed by signal 11, &quot;segfault&quot;"), std::string::npos);
  EXPECT_NE(html.find("n/a: no channel, no switch"), std::string::npos);
  EXPECT_NE(html.find("<td>5.00x</td>"), std::string::npos);  // tbox relative to the floor
}

// The default table fits a page: the columns of the text table, one line each; every column with all.
TEST(HtmlReport, TheDefaultTableHasTheTextTablesColumns) {
  const Results r = sample_results();
  const std::string html = make_reporter("html")->render(r);
  const auto header = html.rfind("<tr>", html.find(">rank</th>"));
  ASSERT_NE(header, std::string::npos) << html;
  const std::string row = html.substr(header, html.find("</tr>", header) - header);
  EXPECT_EQ(count_of(row, "<th"), 8u) << row;
  EXPECT_NE(html.find("white-space: nowrap"), std::string::npos);
  const std::string all = make_reporter("html", {RowOrder::best_first, all_columns()})->render(r);
  EXPECT_NE(all.find(">CI of median</th>"), std::string::npos);
  EXPECT_NE(all.find(">vs mean</th>"), std::string::npos);
}

// The build's flags travel with the figures: a reader of the page sees how the adapters were compiled.
TEST(HtmlReport, ContextShowsTheBuildFlags) {
  Results r = sample_results();
  r.context["library_flags"] = "-O2";
  r.context["adapter_flags"] = "-falign-functions=64, C++: --param=inline-unit-growth=300";
  const std::string html = make_reporter("html")->render(r);
  EXPECT_NE(html.find("adapter flags"), std::string::npos);
  EXPECT_NE(html.find("-falign-functions=64, C++: --param=inline-unit-growth=300"), std::string::npos);
  EXPECT_NE(html.find("library flags"), std::string::npos);
}

TEST(HtmlReport, HostileStringsAreEscapedEverywhere) {
  const Results r = hostile_results();
  const std::string html = make_reporter("html")->render(r);
  EXPECT_EQ(markup_problem(html, true), "") << html;
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find(kHostile), std::string::npos);
  EXPECT_EQ(html.find("\"x\""), std::string::npos);
  EXPECT_EQ(html.find("'&"), std::string::npos);
  const std::string escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;&quot;&lt;img src=x onerror=alert(1)&gt;";
  EXPECT_GE(count_of(html, escaped), 10u);
}

TEST(HtmlReport, HostileStringsInSvgAndMarkdownToo) {
  const Results r = hostile_results();
  for (const auto& g : group_by_case(r)) {
    const std::string svg = chart::render_svg(g);
    EXPECT_EQ(markup_problem(svg, false), "") << svg;
    EXPECT_EQ(svg.find("<script"), std::string::npos);
    EXPECT_EQ(svg.find("<img"), std::string::npos);
  }
  const std::string md = make_reporter("md")->render(r);
  EXPECT_EQ(md.find("<script"), std::string::npos);
  EXPECT_EQ(md.find("<img"), std::string::npos);
}
