// benchbox against a misbehaving adapter (the fake module's, tests/fake/adapter.cpp), end to end:
// each fault costs exactly its own row, with the right reason, while the steady row next to it
// stays verified; time limits and interruptions leave no process behind and no half-written file.
// No timing is asserted beyond generous limits: a busy machine must still pass.
#include <nlohmann/json.hpp>

#include "benchbox_process.hpp"

using nlohmann::json;
using namespace benchbox_test;

namespace {

// Alive and still our adapter (not a zombie waiting for a reaper, not a reused pid).
bool adapter_alive(pid_t pid) {
  const std::string proc = "/proc/" + std::to_string(pid);
  const std::string stat = slurp(proc + "/stat");
  const auto paren = stat.rfind(')');
  if (stat.empty() || paren == std::string::npos || paren + 2 >= stat.size()) return false;
  const char state = stat[paren + 2];
  if (state == 'Z' || state == 'X') return false;
  return slurp(proc + "/cmdline").find("bin/fake") != std::string::npos;
}

void expect_no_leftover(const fs::path& dir, std::size_t expected_pids) {
  const auto pids = recorded_pids(dir);
  EXPECT_GE(pids.size(), expected_pids) << "the fault did not record its processes";
  for (pid_t p : pids) {
    // SIGKILL is asynchronous: allow a moment for the kernel to finish the job.
    for (int i = 0; i < 250 && adapter_alive(p); ++i) std::this_thread::sleep_for(20ms);
    EXPECT_FALSE(adapter_alive(p)) << "adapter process " << p << " is still running";
    if (adapter_alive(p)) kill(p, SIGKILL);
  }
}

void expect_no_temporaries(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << "left behind: " << e.path();
}

struct RowRun {
  int status = -1;
  json results;
  std::string out, err;
};

RowRun run_fault(const std::string& fault, const TempDir& tmp, const std::string& timeout = "60",
                 const std::string& param = "2") {
  const fs::path file = tmp.path / "results.json";
  Benchbox b(step_args(file, "steady,faulty", param, timeout), fault, tmp.path);
  auto status = b.wait(300s);
  EXPECT_TRUE(status) << "benchbox did not finish";
  RowRun r;
  r.status = status.value_or(-1);
  r.out = b.out();
  r.err = b.err();
  r.results = json::parse(slurp(file), nullptr, false);
  return r;
}

// The steady row verified, the faulty row failed with `reason` in its reason, exit status 1.
void expect_faulty_row(const std::string& fault, const std::string& reason, const std::string& timeout = "60",
                       const std::string& param = "2") {
  TempDir tmp;
  RowRun r = run_fault(fault, tmp, timeout, param);
  SCOPED_TRACE("stdout:\n" + r.out + "\nstderr:\n" + r.err);
  EXPECT_EQ(r.status, 1);
  ASSERT_FALSE(r.results.is_discarded()) << "results file missing or not JSON";
  ASSERT_EQ(r.results["results"].size(), 2u);
  EXPECT_EQ(r.results["interrupted"], false);
  const json& steady = r.results["results"][0];
  const json& faulty = r.results["results"][1];
  EXPECT_EQ(steady["library"], "steady");
  EXPECT_EQ(steady["status"], "ok") << steady.dump();
  EXPECT_EQ(steady["verified"], true);
  EXPECT_EQ(faulty["library"], "faulty");
  EXPECT_EQ(faulty["status"], "failed");
  EXPECT_EQ(faulty["verified"], false);
  EXPECT_TRUE(faulty["median"].is_null());
  EXPECT_NE(faulty["reason"].get<std::string>().find(reason), std::string::npos)
      << "reason: " << faulty["reason"] << ", expected to contain: " << reason;
  expect_no_temporaries(tmp.path);
}

// Both rows verified, exit status 0.
void expect_rows_ok(const std::string& fault, const TempDir& tmp) {
  RowRun r = run_fault(fault, tmp);
  SCOPED_TRACE(r.out + r.err);
  EXPECT_EQ(r.status, 0);
  ASSERT_EQ(r.results["results"].size(), 2u);
  for (const auto& row : r.results["results"]) EXPECT_EQ(row["status"], "ok") << row.dump();
}

}  // namespace

TEST(Fault, None) {
  TempDir tmp;
  expect_rows_ok("", tmp);
}

TEST(Fault, Segfault) { expect_faulty_row("segfault", "killed by signal 11 (Segmentation fault)"); }
TEST(Fault, Abort) { expect_faulty_row("abort", "killed by signal 6 (Aborted)"); }
TEST(Fault, ExitStatus) { expect_faulty_row("exit3", "exited with status 3"); }
TEST(Fault, WrongCount) { expect_faulty_row("wrong_count", "warm-up: verification failed: did 499 steps, asked for 500"); }
TEST(Fault, WrongChecksum) { expect_faulty_row("wrong_checksum", "warm-up: verification failed: step checksum"); }
TEST(Fault, WrongOps) { expect_faulty_row("wrong_ops", "trial does not match the request"); }
TEST(Fault, MissingTrial) { expect_faulty_row("missing_trial", "reported 2 trials, expected 3"); }
TEST(Fault, ClockDidNotAdvance) { expect_faulty_row("zero_ns", "the clock did not advance"); }
TEST(Fault, Silent) { expect_faulty_row("silent", "reported 0 trials, expected 3"); }
TEST(Fault, Garbage) { expect_faulty_row("garbage", "protocol error: not a protocol line"); }
TEST(Fault, Truncated) { expect_faulty_row("truncated", "protocol error: output ends in the middle of a line"); }
TEST(Fault, WrongProtocolVersion) { expect_faulty_row("wrong_protocol", "protocol error: protocol version"); }
TEST(Fault, AdapterError) { expect_faulty_row("adapter_error", "adapter error: the library refused to start"); }
TEST(Fault, Flood) { expect_faulty_row("flood", "printed more output than a result can need"); }
TEST(Fault, StderrFlood) { expect_faulty_row("stderr_flood", "printed more output than a result can need"); }
TEST(Fault, HugeLine) { expect_faulty_row("huge_line", "printed more output than a result can need"); }
TEST(Fault, DescribeGarbage) { expect_faulty_row("describe_garbage", "describe: protocol error"); }
TEST(Fault, DescribeCrash) { expect_faulty_row("describe_crash", "describe: killed by signal 11"); }

// 4 lanes of 2^62 bytes: the product overflows 64 bits and must still be refused.
TEST(Fault, HugeMemoryRefused) { expect_faulty_row("huge_memory", "refused", "60", "4"); }

// The per-measurement time limit: the adapter and the child it forked are stopped.
TEST(Fault, HangStoppedByTimeLimit) {
  TempDir tmp;
  const fs::path file = tmp.path / "results.json";
  Benchbox b(step_args(file, "steady,faulty", "2", "2"), "hang", tmp.path);
  auto status = b.wait(300s);
  ASSERT_TRUE(status);
  SCOPED_TRACE(b.out() + b.err());
  EXPECT_EQ(*status, 1);
  json j = json::parse(slurp(file), nullptr, false);
  ASSERT_FALSE(j.is_discarded());
  ASSERT_EQ(j["results"].size(), 2u);
  EXPECT_EQ(j["results"][0]["status"], "ok");
  EXPECT_EQ(j["results"][1]["status"], "failed");
  EXPECT_NE(j["results"][1]["reason"].get<std::string>().find("no result within the time limit"), std::string::npos)
      << j["results"][1]["reason"];
  expect_no_leftover(tmp.path, 2);
}

// An adapter that closes its output and then hangs: the time limit still applies after the pipes close.
TEST(Fault, ClosedOutputThenHang) { expect_faulty_row("close_hang", "no result within the time limit", "2"); }

// describe hangs: bounded by --timeout as well.
TEST(Fault, DescribeHang) { expect_faulty_row("describe_hang", "describe: no result within the time limit", "2"); }

// A complete result, but a forked child stays behind: the row is fine, the child is stopped.
TEST(Fault, OrphanIsStopped) {
  TempDir tmp;
  expect_rows_ok("orphan", tmp);
  expect_no_leftover(tmp.path, 1);
}

// Every library selected would be refused for memory: benchbox refuses before starting anything.
TEST(Fault, RefusedBeforeStarting) {
  TempDir tmp;
  const fs::path file = tmp.path / "results.json";
  Benchbox b(step_args(file, "faulty", "2"), "huge_memory", tmp.path);
  auto status = b.wait(120s);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, 2);
  const std::string err = b.err();
  EXPECT_NE(err.find("MiB"), std::string::npos) << err;
  EXPECT_NE(err.find("refus"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(file));
}

namespace {

// Starts a run whose faulty row hangs, waits until `rows` rows are in the results file (checking
// that every version of the file seen on the way is whole JSON) and the adapter is hanging, sends
// `sig`, and checks what is left.
void interrupt_run(int sig, const std::string& libs, std::size_t rows) {
  TempDir tmp;
  const fs::path file = tmp.path / "results.json";
  Benchbox b(step_args(file, libs, "2", "600"), "hang", tmp.path);
  const auto end = std::chrono::steady_clock::now() + 240s;
  bool ready = false;
  while (!ready && b.running() && std::chrono::steady_clock::now() < end) {
    std::this_thread::sleep_for(20ms);
    std::size_t seen = 0;
    if (fs::exists(file)) {
      json j = json::parse(slurp(file), nullptr, false);
      ASSERT_FALSE(j.is_discarded()) << "a half-written results file was visible";
      seen = j["results"].size();
    }
    ready = seen == rows && recorded_pids(tmp.path).size() >= 2;
    if (rows == 0) ready = recorded_pids(tmp.path).size() >= 2;
  }
  ASSERT_TRUE(ready) << "the run never reached the hanging row\n" << b.out() << b.err();
  kill(b.pid(), sig);
  auto status = b.wait(120s);
  ASSERT_TRUE(status) << "benchbox did not stop after signal " << sig;
  SCOPED_TRACE(b.out() + b.err());
  EXPECT_EQ(*status, 130);
  EXPECT_NE(b.err().find("interrupted"), std::string::npos);
  json j = json::parse(slurp(file), nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << "results file missing or not JSON";
  EXPECT_EQ(j["interrupted"], true);
  ASSERT_EQ(j["results"].size(), rows) << "the interrupted row must not be recorded";
  for (const auto& row : j["results"]) {
    EXPECT_EQ(row["status"], "ok");
    EXPECT_EQ(row["library"], "steady");
  }
  expect_no_leftover(tmp.path, 2);
  expect_no_temporaries(tmp.path);
}

}  // namespace

TEST(Interrupt, SigintKeepsFinishedRows) { interrupt_run(SIGINT, "steady,faulty", 1); }
TEST(Interrupt, SigtermKeepsFinishedRows) { interrupt_run(SIGTERM, "steady,faulty", 1); }
TEST(Interrupt, SigintBeforeAnyRow) { interrupt_run(SIGINT, "faulty", 0); }
