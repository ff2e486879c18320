// The runner and the measurement through a fake executor: planning, applicability, calibration
// and verification decided without starting a process.
#include "runner.hpp"

#include <gtest/gtest.h>

#include <functional>

#include "coroutine/checksums.hpp"
#include "measurement.hpp"

using namespace benchbox;

namespace {

// Answers `describe` with a fixed line and `run` by simulating an adapter: `per_op_ns` per
// operation, and a proof from `proof` (correct by default for the coroutine switch case).
class FakeExecutor : public Executor {
 public:
  std::string describe_line =
      R"({"protocol":2,"id":"fake","version":"9","info":{"optimized":"yes"},"cases":{"switch":{"notes":"","min_param":2,)"
      R"("bytes_per_param":65536,"traits":{"style":"scheduler","stack_bytes":"65536"}},"channel":{"not_applicable":"no channel"}}})";
  double per_op_ns = 10;
  std::uint64_t peak_rss = 5u << 20;
  std::function<std::pair<std::uint64_t, std::uint64_t>(std::uint64_t ops, std::int64_t param)> proof =
      [](std::uint64_t ops, std::int64_t param) {
        return std::pair{ops, coroutine::round_robin_checksum(ops, static_cast<std::uint64_t>(param))};
      };
  std::vector<ChildSpec> calls;

  ChildOutcome run(const ChildSpec& spec) override {
    calls.push_back(spec);
    ChildOutcome out;
    out.exit_code = 0;
    out.peak_rss_bytes = peak_rss;
    if (spec.argv.back() == "describe") {
      out.out = describe_line + "\n";
      return out;
    }
    auto arg = [&](const std::string& key) {
      for (std::size_t i = 0; i + 1 < spec.argv.size(); ++i)
        if (spec.argv[i] == key) return spec.argv[i + 1];
      return std::string();
    };
    const auto ops = std::stoull(arg("--ops")), reps = std::stoull(arg("--reps")), warmup = std::stoull(arg("--warmup"));
    const auto [done, checksum] = proof(ops, std::stoll(arg("--param")));
    for (std::uint64_t t = 0; t < warmup + reps; ++t)
      out.out += "{\"protocol\":2,\"trial\":" + (t < warmup ? std::string("\"warmup\"") : std::to_string(t - warmup + 1)) +
                 ",\"ops\":" + std::to_string(ops) + ",\"ns\":" + std::to_string(static_cast<std::uint64_t>(per_op_ns * ops)) +
                 ",\"done\":" + std::to_string(done) + ",\"checksum\":" + std::to_string(checksum) + "}\n";
    return out;
  }
};

const Module& coroutines() { return *find_module("coroutine"); }

std::vector<LibraryEntry> catalog() {
  LibraryEntry e;
  e.id = "fake";
  e.module = "coroutine";
  e.available = true;
  e.program = "/fake/adapter";
  e.env = {{"ONLY_FOR_FAKE", "1"}};
  LibraryEntry missing;
  missing.id = "missing";
  missing.reason = "not found";
  missing.enable = "install it";
  return {e, missing};
}

RunSettings settings(std::vector<std::string> params = {"2"}) {
  RunSettings s;
  s.module = "coroutine";
  s.cases = {"switch"};
  s.params = std::move(params);
  s.libexec_dir = "/libexec";
  return s;
}

Results run_with(FakeExecutor& fake, const RunSettings& s) {
  const auto cat = catalog();
  Runner runner(coroutines(), s, cat, fake);
  Results results;
  runner.run(plan(coroutines(), s, cat), results, {});
  return results;
}

}  // namespace

TEST(Plan, SuitePointsSweepsAndErrors) {
  RunSettings s = settings({});
  s.cases.clear();
  auto points = plan(coroutines(), s, catalog());
  ASSERT_EQ(points.size(), 4u);  // switch 2, 1000; channel 0, 10000
  EXPECT_EQ(points[1].param.text, "1000");
  s = settings({"2", "16", "128", "16"});
  points = plan(coroutines(), s, catalog());
  EXPECT_EQ(points.size(), 3u);  // a repeated value runs once
  s.params = {"0"};
  EXPECT_THROW(plan(coroutines(), s, catalog()), std::invalid_argument);  // below the case's minimum
  s.params = {"two"};
  EXPECT_THROW(plan(coroutines(), s, catalog()), std::invalid_argument);
  s = settings();
  s.cases = {"nope"};
  EXPECT_THROW(plan(coroutines(), s, catalog()), std::invalid_argument);
  s = settings();
  s.libraries = {"nope"};
  EXPECT_THROW(plan(coroutines(), s, catalog()), std::invalid_argument);
}

TEST(Applicability, EachDecisionHasItsReason) {
  FakeExecutor fake;
  const auto cat = catalog();
  RunSettings s = settings();
  const auto points = plan(coroutines(), s, cat);
  Described d;
  d.description = parse_describe(fake.describe_line + "\n");
  Measurement m;
  EXPECT_EQ(applicable(points[0], s, cat[1], nullptr, m).decision, Decision::unavailable);
  EXPECT_EQ(applicable(points[0], s, cat[0], &d, m).decision, Decision::run);
  EXPECT_EQ(m.version, "9");
  EXPECT_EQ(m.traits.value("style"), "scheduler");
  Described broken;
  broken.error = "describe: exited with status 3";
  EXPECT_EQ(applicable(points[0], s, cat[0], &broken, m).decision, Decision::failed);
  CasePoint one{points[0].spec, ParamValue::of(1)};  // below the library's own minimum of 2
  auto a = applicable(one, s, cat[0], &d, m);
  EXPECT_EQ(a.decision, Decision::not_applicable);
  EXPECT_EQ(a.reason, "needs coroutines >= 2");
  CasePoint huge{points[0].spec, ParamValue::of(1'000'000'000)};  // 64 KiB stacks: 61 TiB
  a = applicable(huge, s, cat[0], &d, m);
  EXPECT_EQ(a.decision, Decision::refused);
  EXPECT_NE(a.reason.find("MiB available"), std::string::npos);
  s.cases = {"channel"};
  s.params = {"0"};
  a = applicable(plan(coroutines(), s, cat)[0], s, cat[0], &d, m);
  EXPECT_EQ(a.decision, Decision::not_applicable);
  EXPECT_EQ(a.reason, "no channel");
}

TEST(Runner, RefusesBeforeStartingWhenNothingFits) {
  FakeExecutor fake;
  const auto cat = catalog();
  RunSettings s = settings({"1000000000"});
  Runner runner(coroutines(), s, cat, fake);
  EXPECT_THROW(runner.check_memory(plan(coroutines(), s, cat)), std::invalid_argument);
}

TEST(Measurement, CalibratesToTheTargetWithVerifiedProbes) {
  FakeExecutor fake;
  fake.per_op_ns = 10;
  RunSettings s = settings();
  s.target = std::chrono::milliseconds(100);
  const Results r = run_with(fake, s);
  ASSERT_EQ(r.measurements.size(), 2u);
  const Measurement& m = r.measurements[0];
  ASSERT_EQ(m.status, Status::ok) << m.reason;
  EXPECT_EQ(m.ops, 10'000'000u);  // 100 ms at 10 ns per switch
  EXPECT_DOUBLE_EQ(m.summary.median, 10);
  EXPECT_EQ(m.values.size(), s.reps);
  EXPECT_EQ(m.peak_rss_bytes, 5u << 20);
  EXPECT_EQ(m.rate_unit, "switches/s");
  EXPECT_EQ(r.measurements[1].status, Status::unavailable);
  EXPECT_EQ(r.measurements[1].enable, "install it");
}

TEST(Measurement, TheLibrarysEnvironmentAndTheDataFolderReachItsProcessesOnly) {
  FakeExecutor fake;
  RunSettings s = settings();
  s.ops = 1000;
  run_with(fake, s);
  ASSERT_FALSE(fake.calls.empty());
  const auto& env = fake.calls.back().env;
  EXPECT_NE(std::find(env.begin(), env.end(), std::pair<std::string, std::string>{"ONLY_FOR_FAKE", "1"}), env.end());
  EXPECT_NE(std::find(env.begin(), env.end(), std::pair<std::string, std::string>{"BENCHBOX_DATA_DIR", "/libexec/coroutine/data"}),
            env.end());
  for (const auto& [k, v] : env) EXPECT_NE(k, "GOMAXPROCS");
}

TEST(Verification, AWrongCountOrChecksumFailsTheRow) {
  FakeExecutor fake;
  RunSettings s = settings();
  s.ops = 1000;
  fake.proof = [](std::uint64_t ops, std::int64_t param) {
    return std::pair{ops - 1, coroutine::round_robin_checksum(ops, static_cast<std::uint64_t>(param))};
  };
  Measurement m = run_with(fake, s).measurements[0];
  EXPECT_EQ(m.status, Status::failed);
  EXPECT_NE(m.reason.find("verification failed"), std::string::npos) << m.reason;
  EXPECT_NE(m.reason.find("did 999 switches"), std::string::npos) << m.reason;
}

TEST(Verification, SchedulersGetOnePercentOnTheRoundRobinChecksumAndNoMore) {
  FakeExecutor fake;
  RunSettings s = settings({"10"});
  s.ops = 10000;
  auto off_by = [](double fraction) {
    return [fraction](std::uint64_t ops, std::int64_t param) {
      const auto exact = coroutine::round_robin_checksum(ops, static_cast<std::uint64_t>(param));
      return std::pair{ops, exact + static_cast<std::uint64_t>(static_cast<double>(exact) * fraction)};
    };
  };
  fake.proof = off_by(0.005);
  EXPECT_EQ(run_with(fake, s).measurements[0].status, Status::ok);
  fake.proof = off_by(0.02);
  EXPECT_EQ(run_with(fake, s).measurements[0].status, Status::failed);
  // An asymmetric library is driven by the caller's own loop: exact, no tolerance.
  fake.describe_line.replace(fake.describe_line.find("scheduler"), 9, "asymmetric");
  fake.proof = [](std::uint64_t ops, std::int64_t param) {
    return std::pair{ops, coroutine::round_robin_checksum(ops / 2, static_cast<std::uint64_t>(param)) + 1};
  };
  EXPECT_EQ(run_with(fake, s).measurements[0].status, Status::failed);
}

TEST(Verification, AZeroDurationOrAnAdapterCrashIsAFailedRowNotANumber) {
  FakeExecutor fake;
  RunSettings s = settings();
  s.ops = 1000;
  fake.per_op_ns = 0;
  Measurement m = run_with(fake, s).measurements[0];
  EXPECT_EQ(m.status, Status::failed);
  EXPECT_NE(m.reason.find("clock did not advance"), std::string::npos) << m.reason;
  EXPECT_TRUE(m.values.empty());
}
