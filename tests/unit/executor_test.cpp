#include "executor.hpp"

#include <gtest/gtest.h>

#include <csignal>

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
