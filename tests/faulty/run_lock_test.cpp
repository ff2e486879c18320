// Two runs at once (docs/reliability.md): a second run waits for the first and says whom it waits
// for, --no-wait refuses at once with exit status 3, commands that do not measure never wait, and
// a wait can be given up with Ctrl-C. The first run is held in place by an adapter that hangs.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "benchbox_process.hpp"

using nlohmann::json;
using namespace benchbox_test;

namespace {

// Waits until `ready` holds or `limit` passes.
template <class Ready>
bool eventually(Ready ready, std::chrono::seconds limit = 120s) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (!ready()) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

// A run that holds the lock: its faulty adapter hangs (and records its pid) once it measures.
struct HoldingRun {
  fs::path dir;
  Benchbox run;
  HoldingRun(const fs::path& base, const fs::path& lock)
      : dir(make(base / "holder")), run(step_args(dir / "results.json", "faulty", "2", "600"), "hang", dir, lock) {}
  ~HoldingRun() {  // its hanging adapter is in a process group of its own: a killed driver leaves it
    for (pid_t p : recorded_pids(dir)) kill(p, SIGKILL);
  }
  static fs::path make(const fs::path& d) {
    fs::create_directories(d);
    return d;
  }
  bool measuring() { return !recorded_pids(dir).empty(); }
};

fs::path subdir(const TempDir& tmp, const std::string& name) {
  fs::create_directories(tmp.path / name);
  return tmp.path / name;
}

}  // namespace

TEST(RunLock, ASecondRunWaitsAndSaysForWhom) {
  TempDir tmp;
  const fs::path lock = tmp.path / "lock";
  HoldingRun first(tmp.path, lock);
  ASSERT_TRUE(eventually([&] { return first.measuring() || !first.run.running(); })) << first.run.err();
  ASSERT_TRUE(first.run.running()) << first.run.out() << first.run.err();

  const fs::path second_dir = subdir(tmp, "second");
  Benchbox second(step_args(second_dir / "results.json", "steady"), "", second_dir, lock);
  ASSERT_TRUE(eventually([&] { return second.err().find("waiting for another benchbox run") != std::string::npos; }))
      << second.out() << second.err();
  EXPECT_NE(second.err().find("pid " + std::to_string(first.run.pid()) + ","), std::string::npos) << second.err();
  EXPECT_NE(second.err().find(": benchbox_test_driver fake -n step 2 --lib faulty"), std::string::npos) << second.err();
  std::this_thread::sleep_for(500ms);
  EXPECT_TRUE(second.running()) << "the second run did not wait";
  EXPECT_FALSE(fs::exists(second_dir / "results.json")) << "the second run measured while the first did";

  // Commands that do not measure do not wait.
  const fs::path list_dir = subdir(tmp, "list");
  Benchbox list({"list", "fake"}, "", list_dir, lock);
  EXPECT_EQ(list.wait(60s), 0) << list.err();

  // The first run ends (interrupted): the second goes ahead on its own.
  kill(first.run.pid(), SIGTERM);
  EXPECT_EQ(first.run.wait(120s), 130);
  const auto status = second.wait(120s);
  ASSERT_TRUE(status) << "the second run did not start after the first ended";
  EXPECT_EQ(*status, 0) << second.out() << second.err();
  EXPECT_NE(second.err().find("the other run has finished"), std::string::npos) << second.err();
  const json results = json::parse(slurp(second_dir / "results.json"), nullptr, false);
  ASSERT_FALSE(results.is_discarded());
  ASSERT_EQ(results["results"].size(), 1u);
  EXPECT_EQ(results["results"][0]["library"], "steady");
  EXPECT_EQ(results["results"][0]["status"], "ok");
}

TEST(RunLock, NoWaitRefusesAtOnceWithItsOwnStatus) {
  TempDir tmp;
  const fs::path lock = tmp.path / "lock";
  HoldingRun first(tmp.path, lock);
  ASSERT_TRUE(eventually([&] { return first.measuring() || !first.run.running(); })) << first.run.err();

  const fs::path dir = subdir(tmp, "refused");
  auto args = step_args(dir / "results.json", "steady");
  args.push_back("--no-wait");
  Benchbox refused(args, "", dir, lock);
  EXPECT_EQ(refused.wait(60s), 3) << refused.err();
  const std::string err = refused.err();
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_NE(err.find("another benchbox run is measuring on this machine (pid " + std::to_string(first.run.pid())),
            std::string::npos) << err;
  EXPECT_NE(err.find("--no-wait"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(dir / "results.json"));

  // Free again once the first run is gone, even killed outright.
  kill(first.run.pid(), SIGKILL);
  first.run.wait(60s);
  Benchbox after(args, "", dir, lock);
  EXPECT_EQ(after.wait(120s), 0) << after.err();
}

TEST(RunLock, AWaitCanBeGivenUp) {
  TempDir tmp;
  const fs::path lock = tmp.path / "lock";
  HoldingRun first(tmp.path, lock);
  ASSERT_TRUE(eventually([&] { return first.measuring() || !first.run.running(); })) << first.run.err();

  const fs::path dir = subdir(tmp, "waiting");
  Benchbox waiting(step_args(dir / "results.json", "steady"), "", dir, lock);
  ASSERT_TRUE(eventually([&] { return waiting.err().find("waiting for") != std::string::npos; })) << waiting.err();
  kill(waiting.pid(), SIGINT);
  EXPECT_EQ(waiting.wait(60s), 130);
  EXPECT_NE(waiting.err().find("nothing was measured"), std::string::npos) << waiting.err();
  EXPECT_FALSE(fs::exists(dir / "results.json"));
  EXPECT_TRUE(first.run.running());
}
