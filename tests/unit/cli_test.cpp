// The command line in process (cli.hpp, CliHost): argv in; out come the exit status, what was
// printed and the files written. The fake module's libraries (the manifests tests/fake writes)
// are answered by a FakeExecutor: no process is started, and the simulated clock makes every
// figure exact. BENCHBOX_FAULT of the process tests (tests/verify.cmake, tests/faulty) is the
// executor's `fault` here.
#include "cli/cli.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "run/run_lock.hpp"
#include <benchbox/module.hpp>
#include "unit/command_line.hpp"

using namespace benchbox;
using namespace benchbox::testing;
namespace fs = std::filesystem;

namespace {

// The table row of `library` in a text table: its line after its rank, spaces squeezed.
std::string row_of(const std::string& text, const std::string& library) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (const auto rank = line.find_first_not_of(" 0123456789-"); rank != std::string::npos && rank > 0 && line[rank - 1] == ' ')
      line = line.substr(rank);
    if (line.rfind(library + " ", 0) != 0) continue;
    std::string squeezed;
    for (char c : line)
      if (c != ' ' || (!squeezed.empty() && squeezed.back() != ' ')) squeezed += c;
    return squeezed;
  }
  return "";
}

// ---- Runs

// The original interface: `benchbox MODULE -n CASE [N]`, its line per library, then the table.
TEST_F(CommandLine, ACaseAtAPointPrintsTheOriginalLinesAndTheTable) {
  const auto o = run({"fake", "-n", "step", "16", "--lib", "steady,absent", "--ops", "3000000", "--reps", "3", "--processes",
                      "3", "--no-pin", "--seed", "7"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_EQ(o.out.rfind("== fake step, 16 lanes ==\nsteady: 3000000 steps in 30 ms, 100000000 steps per second\n", 0), 0u)
      << o.out;
  EXPECT_EQ(row_of(o.out, "steady"), "steady 0.0-test 10.0 0.0% 1.00x 5.0 *") << o.out;
  EXPECT_TRUE(has(o.out, "\nNot available here (1 library; `benchbox list` has the details):\n"
                         "  absent           absent was not found (tests)\n"))
      << o.out;
  // Three processes of one repetition, each after a warm-up of a quarter of its operations.
  EXPECT_EQ(runs(), std::vector<std::string>(3, "run --case step --axis 16 --ops 3000000 --reps 1 --warmup 1 --warmup-ops 750000"));
}

TEST_F(CommandLine, CaseAloneRunsItsDefaultPoint) {
  const auto o = run({"fake", "-n", "pass", "--lib", "steady", "--ops", "1000", "--reps", "1", "--no-pin"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "== fake pass, buffer 0 ==")) << o.out;
  ASSERT_EQ(runs().size(), 1u);
  EXPECT_TRUE(has(runs()[0], "--case pass --axis 0 ")) << runs()[0];
}

TEST_F(CommandLine, ASweepRunsEveryValueInOrder) {
  const auto o = run({"fake", "-n", "step", "2,16,2", "--lib", "steady", "--ops", "1000", "--reps", "1", "--no-pin"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  const auto two = o.out.find("== fake step, 2 lanes =="), sixteen = o.out.find("== fake step, 16 lanes ==");
  ASSERT_NE(two, std::string::npos) << o.out;
  ASSERT_NE(sixteen, std::string::npos) << o.out;
  EXPECT_LT(two, sixteen);
  EXPECT_EQ(runs().size(), 2u);  // a value given twice runs once
}

TEST_F(CommandLine, NamedAxisValuesAreTheSameAsPositionalOnes) {
  const auto o = run({"fake", "-n", "step", "--param", "lanes=3", "--lib", "steady", "--ops", "1000", "--reps", "1", "--no-pin"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "== fake step, 3 lanes ==")) << o.out;
  ASSERT_EQ(runs().size(), 1u);
  EXPECT_TRUE(has(runs()[0], "--axis 3 ")) << runs()[0];
}

// Best first by default (faulty is twice as fast here); --sort name keeps the declared order.
TEST_F(CommandLine, RowsAreBestFirstUnlessSortedByName) {
  fake.per_op_ns_of["faulty"] = 5;
  const std::vector<std::string> args{"fake", "-n", "pass", "--ops", "1000", "--reps", "1", "--no-pin", "-f", "md"};
  auto o = run(args);
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_LT(o.out.find("| faulty |"), o.out.find("| steady |")) << o.out;
  auto by_name = args;
  by_name.insert(by_name.end(), {"--sort", "name"});
  o = run(by_name);
  EXPECT_LT(o.out.find("| steady |"), o.out.find("| faulty |")) << o.out;
}

// --columns: every column with `all`, or only those named (the library always), on a run and on
// `report`; the results file keeps everything whatever the table shows.
TEST_F(CommandLine, ColumnsAllOrByName) {
  const std::vector<std::string> args{"fake", "-n", "step", "16", "--lib", "steady", "--ops", "3000000", "--reps", "3",
                                      "--processes", "3", "--no-pin", "--seed", "7", "--json", path("r.json")};
  auto all = args;
  all.insert(all.end(), {"--columns", "all"});
  auto o = run(all);
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(row_of(o.out, "steady"), "steady 0.0-test 10.0 100,000,000 0.0% 10.0..10.0 (")) << o.out;
  EXPECT_TRUE(row_of(o.out, "steady").ends_with(" 10.0 ±0.0% 10.0..10.0 0.0% 0.0% 1.00x 1.00x - 5.0 3 *")) << o.out;
  auto named = args;
  named.insert(named.end(), {"--columns", "figure,vs-ref"});
  o = run(named);
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_EQ(row_of(o.out, "steady"), "steady 10.0 1.00x") << o.out;
  EXPECT_TRUE(has(o.out, "\nlibrary  ns/op  vs ref\n")) << o.out;
  o = run({"report", path("r.json"), "--columns", "rate,vs-mean", "-f", "md"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "\n| library | steps/s | vs mean |\n|:--|--:|--:|\n| steady | 100,000,000 | - |\n")) << o.out;
}

// --format csv --output FILE: the report in the file, nothing on standard output.
TEST_F(CommandLine, FormatAndOutputWriteTheReportToTheFile) {
  const auto o = run({"fake", "-n", "pass", "--lib", "steady", "--ops", "1000", "--reps", "2", "--processes", "2", "--no-pin",
                      "-f", "csv", "-o", path("out.csv")});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_EQ(o.out, "");
  const std::string csv = read("out.csv");
  EXPECT_EQ(csv.rfind("module,case,param,param_label,unit,library,", 0), 0u) << csv;
  EXPECT_TRUE(has(csv, "\nfake,pass,0,buffer 0,passes,steady,0.0-test,true,ok,true,1000,2,ns_per_op,ns/op,true,10,10,10,10,"))
      << csv;
}

// --json FILE: the whole run, with its settings, beside the report on standard output.
TEST_F(CommandLine, JsonKeepsTheResultsAndTheSettings) {
  const auto o = run({"fake", "-n", "step", "2", "--lib", "steady,absent", "--ops", "2000", "--reps", "2", "--no-pin", "--seed",
                      "42", "--json", path("results.json"), "-f", "md"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "### fake step, 2 lanes")) << o.out;
  const auto j = nlohmann::json::parse(read("results.json"));
  EXPECT_EQ(j.at("schema"), "benchbox-results");
  EXPECT_EQ(j.at("context").at("settings").at("seed"), 42);
  EXPECT_EQ(j.at("context").at("settings").at("ops"), 2000);
  EXPECT_EQ(j.at("context").at("settings").at("reps"), 2);
  ASSERT_EQ(j.at("results").size(), 2u);
  EXPECT_EQ(j.at("results")[0].at("library"), "steady");
  EXPECT_EQ(j.at("results")[0].at("status"), "ok");
  EXPECT_EQ(j.at("results")[0].at("processes"), 2);  // one repetition each
  EXPECT_EQ(j.at("results")[0].at("reps"), nlohmann::json::array({20000.0 / 2000, 20000.0 / 2000}));
  EXPECT_EQ(j.at("results")[1].at("status"), "unavailable");
}

// `benchbox report` renders a results file a run wrote.
TEST_F(CommandLine, AReportRendersTheResultsFileAgain) {
  ASSERT_EQ(run({"fake", "-n", "size", "--lib", "steady", "--reps", "1", "--no-pin", "--json", path("r.json"), "-f", "json"}).status,
            exit_status::ok);
  const auto o = run({"report", path("r.json"), "-f", "csv"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "\nfake,size,1000,1000 items,items,steady,0.0-test,true,ok,true,1,")) << o.out;
  EXPECT_TRUE(has(o.out, ",bytes_per_item,B/item,true,64,64,64,64,")) << o.out;
}

// The exports CI tools read, from a run and from its results file: gbench with its aggregates
// only (--gbench-aggregates), github-action's entries of the lower-is-better rows.
TEST_F(CommandLine, ExportsForCiToolsFromARunAndFromItsFile) {
  auto o = run({"fake", "-n", "pass", "--lib", "steady", "--ops", "1000", "--reps", "3", "--no-pin", "--json", path("r.json"), "-f",
                "gbench", "--gbench-aggregates", "only"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  std::vector<std::string> names;
  const auto gbench = nlohmann::json::parse(o.out);
  for (const auto& b : gbench.at("benchmarks")) names.push_back(b.at("name"));
  EXPECT_EQ(names, (std::vector<std::string>{"fake/pass/0/steady_mean", "fake/pass/0/steady_median", "fake/pass/0/steady_stddev",
                                             "fake/pass/0/steady_cv"}));
  o = run({"report", path("r.json"), "-f", "github-action", "-o", path("entries.json")});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  const auto entries = nlohmann::json::parse(read("entries.json"));
  ASSERT_EQ(entries.size(), 1u) << entries;
  EXPECT_EQ(entries[0].at("name"), "fake/pass/0/steady");
  EXPECT_EQ(entries[0].at("value"), 10);
  o = run({"report", path("r.json"), "-f", "md", "--gbench-aggregates", "none"});
  EXPECT_EQ(o.status, exit_status::usage);
  EXPECT_EQ(o.err, "benchbox: error: --gbench-aggregates is for --format gbench, not --format md\n");
}

// Two runs compared: faulty twice as slow against the reference in the second is a regression.
TEST_F(CommandLine, CompareFindsARegressionBetweenTwoRuns) {
  const std::vector<std::string> args{"fake", "-n", "pass", "--lib", "steady,faulty", "--ops", "1000", "--reps", "5", "--no-pin"};
  auto with_json = [&args](const std::string& file) {
    auto a = args;
    a.insert(a.end(), {"--json", file, "-f", "json", "-o", file + ".report"});
    return a;
  };
  ASSERT_EQ(run(with_json(path("old.json"))).status, exit_status::ok);
  fake.per_op_ns_of["faulty"] = 20;
  ASSERT_EQ(run(with_json(path("new.json"))).status, exit_status::ok);
  auto o = run({"compare", path("old.json"), path("old.json"), "--fail-on-regression", "5"});
  EXPECT_EQ(o.status, exit_status::ok) << o.out << o.err;
  EXPECT_TRUE(has(o.out, "unchanged")) << o.out;
  o = run({"compare", path("old.json"), path("new.json"), "--fail-on-regression", "5"});
  EXPECT_EQ(o.status, exit_status::failed_rows) << o.out << o.err;
  EXPECT_TRUE(has(row_of(o.out, "faulty"), "faulty 1 10.0 20.0 +100.0% +100.0% ")) << o.out;
  EXPECT_TRUE(row_of(o.out, "faulty").ends_with(" worse REGRESSION")) << o.out;
  o = run({"merge", path("old.json"), path("new.json"), "-f", "csv"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "\nfake,pass,0,buffer 0,passes,ns_per_op,ns/op,faulty,10,20\n")) << o.out;
}

TEST_F(CommandLine, SvgToAFolderWritesOneChartPerCase) {
  fs::create_directory(dir_ / "charts");
  const auto o = run({"fake", "-n", "step,pass", "--lib", "steady", "--ops", "1000", "--reps", "1", "--no-pin", "-f", "svg", "-o",
                      path("charts") + "/"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(read("charts/fake-step-2.svg").rfind("<?xml", 0), 0u);
  EXPECT_TRUE(has(read("charts/fake-pass-100.svg"), "<title>fake pass, buffer 100: ns/op (lower is better)</title>"));
}

// Pinned to the last CPU by default; --cpu names another; --no-pin leaves the adapters free.
TEST_F(CommandLine, AdaptersArePinnedAsAsked) {
  const int last = static_cast<int>(std::max(1u, std::thread::hardware_concurrency())) - 1;
  const std::vector<std::string> args{"fake", "-n", "pass", "--lib", "steady", "--ops", "1000", "--reps", "1"};
  ASSERT_EQ(run(args).status, exit_status::ok);
  EXPECT_EQ(fake.calls.back().cpu, std::optional<int>(last));
  auto with = args;
  with.insert(with.end(), {"--cpu", "0"});
  ASSERT_EQ(run(with).status, exit_status::ok);
  EXPECT_EQ(fake.calls.back().cpu, std::optional<int>(0));
  with.back() = "--no-pin";
  with.erase(with.end() - 2);
  ASSERT_EQ(run(with).status, exit_status::ok);
  EXPECT_EQ(fake.calls.back().cpu, std::nullopt);
}

// --lib LIBRARY:VARIANT: that variant's row alone, run with --variant.
TEST_F(CommandLine, AVariantRunsItsOwnRow) {
  fake.variants["steady"] = R"([{"id":"fast","label":"steady, fast"},{"id":"slow"}])";
  fake.per_op_ns_of["steady:fast"] = 4;
  const auto o = run({"fake", "-n", "pass", "--lib", "steady:fast", "--ops", "1000", "--reps", "1", "--no-pin", "-f", "csv"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  ASSERT_EQ(runs().size(), 1u);
  EXPECT_TRUE(has(runs()[0], "--variant fast")) << runs()[0];
  EXPECT_TRUE(has(o.out, ",steady,0.0-test,true,ok,true,1000,1,ns_per_op,ns/op,true,4,")) << o.out;
  EXPECT_FALSE(has(o.out, "slow")) << o.out;
}

// A variant run by name only: left out of a run of every library and of --lib LIBRARY, run when
// --lib names it, beside the library's other rows when both are named.
TEST_F(CommandLine, AVariantByNameRunsOnlyWhenNamed) {
  fake.variants["steady"] = R"([{"id":"fast"},{"id":"slow","by_name":true}])";
  const std::vector<std::string> args{"fake", "-n", "pass", "--ops", "1000", "--reps", "1", "--no-pin"};
  auto variants_run = [&](const std::string& lib) {
    fake.calls.clear();
    auto with = args;
    if (!lib.empty()) with.insert(with.end(), {"--lib", lib});
    const auto o = run(with);
    EXPECT_EQ(o.status, exit_status::ok) << o.err;
    std::set<std::string> variants;  // a row may run in several processes
    for (const auto& r : runs())
      if (const auto at = r.find("--variant "); at != std::string::npos) variants.insert(r.substr(at + 10, r.find(' ', at + 10) - at - 10));
    std::string out;
    for (const auto& v : variants) out += v + ";";
    return out;
  };
  EXPECT_EQ(variants_run(""), "fast;");
  EXPECT_EQ(variants_run("steady"), "fast;");
  EXPECT_EQ(variants_run("steady:slow"), "slow;");
  EXPECT_EQ(variants_run("steady,steady:slow"), "fast;slow;");
}

// ---- --dry-run: the options and the points checked, nothing run, stored or written

TEST_F(CommandLine, DryRunListsThePointsAndRunsNothing) {
  const auto o = run({"fake", "--dry-run", "-n", "step", "--lib", "steady", "--json", path("r.json")});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "benchbox fake: ")) << o.out;
  EXPECT_TRUE(has(o.out, "1 library (1 available here); nothing run (--dry-run)\n")) << o.out;
  EXPECT_TRUE(has(o.out, "\n  step 2 lanes\n")) << o.out;
  EXPECT_TRUE(runs().empty());
  EXPECT_FALSE(fs::exists(path("r.json")));
}

TEST_F(CommandLine, DryRunRefusesWhatARunRefuses) {
  EXPECT_EQ(run({"fake", "--dry-run", "-n", "nosuch"}).status, exit_status::usage);
  EXPECT_EQ(run({"fake", "--dry-run", "--lib", "nosuch"}).status, exit_status::usage);
  EXPECT_EQ(run({"fake", "--dry-run", "--reps", "0"}).status, exit_status::usage);
  EXPECT_TRUE(runs().empty());
}

// ---- Proofs that fail: the row fails with the reason, the run goes on, exit status 1

TEST_F(CommandLine, VerifyProvesEveryRowOnce) {
  const auto o = run({"fake", "--verify", "--no-pin"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "steady   step  2 lanes     verified  200 steps, checksum 0x0000000000000064\n")) << o.out;
  EXPECT_TRUE(has(o.out, "10 rows: 10 verified; one short trial each, nothing timed")) << o.out;
  EXPECT_EQ(runs().size(), 10u);
  for (const auto& r : runs()) EXPECT_TRUE(has(r, " --reps 1 --warmup 0")) << r;
}

TEST_F(CommandLine, VerifyFailsARowWhoseChecksumIsWrong) {
  fake.fault = "wrong_checksum";
  const auto o = run({"fake", "--verify", "--lib", "steady,faulty", "--no-pin"});
  EXPECT_EQ(o.status, exit_status::failed_rows);
  EXPECT_TRUE(has(o.out, "faulty   step  2 lanes     FAILED    repetition 1: verification failed: step checksum 50 != 100 "
                         "(lanes skipped a turn)\n"))
      << o.out;
  EXPECT_TRUE(has(o.out, "steady   step  2 lanes     verified")) << o.out;
  EXPECT_TRUE(has(o.out, "10 rows: 5 verified, 5 FAILED")) << o.out;
}

TEST_F(CommandLine, AMeasuredRowWithTooFewStepsFails) {
  fake.fault = "wrong_count";
  const auto o = run({"fake", "-n", "step", "--ops", "1000", "--reps", "1", "--no-pin", "--json", path("r.json")});
  EXPECT_EQ(o.status, exit_status::failed_rows);
  EXPECT_TRUE(has(o.out, "faulty: FAILED: ")) << o.out;
  EXPECT_TRUE(has(o.out, "verification failed: did 249 steps, asked for 250")) << o.out;  // the warm-up, a quarter
  const auto j = nlohmann::json::parse(read("r.json"));
  EXPECT_EQ(j.at("results")[0].at("status"), "ok");
  EXPECT_EQ(j.at("results")[1].at("status"), "failed");
}

TEST_F(CommandLine, AnAdapterThatCrashesFailsItsRowOnly) {
  fake.fault = "segfault";
  auto o = run({"fake", "-n", "pass", "--ops", "1000", "--reps", "1", "--no-pin"});
  EXPECT_EQ(o.status, exit_status::failed_rows);
  EXPECT_TRUE(has(o.out, "faulty: FAILED: killed by signal 11 (Segmentation fault)\n")) << o.out;
  EXPECT_TRUE(has(o.out, "steady: 1000 passes in 0 ms, 100000000 passes per second\n")) << o.out;
  fake.fault = "describe_crash";
  o = run({"fake", "-n", "pass", "--lib", "faulty", "--ops", "1000", "--reps", "1", "--no-pin"});
  EXPECT_EQ(o.status, exit_status::failed_rows);
  EXPECT_TRUE(has(o.out, "faulty: FAILED: describe: killed by signal 11 (Segmentation fault)\n")) << o.out;
}

// ---- Listing and help

// Without a module, one screen: two lines a module from the catalogs, no adapter started.
TEST_F(CommandLine, ListWithoutAModuleIsOneScreenOfModules) {
  const auto o = run({"list"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "fake          the driver's test module")) << o.out;
  EXPECT_TRUE(has(o.out, "              cases: step, pass")) << o.out;
  EXPECT_TRUE(has(o.out, " available here\n")) << o.out;
  EXPECT_FALSE(has(o.out, "version 0.0-test")) << o.out;
  EXPECT_TRUE(has(o.out, "Not built in this benchbox: leftout (scripts/setup.sh MODULE")) << o.out;
  // Two lines a module, a blank one, the pointer to `list MODULE`, and the modules not built.
  EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), static_cast<long>(2 * benchbox::modules().size() + 3)) << o.out;
  EXPECT_EQ(runs().size(), 0u);
}

TEST_F(CommandLine, ListDescribesEachLibraryThroughTheExecutor) {
  const auto o = run({"list", "fake"});
  EXPECT_EQ(o.status, exit_status::ok) << o.err;
  EXPECT_TRUE(has(o.out, "module fake: the driver's test module")) << o.out;
  EXPECT_TRUE(has(o.out, "    steady           available, version 0.0-test (reference)\n")) << o.out;
  EXPECT_TRUE(has(o.out, "    absent           not available: absent was not found (tests)\n")) << o.out;
  EXPECT_EQ(runs().size(), 0u);  // describe only
}

TEST_F(CommandLine, HelpAndVersionGoToStandardOutput) {
  auto o = run({"fake", "--help"});
  EXPECT_EQ(o.status, exit_status::ok);
  EXPECT_TRUE(has(o.out, "Usage: benchbox fake [OPTIONS] [param...]")) << o.out;
  EXPECT_TRUE(has(o.out, "-n,--name TEXT              case to run (step, pass, size)")) << o.out;
  o = run({"--version"});
  EXPECT_EQ(o.status, exit_status::ok);
  EXPECT_EQ(o.out, std::string(BENCHBOX_VERSION) + "\n");
}

TEST_F(CommandLine, AnotherRunMeasuringRefusesWithNoWait) {
  RunLock other(dir_ / "lock");
  ASSERT_TRUE(other.try_acquire("benchbox fake (another test)"));
  const auto o = run({"fake", "-n", "pass", "--lib", "steady", "--no-wait", "--no-pin"});
  EXPECT_EQ(o.status, exit_status::busy);
  EXPECT_TRUE(has(o.err, "benchbox fake (another test)")) << o.err;
  EXPECT_EQ(o.out, "");
  EXPECT_TRUE(fake.calls.size() <= 2u);  // described at most: nothing measured
  EXPECT_EQ(runs().size(), 0u);
}

// ---- Mistakes: one line on standard error, exit status 2, nothing run or written

struct Mistake {
  std::vector<std::string> args;
  // The whole of standard error; without its final newline, how its one line begins (the rest
  // depends on the machine).
  std::string message;
};

// The command line, in a failure's message.
void PrintTo(const Mistake& m, std::ostream* os) {
  *os << "benchbox";
  for (const auto& a : m.args) *os << " '" << a << "'";
}

class CommandLineMistake : public CommandLine, public ::testing::WithParamInterface<Mistake> {};

TEST_P(CommandLineMistake, IsOneLineAndExitStatus2) {
  auto args = GetParam().args;
  for (auto& a : args)
    if (a.rfind("{dir}/", 0) == 0) a = path(a.substr(6));
  const auto o = run(args);
  EXPECT_EQ(o.status, exit_status::usage);
  std::string expected = GetParam().message;
  for (auto at = expected.find("{dir}/"); at != std::string::npos; at = expected.find("{dir}/")) expected.replace(at, 6, path(""));
  if (expected.ends_with('\n')) EXPECT_EQ(o.err, expected);
  else EXPECT_TRUE(o.err.rfind(expected, 0) == 0 && o.err.find('\n') == o.err.size() - 1) << o.err;
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(runs().size(), 0u);
  EXPECT_FALSE(fs::exists(path("r.json")));
}

const Mistake kMistakes[] = {
    {{"fake", "-n", "pass", "--ops", "abc"}, "benchbox: error: --ops must be a whole number, got 'abc'\n"},
    {{"fake", "-n", "pass", "--ops", ""}, "benchbox: error: --ops must be a whole number, got ''\n"},
    {{"fake", "-n", "pass", "--reps", "0"}, "benchbox: error: --reps must be between 1 and 1000, got 0\n"},
    {{"fake", "-n", "pass", "--lib", "steady", "--processes", "3", "--reps", "2"},
     "benchbox: error: --processes 3 is more than --reps 2: each process runs one repetition at least\n"},
    {{"fake", "-n", "pass", "--interleave", "bogus"}, "benchbox: error: --interleave must be suite or case, got 'bogus'\n"},
    {{"fake", "-n", "pass", "--sort", "bogus", "--lib", "steady"}, "benchbox: error: --sort must be median or name, got 'bogus'\n"},
    {{"fake", "-n", "pass", "--columns", "figure,bogus", "--lib", "steady"},
     "benchbox: error: --columns: unknown column 'bogus' (columns: rank, library, version, figure, extras, rate, ci, interval, "
     "robust, range, spread, mad, relative, vs-ref, vs-mean, peak, reps, counters, marks, modes, traits, default, all)\n"},
    {{"fake", "-n", "pass", "--columns", "figure", "-f", "csv", "--lib", "steady"},
     "benchbox: error: --columns chooses the columns of tables: give it with --format text, md or html, not csv\n"},
    {{"fake", "-n", "step", "abc"}, "benchbox: error: lanes for step must be a whole number, got 'abc'\n"},
    {{"fake", "-n", "step", "0"}, "benchbox: error: lanes for step must be between 1 and 1000000000, got 0\n"},
    {{"fake", "-n", "pass", "--cpu", "0", "--no-pin"}, "benchbox: error: --cpu and --no-pin contradict each other\n"},
    {{"fake", "-n", "pass", "--counters", "--instructions"},
     "benchbox: error: --counters and --instructions contradict each other: instructions are counted under Callgrind\n"},
    {{"fake", "--verify", "--reps", "3"},
     "benchbox: error: --verify runs one short trial per row and prints whether each was proved; --reps is for a measuring run\n"},
    {{"fake", "--verify", "-f", "md"},
     "benchbox: error: --verify runs one short trial per row and prints whether each was proved; --format is for a measuring "
     "run\n"},
    {{"fake", "-n", "nosuchcase"}, "benchbox: error: unknown case 'nosuchcase' in module fake (cases: step, pass, size)\n"},
    {{"fake", "-n", "pass", "--lib", "steady,nosuchlib"},
     "benchbox: error: unknown library 'nosuchlib' in module fake (see `benchbox list`)\n"},
    {{"fake", "-n", "pass", "--lib", "steady,,"}, "benchbox: error: --lib has an empty name in 'steady,,'\n"},
    {{"fake", "-n", "pass", "--lib", "steady:"}, "benchbox: error: --lib steady:: no variant after ':' (LIBRARY:VARIANT)\n"},
    {{"fake", "-n", "pass", "--lib", "steady:3"}, "benchbox: error: --lib steady:3: library steady has no variants\n"},
    {{"fake", "-n", "pass", "--lib", "steady", "--lib", "faulty"},
     "benchbox: error: --lib is given 2 times: give it once (several: --lib A,B)\n"},
    {{"fake", "5"}, "benchbox: error: a parameter needs one case: -n CASE 5\n"},
    {{"fake", "-n", "step", "2", "3"}, "benchbox: error: case step has 1 axes, got 2 values after -n step\n"},
    {{"fake", "-n", "step", "2", "--param", "lanes=3"},
     "benchbox: error: lanes of step is given twice: after -n step and with --param\n"},
    {{"fake", "-n", "step", "--param", "nosuch=2"}, "benchbox: error: case step has no axis 'nosuch' (axes: lanes)\n"},
    {{"fake", "-n", "step", "--param", "lanes=2", "--param", "lanes=3"},
     "benchbox: error: --param lanes is given twice (list its values: lanes=A,B)\n"},
    {{"fake", "-n", "step", "1000000000", "--lib", "steady"},
     "benchbox: error: refused before starting: fake step with 1000000000 lanes does not fit in memory with any selected "
     "library (steady: lanes 1000000000 at 4096 bytes each need 3906250 MiB, more than half of the "},
    {{"fake", "-n", "pass", "--lib", "steady", "--json", "{dir}/missing/r.json"},
     "benchbox: error: cannot write {dir}/missing/r.json (--json): its directory does not exist\n"},
    {{"fake", "-n", "pass", "--lib", "steady", "--json", "{dir}/r.json", "-f", "md", "-o", "{dir}/./r.json"},
     "benchbox: error: --output and --json name the same file ({dir}/./r.json): writing one would replace the other\n"},
    {{"fake", "-n", "step,pass", "--lib", "steady", "-f", "svg"},
     "benchbox: error: --format svg writes one file per case: give --output DIR/ (or --output PREFIX)\n"},
    {{"fake", "-n", "pass", "--format", "nosuchformat"},
     "benchbox: error: unknown format 'nosuchformat' (formats: csv, gbench, github-action, github-action-bigger, html, json, md, "
     "svg, text)\n"},
    {{"fake", "-n", "pass", "--lib", "steady", "--gbench-aggregates", "only"},
     "benchbox: error: --gbench-aggregates is for --format gbench, not --format text\n"},
    {{"fake", "-n", "pass", "--lib", "steady", "-f", "gbench", "--gbench-aggregates", "median"},
     "benchbox: error: --gbench-aggregates must be with, only or none, got 'median'\n"},
    {{"fake", "-n", "pass,size", "--lib", "steady", "-f", "github-action-bigger"},
     "benchbox: error: --format github-action-bigger writes the higher-is-better rows (tool customBiggerIsBetter); every "
     "figure here (ns/op, B/item) is lower is better: use --format github-action (tool customSmallerIsBetter)\n"},
    {{"leftout", "-n", "x"},
     "benchbox: module 'leftout' is not built in this benchbox: scripts/setup.sh leftout (in benchbox's source folder) adds it\n"},
    {{"list", "nosuchmodule"}, "benchbox: error: unknown module 'nosuchmodule' (see `benchbox list`)\n"},
    {{"report", "{dir}/nonexistent.json"}, "benchbox: error: "},
    {{"nosuchmodule"}, "benchbox: unknown module or command 'nosuchmodule': give one of list, report, compare, merge, "},
    {{"-x"}, "benchbox: unknown option '-x' before the command: give one of list, report, compare, merge, "},
};

std::string name_of(const ::testing::TestParamInfo<Mistake>& info) { return "Mistake" + std::to_string(info.index); }

INSTANTIATE_TEST_SUITE_P(Each, CommandLineMistake, ::testing::ValuesIn(kMistakes), name_of);

}  // namespace
