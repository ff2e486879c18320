#include "results/results.hpp"
#include "results/results_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace benchbox;

namespace {
Results sample() {
  Results r;
  r.context = {{"cpu_model", "test cpu"}};
  r.warnings = {"a warning"};
  Measurement ok;
  ok.module = "coroutine";
  ok.case_id = "switch";
  ok.unit = "switches";
  ok.library = "floor";
  ok.version = "0.1";
  ok.point = Point::of(AxisValue::of(2));
  ok.reference = true;
  ok.rate_unit = "switches/s";
  ok.rate_per_op = 1;
  ok.peak_rss_bytes = 4u << 20;
  ok.traits.values = {{"style", "asymmetric"}, {"stack_bytes", "65536"}};
  ok.param_label = "2 coroutines";
  ok.status = Status::ok;
  ok.verified = true;
  ok.ops = 1000;
  ok.values = {2.0, 2.5, 2.1};
  ok.summary = summarize(ok.values);
  ok.processes = 1;
  ok.warmups = 0;  // none: a known count, not an unknown one
  Measurement na = ok;
  na.library = "ucontext";
  na.status = Status::not_applicable;
  na.verified = false;
  na.reason = "no channel";
  na.values.clear();
  na.summary = {};
  na.warmups.reset();
  r.measurements = {ok, na};
  return r;
}
}  // namespace

TEST(Results, JsonRoundTrip) {
  Results r = sample();
  auto j = to_json(r);
  EXPECT_EQ(j["schema_version"], kResultsSchemaVersion);
  EXPECT_EQ(j["results"][0]["median"], 2.1);
  EXPECT_EQ(j["results"][0]["figure"]["unit"], "ns/op");
  EXPECT_EQ(j["results"][0]["peak_rss_bytes"], 4u << 20);
  EXPECT_TRUE(j["results"][1]["median"].is_null());
  EXPECT_EQ(j["results"][0]["warmups"], 0);
  EXPECT_TRUE(j["results"][1]["warmups"].is_null());
  Results back = results_from_json(j);
  ASSERT_EQ(back.measurements.size(), 2u);
  EXPECT_EQ(back.measurements[0].library, "floor");
  EXPECT_TRUE(back.measurements[0].reference);
  EXPECT_EQ(back.measurements[0].point.first().number, 2);
  EXPECT_EQ(back.measurements[0].traits.value("style"), "asymmetric");
  EXPECT_EQ(back.measurements[0].peak_rss_bytes, 4u << 20);
  EXPECT_DOUBLE_EQ(back.measurements[0].summary.median, 2.1);
  EXPECT_DOUBLE_EQ(back.measurements[0].rate(), 1e9 / 2.1);
  EXPECT_EQ(back.measurements[0].warmups, 0u);
  EXPECT_EQ(back.measurements[1].status, Status::not_applicable);
  EXPECT_FALSE(back.measurements[1].warmups);
  EXPECT_FALSE(back.measurements[1].not_offered);
  EXPECT_EQ(back.warnings, r.warnings);
  // A library without the point's first-axis value (Measurement::not_offered) stays one.
  r.measurements[1].not_offered = true;
  EXPECT_TRUE(results_from_json(to_json(r)).measurements[1].not_offered);
}

// The ratio to the other rows is kept; the row's standing (its rank, the mark) is judged again from
// its repetitions on reading: alone at its point, on its median's interval (the values spread by 12%).
TEST(Results, TheRatioToTheOtherRowsRoundTripsAndTheStandingIsJudgedAgain) {
  Results r = sample();
  Summary ratio;
  ratio.n = 3, ratio.median = 0.5, ratio.ci_low = 0.495, ratio.ci_high = 0.505;
  r.measurements[0].others_ratio = ratio;
  ASSERT_GT(r.measurements[0].uncertainty(), 0.05);
  auto j = to_json(r);
  EXPECT_EQ(j["results"][0]["others_ratio"]["median"], 0.5);
  EXPECT_TRUE(j["results"][1]["others_ratio"].is_null());
  Results back = results_from_json(j);
  ASSERT_TRUE(back.measurements[0].others_ratio);
  EXPECT_DOUBLE_EQ(back.measurements[0].others_ratio->ci_high, 0.505);
  EXPECT_TRUE(back.measurements[0].unstable());
  EXPECT_EQ(to_json(back)["results"][0]["standing"]["why"], "its median known only to ±12%");
  auto damaged = j;
  damaged["results"][0]["others_ratio"]["ci_high"] = 0.4;  // below its median: would pass for a narrow interval
  EXPECT_THROW(results_from_json(damaged), std::runtime_error);
  damaged = j;
  damaged["results"][0]["rounds"] = {0, 1};  // not a round per value
  EXPECT_THROW(results_from_json(damaged), std::runtime_error);
}

TEST(Results, RejectsOtherSchemasAndDamage) {
  auto j = to_json(sample());
  auto other = j;
  other["schema_version"] = 99;
  EXPECT_THROW(results_from_json(other), std::runtime_error);
  auto no_schema = j;
  no_schema.erase("schema");
  EXPECT_THROW(results_from_json(no_schema), std::runtime_error);
  auto bad_rep = j;
  bad_rep["results"][0]["reps"] = {1.0, -3.0};
  EXPECT_THROW(results_from_json(bad_rep), std::runtime_error);
  auto bad_type = j;
  bad_type["results"][0]["ops"] = "many";
  EXPECT_THROW(results_from_json(bad_type), std::runtime_error);
}

// Figures no run can produce (issue #23: a median of 1e308 rendered 300 digits and `inf ms`).
TEST(Results, RejectsFiguresNoRunProduces) {
  auto j = to_json(sample());
  auto huge = j;
  huge["results"][0]["reps"] = {2.0, 1e308, 2.1};
  EXPECT_THROW(results_from_json(huge), std::runtime_error);
  // 1000 operations of 200 s each: longer than the adapter's time limit of the run.
  auto too_long = j;
  too_long["context"]["settings"] = {{"timeout_seconds", 120}};
  too_long["results"][0]["reps"] = {2.0, 2e11, 2.1};
  EXPECT_THROW(results_from_json(too_long), std::runtime_error);
  // The same figure fits a day's limit: it is refused for the run's own limit, not by a constant.
  auto slow_but_possible = too_long;
  slow_but_possible["results"][0]["reps"] = {2.0, 1e8, 2.1};
  EXPECT_NO_THROW(results_from_json(slow_but_possible));
}

TEST(Results, NamedParametersAndOtherFiguresRoundTrip) {
  Results r = sample();
  Measurement& m = r.measurements[0];
  m.point = Point::of(AxisValue::named("canada"));
  m.figure = FigureSpec::score("conformance");
  m.values = {97.5};
  m.summary = summarize(m.values);
  m.details = {"n_trailing_comma accepted"};
  m.extra_figures.push_back({FigureSpec::bytes("alloc_bytes", "document"), {100, 120}, summarize({100, 120})});
  Results back = results_from_json(to_json(r));
  const Measurement& b = back.measurements[0];
  EXPECT_EQ(b.point.first().text, "canada");
  EXPECT_FALSE(b.point.first().number);
  EXPECT_EQ(b.figure.kind, FigureKind::score);
  EXPECT_FALSE(b.figure.lower_is_better);
  EXPECT_EQ(b.details, m.details);
  ASSERT_NE(b.extra("alloc_bytes"), nullptr);
  EXPECT_DOUBLE_EQ(b.extra("alloc_bytes")->summary.median, 110);
}

// Files written by benchbox 0.1 (schema 1) still load: the example in docs/img is one.
TEST(Results, LoadsVersionOneFiles) {
  const auto j = nlohmann::json::parse(R"({"schema":"benchbox-results","schema_version":1,"context":{},"warnings":[],
    "results":[{"module":"coroutine","case":"switch","param":2,"param_label":"2 coroutines","unit":"switches",
    "library":"floor","version":"0.1.0","status":"ok","reason":"","verified":true,"ops":1000,"metric":"ns_per_op",
    "ns_per_op":3.0,"reps":[3.0,3.1,2.9],"processes":1,"style":"asymmetric","stack_bytes":65536,"notes":"",
    "cycles_per_op":null,"instructions_per_op":null},
    {"module":"coroutine","case":"switch","param":2,"param_label":"2 coroutines","unit":"switches",
    "library":"tbox","version":"1.7.3","status":"ok","reason":"","verified":true,"ops":1,"metric":"instructions_per_op",
    "reps":[120.0],"processes":1,"style":"scheduler","stack_bytes":65536,"notes":""}]})");
  const Results r = results_from_json(j);
  ASSERT_EQ(r.measurements.size(), 2u);
  EXPECT_EQ(r.measurements[0].figure.kind, FigureKind::time);
  EXPECT_EQ(r.measurements[0].traits.value("stack_bytes"), "65536");
  EXPECT_FALSE(r.measurements[0].warmups);  // not recorded then
  EXPECT_NEAR(r.measurements[0].rate(), 1e9 / 3.0, 1);
  EXPECT_EQ(r.measurements[1].figure.kind, FigureKind::instructions);
  EXPECT_TRUE(r.measurements[1].figure.deterministic());
}

TEST(Results, LoadReportsEmptyAndTruncatedFiles) {
  const auto dir = std::filesystem::current_path();
  const auto empty = dir / "benchbox-empty-test.json";
  std::ofstream(empty).close();
  EXPECT_THROW(load_results(empty), std::runtime_error);
  const auto truncated = dir / "benchbox-truncated-test.json";
  std::ofstream(truncated) << to_json(sample()).dump().substr(0, 50);
  EXPECT_THROW(load_results(truncated), std::runtime_error);
  EXPECT_THROW(load_results(dir / "benchbox-does-not-exist.json"), std::runtime_error);
  std::filesystem::remove(empty);
  std::filesystem::remove(truncated);
}

TEST(Results, AtomicWriteReplacesWholeFile) {
  const auto path = std::filesystem::current_path() / "benchbox-atomic-test.json";
  write_file_atomically(path, "first");
  write_file_atomically(path, "second");
  std::ifstream in(path);
  std::string content((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(content, "second");
  std::filesystem::remove(path);
}

// A link (or a device: -o /dev/null as root) stays what it was; what it leads to gets the content.
TEST(Results, AtomicWriteLeavesALinkALink) {
  const auto dir = std::filesystem::current_path();
  const auto target = dir / "benchbox-atomic-target.json", link = dir / "benchbox-atomic-link.json";
  std::filesystem::remove(link);
  write_file_atomically(target, "first");
  std::filesystem::create_symlink(target, link);
  write_file_atomically(link, "second");
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  std::ifstream in(target);
  EXPECT_EQ(std::string((std::istreambuf_iterator<char>(in)), {}), "second");
  std::filesystem::remove(link);
  std::filesystem::remove(target);
}

// The proof of a verified row (its trial's count, checksum and counts) is kept; counts are whole
// numbers in range, as every count; a --verify run's file holds no figures and is refused.
TEST(Results, TheProofRoundTripsAndItsCountsAreChecked) {
  Results r = sample();
  r.measurements[0].proof = TrialProof{1000, 1000, 16, {{"bytes", 123}, {"entries", 8}}};
  const Results back = results_from_json(to_json(r));
  ASSERT_TRUE(back.measurements[0].proof.has_value());
  EXPECT_EQ(back.measurements[0].proof->done, 1000u);
  EXPECT_EQ(back.measurements[0].proof->checksum, 16u);
  EXPECT_EQ(back.measurements[0].proof->counts, (std::map<std::string, std::uint64_t>{{"bytes", 123}, {"entries", 8}}));
  EXPECT_FALSE(back.measurements[1].proof.has_value());
  for (const nlohmann::json& bad : {nlohmann::json(-1), nlohmann::json(1e300), nlohmann::json("8"), nlohmann::json(2.5)}) {
    auto j = to_json(r);
    j["results"][0]["proof"]["counts"]["bytes"] = bad;
    EXPECT_THROW(results_from_json(j), std::runtime_error) << bad.dump();
  }
  auto verify_run = to_json(r);
  verify_run["context"]["settings"] = {{"mode", "verify"}};
  EXPECT_THROW(results_from_json(verify_run), std::runtime_error);
  verify_run["context"]["settings"]["mode"] = 7;  // not a string: not a verify run, and no crash
  EXPECT_NO_THROW(results_from_json(verify_run));
}
