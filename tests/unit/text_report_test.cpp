#include "report/text.hpp"

#include <gtest/gtest.h>

#include "report_fixtures.hpp"
#include "results/standing.hpp"

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

// A version longer than the budget drops its remark in parentheses, then is cut in the middle;
// `--columns all` shows it whole.
TEST(TextReport, LongVersionsAreCutInTheMiddleAndWholeWithAll) {
  Results r;
  for (const std::string version : {"LIBGO_VERSION 300", "0.0+git20180715.2c46874-2 (Debian libflathashmap-dev)",
                                    "2.0.3-2 (Debian libsparsehash-dev)", "1.0"}) {
    Measurement m = ok_row("coroutine", "switch", "", 1);
    m.library = "lib" + std::to_string(r.measurements.size());
    m.version = version;
    r.measurements.push_back(m);
  }
  const std::string table = text::case_table(group_by_case(r)[0]);
  EXPECT_NE(table.find("  LIBGO_VE…ION 300  "), std::string::npos) << table;
  EXPECT_NE(table.find("  0.0+git2…46874-2  "), std::string::npos) << table;
  EXPECT_NE(table.find("  2.0.3-2  "), std::string::npos) << table;
  EXPECT_EQ(table.find("Debian"), std::string::npos) << table;
  // The header's columns are the rows' columns: each row's figure ends under "ns/op".
  const auto figure_end = display_width(table.substr(0, table.find("ns/op") + 5));
  for (std::size_t line = table.find('\n') + 1, row = 0; row < 4; ++row, line = table.find('\n', line) + 1) {
    const std::string text = table.substr(line, table.find('\n', line) - line);
    const auto figure = text.find(" 1.00 ") + 1;
    EXPECT_EQ(display_width(text.substr(0, figure)) + 4, figure_end) << table;
  }
  const std::string all = text::case_table(group_by_case(r)[0], all_columns());
  EXPECT_NE(all.find("0.0+git20180715.2c46874-2 (Debian libflathashmap-dev)"), std::string::npos) << all;
}

// Names are cut in the middle to fit, unless two rows would then look alike: a library's version
// rows with one variant are shown whole, and so told apart.
TEST(TextReport, RowNamesThatCutAlikeAreShownWhole) {
  Results r;
  for (const std::string version : {"25.12.19", "25.12.18"}) {
    Measurement m = ok_row("serialization", "access", "", 1);
    m.library = "flatbuffers@" + version;
    m.variant = "object-api";
    r.measurements.push_back(m);
  }
  std::string table = text::case_table(group_by_case(r)[0]);
  EXPECT_NE(table.find("flatbuffers@25.12.19:object-api"), std::string::npos) << table;
  EXPECT_NE(table.find("flatbuffers@25.12.18:object-api"), std::string::npos) << table;
  r.measurements[1].library = "a-library-with-a-long-name";  // no longer alike: both cut again
  table = text::case_table(group_by_case(r)[0]);
  EXPECT_EQ(table.find("flatbuffers@25.12.19:object-api"), std::string::npos) << table;
  EXPECT_NE(table.find("…"), std::string::npos) << table;
}

// The default table: rank, library, version, the figure, ±, relative, peak memory and the marks;
// the legend names what is shown, and each of its lines fits in 100 columns.
TEST(TextReport, DefaultColumnsAndTheirLegend) {
  const Results r = benchbox::testing::sample_results();
  const std::string table = text::case_table(group_by_case(r)[0]);
  const std::string header = table.substr(0, table.find('\n'));
  EXPECT_EQ(header, "rank  library        version  ns/op      ±  relative  peak MiB") << table;
  for (const char* hidden : {"switches/s", "lower q.", "min..max", "vs ref", "vs mean"}) EXPECT_EQ(table.find(hidden), std::string::npos) << hidden;
  EXPECT_NE(table.find("\n   -  floor          1.0       2.02   3.0%     1.00x       3.0  *\n"), std::string::npos) << table;
  EXPECT_NE(table.find("\n   1  boost.context  1.0       5.00   3.0%     2.48x       3.0\n"), std::string::npos) << table;
  EXPECT_NE(table.find("\n      libmill        1.0      FAILED: killed by signal 11"), std::string::npos) << table;
  EXPECT_NE(table.find("\nns/op: nanoseconds per operation"), std::string::npos) << table;
  EXPECT_NE(table.find("\n±: half-width of the median's confidence interval; relative: to the best\n"), std::string::npos) << table;
  EXPECT_NE(table.find("\n*: the module's reference row"), std::string::npos) << table;
  EXPECT_EQ(table.find("~:"), std::string::npos) << table;  // no row unstable: no line for it
  for (std::size_t start = 0, end; (end = table.find('\n', start)) != std::string::npos; start = end + 1)
    EXPECT_LE(display_width(table.substr(start, end - start)), 100u) << table;
}

// The rank is by the figure whatever the order of the rows; rows not known apart share a place.
TEST(TextReport, RankFollowsTheFigureAndTiesShare) {
  Results r;
  r.measurements = {ok_row("coroutine", "switch", "b", 5), ok_row("coroutine", "switch", "a", 2),
                    ok_row("coroutine", "switch", "c", 5)};
  for (auto& m : r.measurements) {  // five values each, 0.2% apart
    m.values = {m.values[0], m.values[0] * 1.002, m.values[0] * 0.998, m.values[0] * 1.001, m.values[0] * 0.999};
    m.summary = summarize(m.values);
  }
  set_standings(r);
  const std::string table = text::case_table(group_by_case(r, RowOrder::declared)[0]);
  EXPECT_NE(table.find("\n  2=  b "), std::string::npos) << table;
  EXPECT_NE(table.find("\n   1  a "), std::string::npos) << table;
  EXPECT_NE(table.find("\n  2=  c "), std::string::npos) << table;
  EXPECT_NE(table.find("\n= after a rank (2=): a shared rank"), std::string::npos) << table;
}

// One column of marks, and a legend line for each mark used.
TEST(TextReport, MarksShareOneColumnWithALineEachUnderTheTable) {
  Results r = benchbox::testing::sample_results();
  Measurement& tbox = r.measurements[1];
  tbox.modes = {10.0, 10.5};
  tbox.standing.open = tbox.standing.marked = true;
  tbox.standing.why = "its ratio to the best, 5.00x, known only to ±9%";
  ASSERT_TRUE(tbox.unstable());
  const std::string table = text::case_table(group_by_case(r)[0]);
  const auto row = table.find("  tbox  ");
  ASSERT_NE(row, std::string::npos) << table;
  EXPECT_EQ(table.substr(table.find('\n', row) - 4, 4), "  ~=") << table;
  EXPECT_NE(table.find("\n~: unsure where it matters"), std::string::npos) << table;
  EXPECT_NE(table.find("\n=: two modes"), std::string::npos) << table;
  EXPECT_EQ(table.find("10.0 and 10.5"), std::string::npos) << table;  // the values: --columns modes
  const std::string with_modes = text::case_table(group_by_case(r)[0], columns_from("default,modes"));
  EXPECT_NE(with_modes.find("~=  10.0 and 10.5\n"), std::string::npos) << with_modes;
}

// A name longer than its budget is cut in the middle, the same way everywhere; whole with all.
TEST(TextReport, LongNamesAreCutInTheMiddle) {
  EXPECT_EQ(middle_cut("boost.unordered_flat_map", 18), "boost.uno…flat_map");
  EXPECT_EQ(display_width(middle_cut("boost.unordered_flat_map", 18)), 18u);
  EXPECT_EQ(middle_cut("tsl.robin_map", 18), "tsl.robin_map");
  Results r;
  r.measurements = {ok_row("hashmap", "find", "boost.unordered_flat_map", 5), ok_row("hashmap", "find", "std.map", 9)};
  EXPECT_NE(text::case_table(group_by_case(r)[0]).find("  boost.unor…_flat_map  "), std::string::npos);
  EXPECT_NE(text::case_table(group_by_case(r)[0], all_columns()).find("  boost.unordered_flat_map  "), std::string::npos);
}

// A table wider than 100 columns puts titles over two lines at a space, then abbreviates by a rule
// the legend names; a title is never cut, nor split at a '/'.
TEST(TextReport, WideTablesAbbreviateLongTitlesAndSaySo) {
  Results r;
  for (const char* library : {"a", "b"}) {
    Measurement m = ok_row("serialization", "serialize", library, 123);
    for (const char* id : {"bytes_per_message", "faults_per_message", "allocations_per_message", "frees_per_message"}) {
      FigureSpec f = FigureSpec::count(id, "message", "a figure of its own");
      f.label = std::string(id).substr(0, std::string(id).find('_')) + "/message";
      m.extra_figures.push_back({f, {1, 1}, summarize({1, 1})});
    }
    m.version = "0~git20200803.9490b14-3+b1";
    r.measurements.push_back(m);
  }
  const std::string table = text::case_table(group_by_case(r)[0]);
  const std::string head = table.substr(0, table.find("0~git"));  // the title lines (and the first row's start)
  EXPECT_NE(head.find(" flt/msg "), std::string::npos) << table;
  EXPECT_EQ(head.find("message"), std::string::npos) << table;  // never a lone half of "faults/message"
  EXPECT_NE(table.find("flt/msg: faults/message"), std::string::npos) << table;
  EXPECT_NE(table.find("each word of four letters or more to its first"), std::string::npos) << table;
  for (std::size_t start = 0, end; (end = table.find('\n', start)) != std::string::npos; start = end + 1)
    EXPECT_LE(display_width(table.substr(start, end - start)), 100u) << table;
}

TEST(TextReport, AbbreviationsKeepShortWordsAndDropVowels) {
  EXPECT_EQ(text::abbreviated("faults/message"), "flt/msg");
  EXPECT_EQ(text::abbreviated("bytes/message"), "bts/msg");
  EXPECT_EQ(text::abbreviated("peak MiB"), "pk MiB");
  EXPECT_EQ(text::abbreviated("ns/op"), "ns/op");
}

TEST(Columns, NamesAreCheckedWithOneLineNamingTheKnownOnes) {
  EXPECT_EQ(columns_from("default").shown, default_columns().shown);
  EXPECT_TRUE(columns_from("all").full_names);
  EXPECT_FALSE(columns_from("default,vs-mean").full_names);
  const auto named = columns_from("vs-ref,figure");
  EXPECT_EQ(named.shown, (std::vector<Column>{Column::library, Column::figure, Column::vs_ref}));  // the tables' order
  for (const char* bad : {"figure,bogus", "figure,,ci", ""}) {
    try {
      columns_from(bad);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
      EXPECT_NE(what.find("(columns: rank, library, "), std::string::npos) << what;
    }
  }
  EXPECT_NE(columns_help().find("  vs-mean   "), std::string::npos);
}
