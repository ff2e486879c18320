// The runner and the measurement through a fake executor: planning, applicability, calibration
// and verification decided without starting a process.
#include "run/runner.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "fake/checksums.hpp"
#include "results/pairing.hpp"
#include "results/statistics.hpp"
#include "run/measurement.hpp"
#include "unit/fake_executor.hpp"

using namespace benchbox;

namespace {

const Module& fake_module() { return *find_module("fake"); }

std::vector<LibraryEntry> catalog() {
  LibraryEntry e;
  e.id = "fake";
  e.module = "fake";
  e.available = true;
  e.program = "/fake/adapter";
  e.env = {{"ONLY_FOR_FAKE", "1"}};
  LibraryEntry missing;
  missing.id = "missing";
  missing.reason = "not found";
  missing.enable = "install it";
  return {e, missing};
}

RunSettings settings(std::vector<std::string> lanes = {"2"}) {
  RunSettings s;
  s.module = "fake";
  s.cases = {"step"};
  if (!lanes.empty()) s.axis_values["lanes"] = std::move(lanes);
  s.libexec_dir = "/libexec";
  return s;
}

Results run_with(FakeExecutor& fake, const RunSettings& s, const Module& module = fake_module()) {
  const auto cat = catalog();
  Runner runner(module, s, cat, fake);
  Results results;
  runner.run(plan(module, s), results, {});
  return results;
}

}  // namespace

TEST(Plan, SuitePointsSweepsAndErrors) {
  RunSettings s = settings({});
  s.cases.clear();
  auto points = plan(fake_module(), s);
  std::size_t suite = 0;
  for (const auto& c : fake_module().cases) suite += c.suite().size();
  ASSERT_EQ(points.size(), suite);  // every case at each of its suite's points: step 2, 1000; ...
  EXPECT_EQ(points[1].point.first().text, "1000");
  s = settings({"2", "16", "128", "16"});
  points = plan(fake_module(), s);
  EXPECT_EQ(points.size(), 3u);  // a repeated value runs once
  s.axis_values["lanes"] = {"0"};
  EXPECT_THROW(plan(fake_module(), s), std::invalid_argument);  // below the case's minimum
  s.axis_values["lanes"] = {"two"};
  EXPECT_THROW(plan(fake_module(), s), std::invalid_argument);
  s = settings();
  s.cases = {"nope"};
  EXPECT_THROW(plan(fake_module(), s), std::invalid_argument);
}

TEST(Runner, RefusesALibraryOrVariantThatIsNotThere) {
  FakeExecutor fake;
  const auto cat = catalog();
  RunSettings s = settings();
  s.libraries = {{"fake"}, {"nope"}};
  EXPECT_THROW(Runner(fake_module(), s, cat, fake).check_libraries(), std::invalid_argument);
  s.libraries = {{"fake", "3"}};  // its describe declares no variants
  EXPECT_THROW(Runner(fake_module(), s, cat, fake).check_libraries(), std::invalid_argument);
  s.libraries = {{"fake"}, {"missing", "3"}};  // not installed here: its rows say so
  EXPECT_NO_THROW(Runner(fake_module(), s, cat, fake).check_libraries());
}

TEST(Applicability, EachDecisionHasItsReason) {
  FakeExecutor fake;
  const auto cat = catalog();
  RunSettings s = settings();
  const auto points = plan(fake_module(), s);
  Described d;
  d.description = parse_describe(fake.describe_line + "\n");
  Measurement m;
  EXPECT_EQ(applicable(points[0], s, cat[1], nullptr, m).decision, Decision::unavailable);
  EXPECT_EQ(applicable(points[0], s, cat[0], &d, m).decision, Decision::run);
  EXPECT_EQ(m.version, "9");
  EXPECT_EQ(m.traits.value("style"), "plain loop");
  Described broken;
  broken.error = "describe: exited with status 3";
  EXPECT_EQ(applicable(points[0], s, cat[0], &broken, m).decision, Decision::failed);
  CasePoint one{points[0].spec, Point::of(AxisValue::of(1))};  // below the library's own minimum of 2
  auto a = applicable(one, s, cat[0], &d, m);
  EXPECT_EQ(a.decision, Decision::not_applicable);
  EXPECT_EQ(a.reason, "needs lanes >= 2");
  Described limited;  // a maximum with its reason, shown instead of the notes
  limited.description = parse_describe(
      R"({"protocol":3,"id":"fake","version":"9","cases":{"step":{"notes":"long notes","min_value":2,"max_value":500,)"
      R"("max_value_reason":"at most 500 here: a kernel limit"}}})"
      "\n");
  CasePoint many{points[0].spec, Point::of(AxisValue::of(1000))};
  a = applicable(many, s, cat[0], &limited, m);
  EXPECT_EQ(a.decision, Decision::not_applicable);
  EXPECT_EQ(a.reason, "supports lanes <= 500: at most 500 here: a kernel limit");
  limited.description->cases.at("step").traits.max_value_reason.clear();
  EXPECT_EQ(applicable(many, s, cat[0], &limited, m).reason, "supports lanes <= 500 (long notes)");
  CasePoint huge{points[0].spec, Point::of(AxisValue::of(1'000'000'000))};  // 64 KiB per lane: 61 TiB
  a = applicable(huge, s, cat[0], &d, m);
  EXPECT_EQ(a.decision, Decision::refused);
  EXPECT_NE(a.reason.find("MiB available"), std::string::npos);
  s.cases = {"pass"};
  s.axis_values = {{"buffer", {"0"}}};
  a = applicable(plan(fake_module(), s)[0], s, cat[0], &d, m);
  EXPECT_EQ(a.decision, Decision::not_applicable);
  EXPECT_EQ(a.reason, "no buffer");
}

// A value one variant does not offer is not offered in that variant's row alone.
TEST(Applicability, AVariantsValuesNotOfferedAreItsOwn) {
  FakeExecutor fake;
  const auto cat = catalog();
  RunSettings s = settings();
  const auto points = plan(fake_module(), s);  // lanes 2
  Described d;
  d.description = parse_describe(
      R"({"protocol":3,"id":"fake","version":"9","variants":[{"id":"all"},{"id":"some","not_applicable_at":{"2":"not two"}}],)"
      R"("cases":{"step":{"min_value":2}}})"
      "\n");
  Measurement all, some;
  all.variant = "all";
  some.variant = "some";
  EXPECT_EQ(applicable(points[0], s, cat[0], &d, all).decision, Decision::run);
  EXPECT_FALSE(all.not_offered);
  const auto a = applicable(points[0], s, cat[0], &d, some);
  EXPECT_EQ(a.decision, Decision::not_applicable);
  EXPECT_EQ(a.reason, "not two");
  EXPECT_TRUE(some.not_offered);
}

TEST(Runner, RefusesBeforeStartingWhenNothingFits) {
  FakeExecutor fake;
  const auto cat = catalog();
  RunSettings s = settings({"1000000000"});
  Runner runner(fake_module(), s, cat, fake);
  EXPECT_THROW(runner.check_memory(plan(fake_module(), s)), std::invalid_argument);
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
  EXPECT_EQ(m.ops, 10'000'000u);  // 100 ms at 10 ns per step
  EXPECT_DOUBLE_EQ(m.summary.median, 10);
  EXPECT_EQ(m.values.size(), s.reps);
  EXPECT_EQ(m.peak_rss_bytes, 5u << 20);
  EXPECT_EQ(m.rate_unit, "steps/s");
  EXPECT_EQ(r.measurements[1].status, Status::unavailable);
  EXPECT_EQ(r.measurements[1].enable, "install it");
}

// Instructions mode without --ops: a power of ten of operations, at most 100000, for a trial of
// at most about 10^8 instructions, decided by a probe under Callgrind (the count is the same on
// every run); a row a native calibration finds fast takes 100000 without the probe.
TEST(Measurement, InstructionsModeCountsAPowerOfTenDecidedByInstructions) {
  struct Case {
    double per_op_ns;
    std::uint64_t instructions_per_op, want;
    std::size_t under_callgrind;  // the probe and the counted process, or the counted one alone
  };
  for (const Case c : {Case{1e4, 20'000, 1000, 2}, Case{1e4, 250, 100'000, 2}, Case{10, 250, 100'000, 1}}) {
    FakeExecutor fake;
    fake.per_op_ns = c.per_op_ns;  // natively: 3000 operations in 30 ms at 10 us, 3 million at 10 ns
    fake.instructions_per_op = c.instructions_per_op;
    RunSettings s = settings();
    s.target = std::chrono::milliseconds(30);
    s.libraries = {{"fake"}};
    s.instructions = true;
    s.reps = s.processes = 1;
    s.scratch_dir = ::testing::TempDir();
    const Results r = run_with(fake, s);
    ASSERT_EQ(r.measurements.size(), 1u);
    const Measurement& m = r.measurements[0];
    ASSERT_EQ(m.status, Status::ok) << m.reason;
    EXPECT_EQ(m.ops, c.want) << c.per_op_ns << " ns, " << c.instructions_per_op << " instructions an operation";
    EXPECT_DOUBLE_EQ(m.summary.median, static_cast<double>(c.instructions_per_op));
    std::size_t under = 0;
    for (const auto& call : fake.calls) under += call.argv.front() == "valgrind" ? 1 : 0;
    EXPECT_EQ(under, c.under_callgrind) << c.per_op_ns << " ns an operation";
    EXPECT_EQ(fake.calls.back().argv.front(), "valgrind");
  }
}

// The non-zero warm-up counts the last `processes` processes (the measurement's, after the
// calibration probes) were started with.
std::vector<std::string> warmup_args(const FakeExecutor& fake, std::size_t processes) {
  std::vector<std::string> warmups;
  for (std::size_t c = fake.calls.size() - std::min(processes, fake.calls.size()); c < fake.calls.size(); ++c) {
    const auto& argv = fake.calls[c].argv;
    for (std::size_t i = 0; i + 1 < argv.size(); ++i)
      if (argv[i] == "--warmup" && argv[i + 1] != "0") warmups.push_back(argv[i + 1]);
  }
  return warmups;
}

// The warm-up count of each calibration probe (every process before the measurement's).
std::vector<std::string> probe_warmup_args(const FakeExecutor& fake, std::size_t processes) {
  std::vector<std::string> warmups;
  for (std::size_t c = 0; c + processes < fake.calls.size(); ++c) {
    const auto& argv = fake.calls[c].argv;
    for (std::size_t i = 0; i + 1 < argv.size(); ++i)
      if (argv[i] == "--warmup") warmups.push_back(argv[i + 1]);
  }
  return warmups;
}

TEST(Measurement, CalibrationProbesRunWarmAsTheTrialsWill) {
  FakeExecutor fake;
  RunSettings s = settings({"1000"});
  s.reps = s.processes = 3;
  s.target = std::chrono::milliseconds(30);
  fake.per_op_ns = 20;
  fake.cold_ns = 20e6;  // a process's first trial pays 20 ms once, as 1000 fresh 64 KiB stacks do
  Module careful = fake_module();  // its minimum (100 steps per lane) does not warm a trial by itself
  careful.cases[0].stretched_trial_warms_itself = false;
  Measurement m = run_with(fake, s, careful).measurements[0];
  ASSERT_EQ(m.status, Status::ok) << m.reason;
  EXPECT_EQ(m.ops, 1'500'000u);  // 30 ms of warm 20 ns operations, not a count scaled from a cold probe
  const auto probes = probe_warmup_args(fake, s.processes);
  ASSERT_FALSE(probes.empty());
  EXPECT_EQ(probes, std::vector<std::string>(probes.size(), "1"));
  fake.calls.clear();
  s.warmup = 0;  // a user who measures cold trials calibrates on cold probes
  m = run_with(fake, s, careful).measurements[0];
  EXPECT_LT(m.ops, 300'000u);  // the cold 20 ms counted into the per-operation time
  const auto cold = probe_warmup_args(fake, s.processes);
  EXPECT_FALSE(cold.empty());
  EXPECT_EQ(cold, std::vector<std::string>(cold.size(), "0"));
  fake.calls.clear();
  s.warmup.reset();
  fake.cold_ns = 0;
  fake.per_op_ns = 200;  // the first probe, 100,000 steps (the minimum for 10 asked), lasts 20 ms: the last
  run_with(fake, s);     // a probe that the case's minimum stretches warms itself, as its trials will
  EXPECT_EQ(probe_warmup_args(fake, s.processes), std::vector<std::string>{"0"});
}

TEST(Measurement, ATrialTheCasesMinimumStretchesFourfoldRunsWithoutWarmUp) {
  FakeExecutor fake;
  RunSettings s = settings({"1000"});
  s.target = std::chrono::milliseconds(40);  // the test's own, not the default
  s.reps = s.processes = 3;
  fake.per_op_ns = 2000;  // 40 ms is 20,000 steps; the case asks at least 100 per lane: 100,000
  Measurement m = run_with(fake, s).measurements[0];
  ASSERT_EQ(m.status, Status::ok) << m.reason;
  EXPECT_EQ(m.ops, 100'000u);
  EXPECT_EQ(m.warmups, 0u);
  EXPECT_TRUE(warmup_args(fake, s.processes).empty());
  fake.calls.clear();
  fake.per_op_ns = 200;  // 40 ms is 200,000 steps: above the minimum, so one warm-up as usual
  m = run_with(fake, s).measurements[0];
  EXPECT_EQ(m.ops, 200'000u);
  EXPECT_EQ(m.warmups, 1u);
  EXPECT_EQ(warmup_args(fake, s.processes).size(), s.processes);  // one per process
  fake.calls.clear();
  fake.per_op_ns = 2000;  // a case that has not shown its stretched trials warm themselves keeps it
  Module careful = fake_module();
  careful.cases[0].stretched_trial_warms_itself = false;
  m = run_with(fake, s, careful).measurements[0];
  EXPECT_EQ(m.ops, 100'000u);
  EXPECT_EQ(m.warmups, 1u);
  fake.calls.clear();
  s.warmup = 2;  // a warm-up the user asks for is run whatever the stretch
  m = run_with(fake, s).measurements[0];
  EXPECT_EQ(m.warmups, 2u);
  EXPECT_EQ(warmup_args(fake, s.processes), std::vector<std::string>(s.processes, "2"));
}

TEST(Measurement, TheStretchIsMeasuredAgainstTheCountAskedFor) {
  FakeExecutor fake;
  RunSettings s = settings({"1000"});
  s.ops = 25'000;  // --ops: raised to 100,000, exactly fourfold: no warm-up
  Measurement m = run_with(fake, s).measurements[0];
  EXPECT_EQ(m.ops, 100'000u);
  EXPECT_EQ(m.warmups, 0u);
  s.ops = 26'000;  // less than fourfold: one
  EXPECT_EQ(run_with(fake, s).measurements[0].warmups, 1u);
  // Cold cases never warm up, whatever --warmup says: the trial must be the process's first.
  s.warmup = 2;
  const auto cat = catalog();
  const RowContext size{*fake_module().find_case("size"), s, cat[0], fake};
  EXPECT_EQ(warmups_of(size, {1, 1}), 0u);
}

TEST(Measurement, TheLibrarysEnvironmentAndTheDataFolderReachItsProcessesOnly) {
  FakeExecutor fake;
  RunSettings s = settings();
  s.ops = 1000;
  run_with(fake, s);
  ASSERT_FALSE(fake.calls.empty());
  const auto& env = fake.calls.back().env;
  EXPECT_NE(std::find(env.begin(), env.end(), std::pair<std::string, std::string>{"ONLY_FOR_FAKE", "1"}), env.end());
  EXPECT_NE(std::find(env.begin(), env.end(), std::pair<std::string, std::string>{"BENCHBOX_DATA_DIR", "/libexec/fake/data"}),
            env.end());
  for (const auto& [k, v] : env) EXPECT_NE(k, "GOMAXPROCS");
}

// AxisSpec::env: a point's value sets its processes' environment over the library's; describe,
// which has no point, gets none of it.
TEST(Measurement, AnAxisValuesEnvironmentReachesThatPointsProcesses) {
  Module module = fake_module();
  module.cases.front().axes.front().env = [](const AxisValue& v) {
    return std::vector<std::pair<std::string, std::string>>{{"LANES_SET", v.text}, {"ONLY_FOR_FAKE", "from the axis"}};
  };
  FakeExecutor fake;
  RunSettings s = settings({"2", "3"});
  s.ops = 1000;
  run_with(fake, s, module);
  std::set<std::string> lanes_set;
  for (const ChildSpec& call : fake.calls) {
    std::map<std::string, std::string> env;
    for (const auto& [k, v] : call.env) env[k] = v;  // set in order: the last one of a name holds
    const bool describing = call.argv.back() == "describe";
    EXPECT_EQ(env.count("LANES_SET"), describing ? 0u : 1u);
    EXPECT_EQ(env["ONLY_FOR_FAKE"], describing ? "1" : "from the axis");
    if (!describing) {
      const auto axis = std::find(call.argv.begin(), call.argv.end(), "--axis");
      ASSERT_NE(axis, call.argv.end());
      EXPECT_EQ(env["LANES_SET"], *(axis + 1));  // the point this process runs
      lanes_set.insert(env["LANES_SET"]);
    }
  }
  EXPECT_EQ(lanes_set, (std::set<std::string>{"2", "3"}));
}

TEST(Verification, AWrongCountOrChecksumFailsTheRow) {
  FakeExecutor fake;
  RunSettings s = settings();
  s.ops = 1000;
  fake.proof = [](std::uint64_t ops, std::int64_t param) {
    return std::pair{ops - 1, fake::step_checksum(ops, static_cast<std::uint64_t>(param))};
  };
  Measurement m = run_with(fake, s).measurements[0];
  EXPECT_EQ(m.status, Status::failed);
  EXPECT_NE(m.reason.find("verification failed"), std::string::npos) << m.reason;
  // The warm-up (a quarter of the operations) is verified too, and fails first.
  EXPECT_NE(m.reason.find("warm-up: verification failed: did 249 steps, asked for 250"), std::string::npos) << m.reason;
}

TEST(Verification, AWrongChecksumFailsTheRow) {
  FakeExecutor fake;
  RunSettings s = settings({"10"});
  s.ops = 10000;
  fake.proof = [](std::uint64_t ops, std::int64_t param) {
    return std::pair{ops, fake::step_checksum(ops, static_cast<std::uint64_t>(param)) + 1};
  };
  Measurement m = run_with(fake, s).measurements[0];
  EXPECT_EQ(m.status, Status::failed);
  EXPECT_NE(m.reason.find("step checksum"), std::string::npos) << m.reason;
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

TEST(Rounds, EveryLibraryOncePerRoundInAnOrderThatVaries) {
  std::set<std::vector<std::size_t>> orders;
  for (std::uint64_t round = 0; round < 8; ++round) {
    auto order = round_order(5, 42, round);
    auto sorted = order;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
    orders.insert(order);
  }
  EXPECT_GT(orders.size(), 4u);
  EXPECT_EQ(round_order(5, 42, 3), round_order(5, 42, 3));  // the seed decides
}

namespace {

// Two libraries (fake, other) with `processes` processes each, over the points of `params`; what
// the observer saw, in order: "start POINT", "run ROUND POINT LIBRARY", "table POINT".
std::vector<std::string> observed_run(RunSettings::Interleave interleave, std::vector<std::string> params,
                                      unsigned processes, Results& results) {
  FakeExecutor fake;
  auto cat = catalog();
  cat[1] = cat[0];
  cat[1].id = "other";
  RunSettings s = settings(std::move(params));
  s.ops = 1000;
  s.reps = s.processes = processes;
  s.seed = 7;
  s.interleave = interleave;
  Runner runner(fake_module(), s, cat, fake);
  std::vector<std::string> seen;
  RunObserver observer;
  observer.process_started = [&](unsigned round, unsigned rounds, const CasePoint& p, const std::string& lib) {
    EXPECT_EQ(rounds, processes);
    seen.push_back(fmt::format("run {} {} {}", round, p.point.first().text, lib));
  };
  observer.case_started = [&](const CasePoint& p, const std::vector<LibraryEntry>&) { seen.push_back("start " + p.point.first().text); };
  observer.case_finished = [&](const CasePoint& p) { seen.push_back("table " + p.point.first().text); };
  runner.run(plan(fake_module(), s), results, observer);
  return seen;
}

std::string point_of(const std::string& run) { return run.substr(6, run.rfind(' ') - 6); }  // "run R POINT LIB"

}  // namespace

TEST(Rounds, ProcessesOfEveryLibraryAreInterleaved) {
  Results results;
  const auto seen = observed_run(RunSettings::Interleave::suite, {"2"}, 4, results);
  ASSERT_EQ(seen.size(), 8u + 2u);
  for (std::size_t round = 0; round < 4; ++round) {  // each round holds one process of each
    std::set<std::string> in_round{seen[2 * round].substr(seen[2 * round].rfind(' ')),
                                   seen[2 * round + 1].substr(seen[2 * round + 1].rfind(' '))};
    EXPECT_EQ(in_round.size(), 2u);
  }
  ASSERT_EQ(results.measurements.size(), 2u);
  EXPECT_EQ(results.measurements[0].processes, 4u);
  EXPECT_EQ(results.measurements[1].values.size(), 4u);
}

// A row's processes spread over the whole run: the host's spells of tens of seconds fall on every
// row alike instead of on the rows of one case (docs/measurement.md, "Rounds over the run").
TEST(Rounds, ByDefaultARoundSpansEveryCaseAndTheTablesComeAtTheEnd) {
  Results results;
  const auto seen = observed_run(RunSettings::Interleave::suite, {"2", "3"}, 3, results);
  ASSERT_EQ(seen.size(), 3u * 4u + 4u);
  for (unsigned round = 1; round <= 3; ++round) {  // rounds in order, each with all four rows
    std::set<std::string> rows;
    for (std::size_t k = 4 * (round - 1); k < 4 * round; ++k) {
      EXPECT_EQ(seen[k].rfind(fmt::format("run {} ", round), 0), 0u) << seen[k];
      rows.insert(seen[k].substr(seen[k].find(' ', 4)));
    }
    EXPECT_EQ(rows.size(), 4u);
    // a point's rows together within the round: the paired ratios' rows seconds apart
    EXPECT_EQ(point_of(seen[4 * round - 4]), point_of(seen[4 * round - 3]));
    EXPECT_EQ(point_of(seen[4 * round - 2]), point_of(seen[4 * round - 1]));
  }
  EXPECT_EQ(seen[12], "start 2");
  EXPECT_EQ(seen[13], "table 2");
  EXPECT_EQ(seen[14], "start 3");
  EXPECT_EQ(seen[15], "table 3");
  ASSERT_EQ(results.measurements.size(), 4u);
  EXPECT_EQ(results.measurements[0].point.first().text, "2");  // the plan's order, whatever the rounds' order
  EXPECT_EQ(results.measurements[2].point.first().text, "3");
  for (const auto& m : results.measurements) EXPECT_EQ(m.values.size(), 3u);
}

TEST(Rounds, CaseByCaseEachTableComesWhenItsCaseIsDone) {
  Results results;
  const auto seen = observed_run(RunSettings::Interleave::case_point, {"2", "3"}, 3, results);
  ASSERT_EQ(seen.size(), 3u * 4u + 4u);
  for (std::size_t k = 0; k < 6; ++k) EXPECT_EQ(point_of(seen[k]), "2") << seen[k];
  EXPECT_EQ(seen[6], "start 2");
  EXPECT_EQ(seen[7], "table 2");
  for (std::size_t k = 8; k < 14; ++k) EXPECT_EQ(point_of(seen[k]), "3") << seen[k];
  EXPECT_EQ(seen[14], "start 3");
  EXPECT_EQ(seen[15], "table 3");
  ASSERT_EQ(results.measurements.size(), 4u);
}

TEST(Rounds, ARowWithFewerProcessesSpreadsThemOverTheRounds) {
  EXPECT_EQ(round_of_process(0, 3, 7), 0u);
  EXPECT_EQ(round_of_process(1, 3, 7), 2u);
  EXPECT_EQ(round_of_process(2, 3, 7), 4u);
  for (unsigned k = 0; k < 7; ++k) EXPECT_EQ(round_of_process(k, 7, 7), k);
  EXPECT_EQ(round_of_process(0, 1, 9), 0u);
}

TEST(Rounds, PairedRatiosUseTheSameRound) {
  std::vector<Measurement> rows(2);
  for (auto& m : rows) {
    m.status = Status::ok;
    m.processes = 3;
  }
  rows[0].reference = true;
  rows[0].values = {2, 4, 2};  // the host was slow in round 2 ...
  rows[1].values = {6, 12, 6};  // ... for everyone
  set_paired_ratios({&rows[0], &rows[1]});
  ASSERT_TRUE(rows[1].reference_ratio);
  EXPECT_DOUBLE_EQ(rows[1].reference_ratio->median, 3);
  EXPECT_DOUBLE_EQ(rows[1].reference_ratio->min, 3);
  EXPECT_DOUBLE_EQ(rows[1].reference_ratio->max, 3);  // the slow round cancels out
}

TEST(Statistics, SeparatedModesAreFoundOnlyWhenClearlyApart) {
  EXPECT_EQ(separated_modes({120, 121, 119, 180, 182, 176, 184}), (std::vector<double>{120, 181}));
  EXPECT_TRUE(separated_modes({100, 101, 102, 103, 104, 105}).empty());
  EXPECT_TRUE(separated_modes({100, 100, 100, 130}).empty());  // one sample alone is not a mode
  EXPECT_TRUE(separated_modes({100, 130}).empty());
}
