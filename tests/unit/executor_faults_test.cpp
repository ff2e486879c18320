// The executor against children that misbehave around their exit (docs/reliability.md).
#include "run/executor.hpp"

#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

using namespace benchbox;

namespace {
ChildSpec shell(const std::string& script, std::chrono::milliseconds timeout) {
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c", script};
  spec.timeout = timeout;
  return spec;
}
}  // namespace

// Closing both pipes is not exiting: the time limit still applies.
TEST(ExecutorFaults, ClosedOutputThenHang) {
  auto out = run_child(shell("exec >&- 2>&-; sleep 100", std::chrono::milliseconds(500)));
  EXPECT_TRUE(out.timed_out);
  EXPECT_FALSE(out.succeeded());
  EXPECT_LT(out.wall_seconds, 60);
}

// A finished child whose forked process keeps the pipes open: the result is not held hostage
// until the time limit, and the leftover process is stopped.
TEST(ExecutorFaults, LeftoverHoldingThePipes) {
  auto out = run_child(shell("sleep 100 & echo done", std::chrono::seconds(60)));
  EXPECT_TRUE(out.succeeded()) << out.failure_reason();
  EXPECT_EQ(out.out, "done\n");
  EXPECT_LT(out.wall_seconds, 30);
}

// A leftover that closed its output is stopped too.
TEST(ExecutorFaults, LeftoverWithoutPipesIsStopped) {
  auto out = run_child(shell("(exec >&- 2>&-; sleep 100) & echo $!", std::chrono::seconds(60)));
  ASSERT_TRUE(out.succeeded()) << out.failure_reason();
  const pid_t leftover = std::stoi(out.out);
  bool gone = false;
  for (int i = 0; i < 500 && !gone; ++i) {
    // Gone, or a zombie waiting for whoever reaps orphans here.
    gone = kill(leftover, 0) != 0;
    if (!gone) {
      FILE* f = std::fopen(("/proc/" + std::to_string(leftover) + "/stat").c_str(), "r");
      char buf[512] = {};
      if (f) {
        [[maybe_unused]] auto n = std::fread(buf, 1, sizeof buf - 1, f);
        std::fclose(f);
      }
      const char* paren = std::strrchr(buf, ')');
      gone = !f || (paren && (paren[2] == 'Z' || paren[2] == 'X'));
    }
    if (!gone) usleep(10'000);
  }
  EXPECT_TRUE(gone) << "leftover " << leftover << " still running";
  if (!gone) kill(leftover, SIGKILL);
}

// The exit status of the child itself is kept when its leftovers are stopped.
TEST(ExecutorFaults, StatusKeptWhenLeftoversStopped) {
  auto out = run_child(shell("sleep 100 & exit 4", std::chrono::seconds(60)));
  EXPECT_EQ(out.exit_code, 4);
  EXPECT_EQ(out.signal, 0);
  EXPECT_FALSE(out.timed_out);
}
