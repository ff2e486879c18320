#include "results.hpp"

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
  ok.param = 2;
  ok.param_label = "2 coroutines";
  ok.status = Status::ok;
  ok.verified = true;
  ok.ops = 1000;
  ok.ns_per_op = {2.0, 2.5, 2.1};
  ok.summary = summarize(ok.ns_per_op);
  ok.processes = 1;
  Measurement na = ok;
  na.library = "ucontext";
  na.status = Status::not_applicable;
  na.verified = false;
  na.reason = "no channel";
  na.ns_per_op.clear();
  na.summary = {};
  r.measurements = {ok, na};
  return r;
}
}  // namespace

TEST(Results, JsonRoundTrip) {
  Results r = sample();
  auto j = to_json(r);
  EXPECT_EQ(j["schema_version"], kResultsSchemaVersion);
  EXPECT_EQ(j["results"][0]["ns_per_op"], 2.1);
  EXPECT_TRUE(j["results"][1]["ns_per_op"].is_null());
  Results back = results_from_json(j);
  ASSERT_EQ(back.measurements.size(), 2u);
  EXPECT_EQ(back.measurements[0].library, "floor");
  EXPECT_DOUBLE_EQ(back.measurements[0].summary.median, 2.1);
  EXPECT_EQ(back.measurements[1].status, Status::not_applicable);
  EXPECT_EQ(back.warnings, r.warnings);
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

TEST(Results, LoadReportsEmptyAndTruncatedFiles) {
  const auto dir = std::filesystem::temp_directory_path();
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
  const auto path = std::filesystem::temp_directory_path() / "benchbox-atomic-test.json";
  write_file_atomically(path, "first");
  write_file_atomically(path, "second");
  std::ifstream in(path);
  std::string content((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(content, "second");
  std::filesystem::remove(path);
}
