#include "run/executor.hpp"

#include <gtest/gtest.h>

#include <sched.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>

using namespace benchbox;

namespace {
ChildSpec shell(const std::string& script) {
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c", script};
  return spec;
}
}  // namespace

TEST(Executor, CapturesOutputAndExitCode) {
  auto out = run_child(shell("echo hello; echo oops >&2; exit 3"));
  EXPECT_EQ(out.out, "hello\n");
  EXPECT_EQ(out.err, "oops\n");
  EXPECT_EQ(out.exit_code, 3);
  EXPECT_FALSE(out.succeeded());
  EXPECT_EQ(out.failure_reason(), "exited with status 3");
}

TEST(Executor, ReportsSignals) {
  auto out = run_child(shell("kill -SEGV $$"));
  EXPECT_EQ(out.signal, SIGSEGV);
  EXPECT_NE(out.failure_reason().find("signal 11"), std::string::npos);
}

TEST(Executor, StopsAHangingChildAndItsGroup) {
  ChildSpec spec = shell("sleep 100 & sleep 100");
  spec.timeout = std::chrono::milliseconds(300);
  auto out = run_child(spec);
  EXPECT_TRUE(out.timed_out);
  EXPECT_LT(out.wall_seconds, 10);
}

TEST(Executor, StopsAFlood) {
  ChildSpec spec = shell("yes");
  spec.max_output_bytes = 1 << 16;
  auto out = run_child(spec);
  EXPECT_TRUE(out.output_overflow);
  EXPECT_LE(out.out.size(), spec.max_output_bytes);
}

TEST(Executor, MissingProgram) {
  ChildSpec spec;
  spec.argv = {"/nonexistent/program"};
  auto out = run_child(spec);
  EXPECT_FALSE(out.start_error.empty());
  EXPECT_FALSE(out.succeeded());
}

TEST(Executor, PinsToACpu) {
  ChildSpec spec = shell("grep Cpus_allowed_list /proc/self/status");
  spec.cpu = 0;
  auto out = run_child(spec);
  EXPECT_NE(out.out.find("\t0\n"), std::string::npos) << out.out;
}

// The driver leaves the measured CPU to the adapter; a pinned child still gets it, and an
// unpinned child gets every CPU the driver had. Runs in a child process of its own: the test
// binary's affinity must not change for the other tests.
TEST(Executor, TheDriverKeepsOffTheMeasuredCpu) {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0 || CPU_COUNT(&allowed) < 2 ||
      !CPU_ISSET(sysconf(_SC_NPROCESSORS_ONLN) - 1, &allowed))
    GTEST_SKIP() << "needs the last CPU and another one";
  EXPECT_EXIT(
      {
        const int last = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)) - 1;
        const std::string before = run_child(shell("grep Cpus_allowed_list /proc/self/status")).out;
        if (!keep_off_cpu(last)) std::_Exit(1);
        cpu_set_t mine;
        sched_getaffinity(0, sizeof mine, &mine);
        if (CPU_ISSET(last, &mine)) std::_Exit(2);
        ChildSpec pinned = shell("grep Cpus_allowed_list /proc/self/status");
        pinned.cpu = last;
        if (run_child(pinned).out.find("\t" + std::to_string(last) + "\n") == std::string::npos) std::_Exit(3);
        if (run_child(shell("grep Cpus_allowed_list /proc/self/status")).out != before) std::_Exit(4);
        std::_Exit(0);
      },
      ::testing::ExitedWithCode(0), "");
}
