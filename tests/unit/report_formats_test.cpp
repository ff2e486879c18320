// md, csv, gbench and github-action output parsed back.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <optional>
#include <sstream>

#include "report/escape.hpp"
#include "report/reporter.hpp"
#include "results/machine.hpp"
#include "report_fixtures.hpp"

using namespace benchbox;
using namespace benchbox::testing;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// RFC 4180 reader: records of fields, quotes doubled inside quoted fields, newlines allowed there.
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> records(1, std::vector<std::string>(1));
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') records.back().back() += '"', ++i;
      else if (c == '"') quoted = false;
      else records.back().back() += c;
    } else if (c == '"') quoted = true;
    else if (c == ',') records.back().emplace_back();
    else if (c == '\n') records.emplace_back(1);
    else records.back().back() += c;
  }
  if (records.back().size() == 1 && records.back()[0].empty()) records.pop_back();
  return records;
}

std::size_t cells(const std::string& table_line) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < table_line.size(); ++i)
    if (table_line[i] == '|' && (i == 0 || table_line[i - 1] != '\\')) ++n;
  return n - 1;
}

}  // namespace

TEST(Escape, CsvQuotesOnlyWhenNeeded) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
}

TEST(Escape, HtmlEscapesMarkupAndQuotes) {
  EXPECT_EQ(html_escape("<a href='x'>&\"</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
  EXPECT_EQ(html_escape(std::string("bell\x07")), "bell\xEF\xBF\xBD");
}

// A library not installed here: once per format, with why and how to enable it, each escaped.
TEST(Reports, UnavailableLibrariesAreListedWithHowToEnableThem) {
  Results r = sample_results();
  Measurement absent = row("libdill", "switch", 2, {}, Status::unavailable, "libdill <b>not</b> found");
  absent.enable = "install | build <it>";
  r.measurements.push_back(absent);
  r.measurements.push_back(row("libtask", "switch", 2, {}, Status::unavailable, "libtask not found"));
  const std::string md = make_reporter("md")->render(r);
  EXPECT_NE(md.find("Not available here:\n\n- libdill: " + md_cell("libdill <b>not</b> found") + " (to enable: " +
                    md_cell("install | build <it>") + ")\n- libtask: libtask not found\n\n"),
            std::string::npos)
      << md;
  const std::string html = make_reporter("html")->render(r);
  EXPECT_NE(html.find("<ul class=\"missing\">\n<li><b>libdill</b> libdill &lt;b&gt;not&lt;/b&gt; found (to enable: install | "
                      "build &lt;it&gt;)</li>\n<li><b>libtask</b> libtask not found</li>\n</ul>"),
            std::string::npos)
      << html;
}

TEST(MarkdownReport, OneTablePerCaseWithEqualColumns) {
  const Results r = sample_results();
  const std::string md = make_reporter("md")->render(r);
  std::size_t tables = 0, separator_cells = 0;
  for (const auto& line : lines_of(md)) {
    if (line.rfind("|:--", 0) == 0 || line.rfind("|--:", 0) == 0) {
      ++tables;
      separator_cells = cells(line);
      EXPECT_EQ(separator_cells, 8u);
    } else if (!line.empty() && line[0] == '|') {
      EXPECT_EQ(line.back(), '|') << line;
      EXPECT_EQ(cells(line), 8u) << line;
    }
  }
  EXPECT_EQ(tables, group_by_case(r).size());
  EXPECT_NE(md.find("### coroutine switch, 2 coroutines"), std::string::npos);
  EXPECT_NE(md.find("- libmill: FAILED: killed by signal 11"), std::string::npos);
  EXPECT_NE(md.find("- lua: n/a: no channel, no switch"), std::string::npos);
  EXPECT_NE(md.find("| rank | library | version | ns/op | ± | relative | peak MiB |  |\n|--:|:--|:--|--:|--:|--:|--:|:--|\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| - | floor | 1.0 | 2.02 | "), std::string::npos) << md;  // the reference: not ranked, marked
  EXPECT_NE(md.find(" | 3.0 | \\* |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("\\*: the module's reference row"), std::string::npos) << md;
}

// --columns all: today's every column, in Markdown as in text.
TEST(MarkdownReport, EveryColumnOnRequest) {
  const std::string md = make_reporter("md", {RowOrder::best_first, all_columns()})->render(sample_results());
  EXPECT_NE(md.find("| rank | library | version | ns/op | switches/s | ± | CI of median | lower q. ± | min..max | spread | ±MAD | "
                    "relative | vs ref | vs mean | peak MiB | reps |  |\n"),
            std::string::npos)
      << md;
}

TEST(MarkdownReport, PipesInNamesDoNotBreakTheTable) {
  Results r = sample_results();
  r.measurements[1].library = "a|b";
  const std::string md = make_reporter("md")->render(r);
  EXPECT_NE(md.find("| a\\|b |"), std::string::npos);
  for (const auto& line : lines_of(md))
    if (!line.empty() && line[0] == '|') {
      EXPECT_EQ(cells(line), 8u) << line;
    }
}

TEST(CsvReport, OneRowPerResultUnderAHeader) {
  const Results r = sample_results();
  const auto records = parse_csv(make_reporter("csv")->render(r));
  ASSERT_EQ(records.size(), r.measurements.size() + 1);
  const auto& header = records[0];
  for (const auto& rec : records) EXPECT_EQ(rec.size(), header.size());
  auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  ASSERT_LT(column("median"), header.size());
  EXPECT_EQ(records[1][column("figure")], "ns_per_op");
  EXPECT_EQ(records[1][column("figure_unit")], "ns/op");
  EXPECT_EQ(records[1][column("reference")], "true");
  ASSERT_LT(column("reason"), header.size());
  EXPECT_EQ(records[1][column("library")], "floor");
  EXPECT_DOUBLE_EQ(std::stod(records[1][column("median")]), r.measurements[0].summary.median);
  EXPECT_EQ(records[5][column("status")], "failed");
  EXPECT_EQ(records[5][column("median")], "");
  EXPECT_EQ(records[5][column("reason")], "killed by signal 11, \"segfault\"");  // quoted and back
  EXPECT_EQ(records[2][column("vs_ref")], "");  // no paired ratio in this run
}

TEST(CsvReport, PairedRatioToTheReferenceHasItsColumn) {
  Results r = sample_results();
  r.measurements[1].reference_ratio = Summary{};
  r.measurements[1].reference_ratio->median = 4.75;
  const auto records = parse_csv(make_reporter("csv")->render(r));
  const auto& header = records[0];
  const auto column = static_cast<std::size_t>(std::find(header.begin(), header.end(), "vs_ref") - header.begin());
  ASSERT_LT(column, header.size());
  bool seen = false;
  for (const auto& rec : records) seen = seen || rec[column] == "4.7500";
  EXPECT_TRUE(seen);
  EXPECT_NE(make_reporter("md", {RowOrder::best_first, columns_from("vs-ref")})->render(r).find("| 4.75x |"), std::string::npos);
}

// tbox's repetitions 9.9, 10.0, 10.1, 10.2, 10.5: the lower quartile is 10.0; five samples hold
// it only in min..max, with probability 1 - 0.75^5 - 0.25^5 (76%), half-width 0.3 (3.0%).
TEST(Reports, TheRobustFigureAndItsIntervalReachEveryFormat) {
  const Results r = sample_results();
  const auto& tbox = r.measurements[1];
  ASSERT_TRUE(tbox.robust());
  EXPECT_DOUBLE_EQ(tbox.robust()->value, 10.0);
  EXPECT_NEAR(tbox.robust()->ci_level, 0.7617, 1e-4);
  const ReportOptions all{RowOrder::best_first, all_columns()};
  const std::string text = make_reporter("text", all)->render(r);
  EXPECT_NE(text.find("lower q. ±"), std::string::npos);
  EXPECT_NE(text.find("10.0 ±3.0%"), std::string::npos) << text;
  EXPECT_NE(text.find("lower q.: the lower quartile (noise only ever slows)"), std::string::npos) << text;
  EXPECT_EQ(make_reporter("text")->render(r).find("lower q."), std::string::npos);  // not by default
  EXPECT_NE(make_reporter("md", all)->render(r).find("| 10.0 ±3.0% |"), std::string::npos);
  EXPECT_NE(make_reporter("html", all)->render(r).find("<td title=\"9.90..10.5, 76% coverage\">10.0 ±3.0%</td>"), std::string::npos);
  const auto records = parse_csv(make_reporter("csv")->render(r));
  const auto& header = records[0];
  const auto column = static_cast<std::size_t>(std::find(header.begin(), header.end(), "robust") - header.begin());
  ASSERT_LT(column, header.size());
  const auto library = static_cast<std::size_t>(std::find(header.begin(), header.end(), "library") - header.begin());
  for (const auto& rec : records) {
    if (rec[library] == "tbox") {
      EXPECT_DOUBLE_EQ(std::stod(rec[column]), 10.0);
    }
    if (rec[library] == "libmill") {
      EXPECT_EQ(rec[column], "");  // failed: none
    }
  }
  const auto j = nlohmann::json::parse(make_reporter("json")->render(r));
  EXPECT_DOUBLE_EQ(j["results"][1]["robust"]["value"].get<double>(), 10.0);
  EXPECT_DOUBLE_EQ(j["results"][1]["robust"]["quantile"].get<double>(), 0.25);
  EXPECT_TRUE(j["results"][4]["robust"].is_null());
}

// vs mean: each row's lower quartile over the geometric mean of its case's lower quartiles. The
// sample's switch rows have lower quartiles 2, 10, 5 and 100, whose geometric mean is 10.
TEST(Reports, VsMeanDividesByTheGeometricMeanOfThePointsRobustFigures) {
  const Results r = sample_results();
  const auto groups = group_by_case(r);
  const CaseGroup& sw = groups[0];
  auto vs_mean_of = [&](const std::string& library) {
    for (const auto* m : sw.rows)
      if (m->library == library) return sw.vs_mean(*m);
    return std::optional<double>();
  };
  EXPECT_NEAR(*vs_mean_of("floor"), 0.2, 1e-12);
  EXPECT_NEAR(*vs_mean_of("tbox"), 1.0, 1e-12);
  EXPECT_NEAR(*vs_mean_of("boost.context"), 0.5, 1e-12);
  EXPECT_NEAR(*vs_mean_of("ucontext"), 10.0, 1e-12);
  EXPECT_FALSE(vs_mean_of("libmill"));  // failed: no figure, and not in the mean
  EXPECT_EQ(sw.vs_mean_text(*sw.rows.back()), "-");

  const ReportOptions all{RowOrder::best_first, all_columns()};
  const std::string text = make_reporter("text", all)->render(r);
  EXPECT_NE(text.find(" vs mean "), std::string::npos);
  EXPECT_NE(text.find("vs mean: the lower quartile over the geometric mean of the 4 rows' (below 1: better)"), std::string::npos)
      << text;
  EXPECT_NE(make_reporter("md", all)->render(r).find("| 0.500x |"), std::string::npos);
  EXPECT_NE(make_reporter("html", all)->render(r).find("<td>10.0x</td>"), std::string::npos);
  EXPECT_EQ(sw.vs_mean_text(*sw.rows[0]), "0.200x");
  const auto records = parse_csv(make_reporter("csv")->render(r));
  const auto& header = records[0];
  const auto column = static_cast<std::size_t>(std::find(header.begin(), header.end(), "vs_mean") - header.begin());
  const auto library = static_cast<std::size_t>(std::find(header.begin(), header.end(), "library") - header.begin());
  ASSERT_LT(column, header.size());
  for (const auto& rec : records) {
    if (rec[library] == "tbox") {
      EXPECT_EQ(rec[column], "1");
    }
    if (rec[library] == "libmill") {  // braces: gtest's macros end in an if of their own
      EXPECT_EQ(rec[column], "");
    }
    if (rec[library] == "golang") {  // the channel case: two rows
      const double floor = r.measurements[6].robust()->value, golang = r.measurements[7].robust()->value;
      EXPECT_NEAR(std::stod(rec[column]), golang / std::sqrt(floor * golang), 1e-5);
    }
  }
}

// A rate (higher is better) is measured by its upper quartile, and above 1 is better; the shown
// value keeps three significant digits up to 100, none from there.
TEST(Reports, VsMeanOfARateAndItsDigits) {
  Results r;
  auto rate_row = [](const std::string& library, std::vector<double> values) {
    Measurement m = row(library, "compress", 1, std::move(values));
    m.figure = FigureSpec::rate("mb_per_s", "bytes", 1e6, "MB/s");
    return m;
  };
  r.measurements = {rate_row("fast", {400, 400, 400, 400, 400}), rate_row("slow", {1, 1, 1, 1, 1}),
                    rate_row("mid", {20, 20, 20, 20, 20})};
  const auto groups = group_by_case(r);
  const CaseGroup& g = groups[0];
  ASSERT_EQ(g.rows.size(), 3u);
  EXPECT_EQ(g.vs_mean_text(*g.rows[0]), "20.0x");  // 400 / 20
  EXPECT_EQ(g.vs_mean_text(*g.rows[1]), "1.00x");
  EXPECT_EQ(g.vs_mean_text(*g.rows[2]), "0.0500x");
  EXPECT_NE(g.vs_mean_legend().find("upper quartile"), std::string::npos);
  EXPECT_NE(g.vs_mean_legend().find("above 1: better"), std::string::npos);
  r.measurements[0] = rate_row("fast", {20000, 20000, 20000, 20000, 20000});
  const auto wide = group_by_case(r);
  EXPECT_EQ(wide[0].vs_mean_text(*wide[0].rows[0]), "271x");  // 20000 / cbrt(400000)
  EXPECT_EQ(wide[0].vs_mean_text(*wide[0].rows[2]), "0.0136x");
  r.measurements[0] = rate_row("fast", {1e9, 1e9, 1e9, 1e9, 1e9});
  const auto wider = group_by_case(r);
  EXPECT_EQ(wider[0].vs_mean_text(*wider[0].rows[2]), "<0.001x");  // 1 / cbrt(2e10)
}

// Rows of another figure (a mixed or hand-edited file) are not in a row's mean.
TEST(Reports, VsMeanKeepsToTheRowsFigure) {
  Results r = sample_results();
  r.measurements[3].figure = FigureSpec::rate("mb_per_s", "bytes", 1e6, "MB/s");  // ucontext
  const auto groups = group_by_case(r);
  for (const auto* m : groups[0].rows) {
    if (m->library == "floor") {
      EXPECT_NEAR(*groups[0].vs_mean(*m), 2.0 / std::cbrt(2.0 * 10 * 5), 1e-12);
    }
  }
}

// A case with a single row has no mean to be measured against.
TEST(Reports, VsMeanNeedsTwoRows) {
  Results r = sample_results();
  r.measurements.resize(1);
  const auto groups = group_by_case(r);
  EXPECT_FALSE(groups[0].vs_mean(*groups[0].rows[0]));
  EXPECT_EQ(groups[0].vs_mean_legend(), "vs mean: none, fewer than two rows with a number");
}

TEST(GbenchReport, FieldsCompareDotPyReads) {
  const Results r = sample_results();
  const auto j = nlohmann::json::parse(make_reporter("gbench")->render(r));
  for (const char* key : {"date", "host_name", "executable", "num_cpus", "mhz_per_cpu", "cpu_scaling_enabled", "caches",
                          "load_avg", "library_build_type"})
    EXPECT_TRUE(j["context"].contains(key)) << key;
  EXPECT_EQ(j["context"]["host_name"], "testhost");
  EXPECT_EQ(j["context"]["benchbox_machine"], "testhost");  // a file without a machine: its host
  EXPECT_EQ(j["context"]["benchbox_machine_fingerprint"], machine_fingerprint(r.context));
  EXPECT_EQ(j["context"]["num_cpus"], 4);
  EXPECT_EQ(j["context"]["caches"][0]["size"], 32768);
  EXPECT_EQ(j["context"]["library_build_type"], "release");

  std::size_t expected = 0;
  for (const auto& m : r.measurements)
    if (m.status == Status::ok) expected += m.values.size() + 4;
  ASSERT_EQ(j["benchmarks"].size(), expected);

  const auto& first = j["benchmarks"][0];
  EXPECT_EQ(first["name"], "coroutine/switch/2/floor");
  EXPECT_EQ(first["run_name"], "coroutine/switch/2/floor");
  EXPECT_EQ(first["run_type"], "iteration");
  EXPECT_EQ(first["repetitions"], 5);
  EXPECT_EQ(first["repetition_index"], 0);
  EXPECT_EQ(first["threads"], 1);
  EXPECT_EQ(first["iterations"], 100000);
  EXPECT_EQ(first["time_unit"], "ns");
  EXPECT_DOUBLE_EQ(first["real_time"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(first["cpu_time"].get<double>(), 2.0);

  std::vector<std::string> aggregates;
  for (const auto& b : j["benchmarks"])
    if (b["run_type"] == "aggregate" && b["run_name"] == "coroutine/switch/2/tbox") {
      aggregates.push_back(b["aggregate_name"]);
      EXPECT_EQ(b["name"], "coroutine/switch/2/tbox_" + b["aggregate_name"].get<std::string>());
      if (b["aggregate_name"] == "median") {
        EXPECT_DOUBLE_EQ(b["real_time"].get<double>(), 10.1);
      }
    }
  EXPECT_EQ(aggregates, (std::vector<std::string>{"mean", "median", "stddev", "cv"}));
  for (const auto& b : j["benchmarks"]) EXPECT_EQ(b["name"].get<std::string>().find("libmill"), std::string::npos);
}

namespace {

// Parsed keeping the keys' order.
nlohmann::ordered_json gbench_rows(const Results& r, GbenchAggregates mode) {
  ReportOptions options;
  options.gbench_aggregates = mode;
  return nlohmann::ordered_json::parse(make_reporter("gbench", options)->render(r))["benchmarks"];
}

std::vector<std::string> keys_of(const nlohmann::ordered_json& row) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : row.items()) keys.push_back(key);
  return keys;
}

}  // namespace

// Google Benchmark 1.7's JSON reporter (json_reporter.cc, PrintRunData) writes its keys in this
// order; counters come in their std::map's order, the label last.
TEST(GbenchReport, RowsHaveGoogleBenchmarksKeysInItsOrder) {
  Results r = sample_results();
  r.measurements[0].rate_unit = "MB/s";  // a rate of bytes: bytes_per_second beside items_per_second
  r.measurements[0].rate_per_op = 64;
  const auto rows = gbench_rows(r, GbenchAggregates::with);
  EXPECT_EQ(keys_of(rows[0]),
            (std::vector<std::string>{"name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
                                      "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit",
                                      "bytes_per_second", "items_per_second", "label"}));
  EXPECT_EQ(keys_of(rows[5]),
            (std::vector<std::string>{"name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
                                      "threads", "aggregate_name", "aggregate_unit", "iterations", "real_time", "cpu_time",
                                      "time_unit", "bytes_per_second", "items_per_second", "label"}));
}

// The aggregates are those of Google Benchmark over the repetitions, the counters' over each
// repetition's counter (its ComputeStats): cv = stddev / mean, a fraction, "percentage".
TEST(GbenchReport, AggregatesAreGoogleBenchmarksStatistics) {
  const Results r = sample_results();  // floor: 2.0, 2.1, 2.05, 1.98, 2.02
  std::map<std::string, nlohmann::ordered_json> by_name;
  for (const auto& b : gbench_rows(r, GbenchAggregates::with)) by_name[b["name"]] = b;
  const auto& median = by_name.at("coroutine/switch/2/floor_median");
  EXPECT_EQ(median["run_type"], "aggregate");
  EXPECT_EQ(median["run_name"], "coroutine/switch/2/floor");
  EXPECT_EQ(median["repetitions"], 5);
  EXPECT_EQ(median["iterations"], 5);  // the count of repetitions, as Google Benchmark
  EXPECT_EQ(median["aggregate_unit"], "time");
  EXPECT_DOUBLE_EQ(median["real_time"].get<double>(), 2.02);
  EXPECT_DOUBLE_EQ(median["items_per_second"].get<double>(), 1e9 / 2.02);
  const double mean = (2.0 + 2.1 + 2.05 + 1.98 + 2.02) / 5;
  EXPECT_DOUBLE_EQ(by_name.at("coroutine/switch/2/floor_mean")["real_time"].get<double>(), mean);
  const auto& cv = by_name.at("coroutine/switch/2/floor_cv");
  EXPECT_EQ(cv["aggregate_unit"], "percentage");
  EXPECT_NEAR(cv["real_time"].get<double>(), r.measurements[0].summary.stddev / mean, 1e-15);
  EXPECT_LT(cv["real_time"].get<double>(), 0.05);  // a fraction, not percent
}

// only: the aggregates alone (--benchmark_report_aggregates_only); none: the repetitions alone;
// a row of one repetition has no aggregates, and keeps its repetition even with only.
TEST(GbenchReport, AggregatesWithOnlyOrNone) {
  Results r = sample_results();
  r.measurements[7].values = {30.0};  // golang, channel 0: one repetition
  r.measurements[7].summary = summarize(r.measurements[7].values);
  auto names = [&r](GbenchAggregates mode) {
    std::vector<std::string> out;
    for (const auto& b : gbench_rows(r, mode))
      if (b["run_name"] == "coroutine/switch/2/tbox" || b["run_name"] == "coroutine/channel/0/golang") out.push_back(b["name"]);
    return out;
  };
  const std::string tbox = "coroutine/switch/2/tbox", golang = "coroutine/channel/0/golang";
  EXPECT_EQ(names(GbenchAggregates::only),
            (std::vector<std::string>{tbox + "_mean", tbox + "_median", tbox + "_stddev", tbox + "_cv", golang}));
  EXPECT_EQ(names(GbenchAggregates::none), (std::vector<std::string>{tbox, tbox, tbox, tbox, tbox, golang}));
  EXPECT_EQ(names(GbenchAggregates::with).size(), 5u + 4u + 1u);
  for (const auto& b : gbench_rows(r, GbenchAggregates::none)) EXPECT_EQ(b["run_type"], "iteration");
}

namespace {

// sample_results with a conformance case of higher-is-better scores.
Results mixed_directions() {
  Results r = sample_results();
  for (const char* library : {"floor", "tbox"}) {
    Measurement m = row(library, "conformance", 1, {97.5});
    m.figure = FigureSpec::score("score");
    m.figure.summary = FigureSummary::exact;
    m.rate_unit.clear();
    r.measurements.push_back(m);
  }
  return r;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

nlohmann::ordered_json github_entries(const Results& r, const char* format) {
  return nlohmann::ordered_json::parse(make_reporter(format)->render(r));
}

}  // namespace

// github-action-benchmark's custom format (its src/extract.ts, BenchmarkResult): a list of
// {name, value, unit, range?, extra?}; range as its extractRangeInfo reads it ("± 1.2"); each entry
// names its direction and tool in extra. github-action writes the lower-is-better rows,
// github-action-bigger the higher-is-better ones.
TEST(GithubActionReport, OneEntryPerRowOfItsDirection) {
  const Results r = mixed_directions();
  const auto smaller = github_entries(r, "github-action");
  ASSERT_TRUE(smaller.is_array());
  ASSERT_EQ(smaller.size(), 6u);  // the verified time rows; failed and n/a rows have no value
  const std::regex range(R"(^(\+-|±)\s*\d[0-9.e+-]*$)");
  std::set<std::string> names;
  for (const auto& e : smaller) {
    EXPECT_EQ(keys_of(e), (std::vector<std::string>{"name", "value", "unit", "range", "extra"})) << e;
    EXPECT_TRUE(names.insert(e["name"].get<std::string>()).second) << "twice: " << e["name"];
    EXPECT_EQ(e["unit"], "ns/op");
    EXPECT_TRUE(std::regex_match(e["range"].get<std::string>(), range)) << e["range"];
    EXPECT_TRUE(has(e["extra"].get<std::string>(), "\nlower is better: tool customSmallerIsBetter\n")) << e["extra"];
  }
  const auto& tbox = smaller[2];  // best first: floor, boost.context, tbox, ucontext
  EXPECT_EQ(tbox["name"], "coroutine/switch/2/tbox");
  EXPECT_DOUBLE_EQ(tbox["value"].get<double>(), 10.1);
  const Summary& s = r.measurements[1].summary;
  EXPECT_EQ(tbox["range"], fmt::format("± {:.3g}", (s.ci_high - s.ci_low) / 2));
  EXPECT_TRUE(tbox["extra"].get<std::string>().starts_with("tbox 1.0\n")) << tbox["extra"];

  const auto bigger = github_entries(r, "github-action-bigger");
  ASSERT_EQ(bigger.size(), 2u);
  EXPECT_EQ(bigger[0]["name"], "coroutine/conformance/1/floor");
  EXPECT_EQ(bigger[0]["unit"], "%");
  EXPECT_FALSE(bigger[0].contains("range"));  // an exact figure has no interval
  EXPECT_TRUE(has(bigger[0]["extra"].get<std::string>(), "\nhigher is better: tool customBiggerIsBetter\n")) << bigger[0];
}

// A file of the other direction only: refused with one line naming the format to use.
TEST(GithubActionReport, NoRowOfItsDirectionIsRefused) {
  try {
    make_reporter("github-action-bigger")->render(sample_results());
    FAIL() << "rendered";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "--format github-action-bigger writes the higher-is-better rows (tool customBiggerIsBetter); every figure "
              "here (ns/op) is lower is better: use --format github-action (tool customSmallerIsBetter)");
  }
  EXPECT_THROW(make_reporter("github-action")->render(Results{}), std::runtime_error);
}

TEST(Reporters, EveryFormatIsRegistered) {
  for (const char* f : {"text", "json", "md", "csv", "gbench", "github-action", "github-action-bigger", "svg", "html"})
    EXPECT_NO_THROW(make_reporter(f)) << f;
  EXPECT_THROW(make_reporter("pdf"), std::invalid_argument);
}
