#include "report/text.hpp"

#include <gtest/gtest.h>

using namespace benchbox;

namespace {

// A verified row of one repetition, `value` its time (or its figure) per operation.
Measurement ok_row(const char* module, const char* case_id, const char* library, double value) {
  Measurement m;
  m.module = module;
  m.case_id = case_id;
  m.library = library;
  m.status = Status::ok;
  m.values = {value};
  m.summary = summarize(m.values);
  return m;
}

}  // namespace

TEST(TextReport, OriginalLineForm) {
  Measurement m;
  m.library = "tbox";
  m.unit = "switches";
  m.ops = 10000000;
  m.status = Status::ok;
  m.values = {20.5};
  m.summary = summarize(m.values);
  m.rate_unit = "switches/s";
  m.rate_per_op = 1;
  // 10,000,000 x 20.5 ns = 205 ms; 1e9 / 20.5 = 48,780,487.8 -> 48780487 (truncated, as the original).
  EXPECT_EQ(text::original_line(m), "tbox: 10000000 switches in 205 ms, 48780487 switches per second");
}

// What the work found (an exact further figure) follows the rate, in full: a run on the user's
// own regex pattern says how many matches it verified.
TEST(TextReport, OriginalLineEndsWithWhatWasFound) {
  Measurement m = ok_row("regex", "count", "pcre2", 1000);
  m.unit = "scans";
  m.ops = 1000;
  m.rate_unit = "scans/s";
  m.rate_per_op = 1;
  FigureValues found{FigureSpec::found("matches", "matches_once", "matches"), {3}, {}};
  found.summary = summarize(found.values);
  m.extra_figures.push_back(found);
  EXPECT_EQ(text::original_line(m), "pcre2: 1000 scans in 1 ms, 1000000 scans per second, matches 3");
}

TEST(TextReport, NonOkRowsSayWhy) {
  Measurement m;
  m.library = "libmill";
  m.status = Status::unavailable;
  m.reason = "not found";
  EXPECT_EQ(text::original_line(m), "libmill: not available: not found");
  m.status = Status::failed;
  m.reason = "killed by signal 11";
  EXPECT_EQ(text::original_line(m), "libmill: FAILED: killed by signal 11");
}

TEST(TextReport, TableShowsRelativeToFastest) {
  Measurement a = ok_row("coroutine", "switch", "fast", 2), b = ok_row("coroutine", "switch", "slow", 5);
  for (auto* m : {&a, &b}) {
    m->unit = "switches";
    m->ops = 100;
  }
  Results r;
  r.measurements = {b, a};
  auto groups = group_by_case(r);
  ASSERT_EQ(groups.size(), 1u);
  const std::string table = text::case_table(groups[0]);
  EXPECT_NE(table.find("1.00x"), std::string::npos);
  EXPECT_NE(table.find("2.50x"), std::string::npos);
}

TEST(TextReport, RowsRankedBestFirstUnlessDeclaredOrderIsAsked) {
  Results r;
  r.measurements = {ok_row("coroutine", "switch", "slow", 5), ok_row("coroutine", "switch", "fast", 2)};
  const std::string ranked = text::case_table(group_by_case(r)[0]);
  EXPECT_LT(ranked.find("fast"), ranked.find("slow"));
  const std::string declared = text::case_table(group_by_case(r, RowOrder::declared)[0]);
  EXPECT_LT(declared.find("slow"), declared.find("fast"));
}

TEST(TextReport, HigherIsBetterFiguresRankTheOtherWay) {
  Measurement a = ok_row("json", "conformance", "lenient", 80), b = ok_row("json", "conformance", "strict", 100);
  a.figure = b.figure = FigureSpec::score("score");
  Results r;
  r.measurements = {a, b};
  const auto g = group_by_case(r)[0];
  EXPECT_EQ(g.rows[0]->library, "strict");
  EXPECT_DOUBLE_EQ(g.relative(*g.rows[1]), 1.25);
  const std::string table = text::case_table(g);
  EXPECT_NE(table.find("higher is better"), std::string::npos);
  EXPECT_EQ(text::original_line(*g.rows[0]).rfind("strict: : 100 %", 0), 0u) << text::original_line(*g.rows[0]);
}

TEST(TextReport, UnavailableLibrariesListedOnceAfterTheTables) {
  Results r;
  for (const char* c : {"switch", "channel"}) {
    Measurement m;
    m.module = "coroutine";
    m.case_id = c;
    m.library = "libmill";
    m.status = Status::unavailable;
    m.reason = "libmill not found";
    m.enable = "configure with -DLIBMILL_ROOT=PREFIX";
    r.measurements.push_back(m);
  }
  const std::string summary = text::unavailable_summary(r);
  std::size_t count = 0;
  for (auto at = summary.find("libmill not found"); at != std::string::npos; at = summary.find("libmill not found", at + 1)) ++count;
  EXPECT_EQ(count, 1u);
  EXPECT_NE(summary.find("-DLIBMILL_ROOT"), std::string::npos);
  for (const auto& g : group_by_case(r)) EXPECT_EQ(text::case_table(g).find("libmill"), std::string::npos);
}

TEST(TextReport, ACutVersionDoesNotEndInTheUnstableMark) {
  Measurement m = ok_row("coroutine", "switch", "x", 1);
  m.version = "a-very-long-version-string-1.2.3";
  Results r;
  r.measurements = {m};
  const std::string table = text::case_table(group_by_case(r)[0]);
  EXPECT_NE(table.find("a-very-long-version-string.. "), std::string::npos) << table;
  EXPECT_EQ(table.find("~"), std::string::npos) << table;
}

// The version column widens to the longest version (up to 28 characters); beyond that a version
// drops its remark in parentheses before anything is cut.
TEST(TextReport, VersionsAreShownWhole) {
  Results r;
  for (const std::string version : {"LIBGO_VERSION 300", "0.0+git20180715.2c46874-2 (Debian libflathashmap-dev)", "1.0"}) {
    Measurement m = ok_row("coroutine", "switch", "", 1);
    m.library = "lib" + std::to_string(r.measurements.size());
    m.version = version;
    r.measurements.push_back(m);
  }
  const std::string table = text::case_table(group_by_case(r)[0]);
  EXPECT_NE(table.find("LIBGO_VERSION 300 "), std::string::npos) << table;
  EXPECT_NE(table.find("0.0+git20180715.2c46874-2 "), std::string::npos) << table;
  EXPECT_EQ(table.find("Debian"), std::string::npos) << table;
  EXPECT_EQ(table.find(".. "), std::string::npos) << table;  // nothing cut
  // The header's columns are the rows' columns: each row's figure ends under "ns/op".
  const auto figure_end = table.find("ns/op") + 5;
  for (std::size_t line = table.find('\n') + 1, row = 0; row < 3; ++row, line = table.find('\n', line) + 1)
    EXPECT_EQ(table.substr(line + figure_end - 4, 4), "1.00") << table;
}
