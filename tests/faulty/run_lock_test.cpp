// Two runs at once (docs/reliability.md): a second run waits for the first and says whom it waits
// for, --no-wait refuses at once with exit status 3, commands that do not measure never wait, and
// a wait can be given up with Ctrl-C. The first run is held in place by an adapter that hangs.
#include <algorithm>
#include <memory>
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

// Each test starts with a first run that holds the lock: its faulty adapter hangs once it
// measures (and records its pid). Every run of the test shares the test's own lock file.
class RunLock : public testing::Test {
 protected:
  void SetUp() override {
    first_ = std::make_unique<Benchbox>(step_args(dir("first") / "results.json", "faulty", "2", "600"), "hang",
                                        dir("first"), lock_);
    ASSERT_TRUE(eventually([&] { return !recorded_pids(dir("first")).empty() || !first().running(); })) << first().err();
    ASSERT_TRUE(first().running()) << first().out() << first().err();
  }
  void TearDown() override {  // the hanging adapter has a process group of its own: a killed driver leaves it
    for (pid_t p : recorded_pids(dir("first"))) kill(p, SIGKILL);
  }
  Benchbox& first() { return *first_; }
  // A folder of the test's own for one run's output.
  fs::path dir(const std::string& name) {
    fs::create_directories(tmp_.path / name);
    return tmp_.path / name;
  }
  // A run of the steady library, output in dir(name).
  std::unique_ptr<Benchbox> start(const std::string& name, std::vector<std::string> extra = {}) {
    auto args = step_args(dir(name) / "results.json", "steady");
    args.insert(args.end(), extra.begin(), extra.end());
    return std::make_unique<Benchbox>(args, "", dir(name), lock_);
  }

  TempDir tmp_;
  const fs::path lock_ = tmp_.path / "lock";
  std::unique_ptr<Benchbox> first_;
};

}  // namespace

TEST_F(RunLock, ASecondRunWaitsAndSaysForWhom) {
  auto second = start("second");
  ASSERT_TRUE(eventually([&] { return second->err().find("waiting for another benchbox run") != std::string::npos; }))
      << second->out() << second->err();
  EXPECT_NE(second->err().find("pid " + std::to_string(first().pid()) + ","), std::string::npos) << second->err();
  EXPECT_NE(second->err().find(": benchbox_test_driver fake -n step 2 --lib faulty"), std::string::npos) << second->err();
  std::this_thread::sleep_for(500ms);
  EXPECT_TRUE(second->running()) << "the second run did not wait";
  EXPECT_FALSE(fs::exists(dir("second") / "results.json")) << "the second run measured while the first did";

  // Commands that do not measure do not wait.
  Benchbox list({"list", "fake"}, "", dir("list"), lock_);
  EXPECT_EQ(list.wait(60s), 0) << list.err();

  // The first run ends (interrupted): the second goes ahead on its own.
  kill(first().pid(), SIGTERM);
  EXPECT_EQ(first().wait(120s), 130);
  const auto status = second->wait(120s);
  ASSERT_TRUE(status) << "the second run did not start after the first ended";
  EXPECT_EQ(*status, 0) << second->out() << second->err();
  EXPECT_NE(second->err().find("the other run has finished"), std::string::npos) << second->err();
  const json results = json::parse(slurp(dir("second") / "results.json"), nullptr, false);
  ASSERT_FALSE(results.is_discarded());
  ASSERT_EQ(results["results"].size(), 1u);
  EXPECT_EQ(results["results"][0]["library"], "steady");
  EXPECT_EQ(results["results"][0]["status"], "ok");
}

TEST_F(RunLock, NoWaitRefusesAtOnceWithItsOwnStatus) {
  auto refused = start("refused", {"--no-wait"});
  EXPECT_EQ(refused->wait(60s), 3) << refused->err();
  const std::string err = refused->err();
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_NE(err.find("another benchbox run is measuring on this machine (pid " + std::to_string(first().pid())),
            std::string::npos) << err;
  EXPECT_NE(err.find("--no-wait"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(dir("refused") / "results.json"));

  // Free again once the first run is gone, even killed outright.
  kill(first().pid(), SIGKILL);
  first().wait(60s);
  EXPECT_EQ(start("after", {"--no-wait"})->wait(120s), 0);
}

TEST_F(RunLock, AWaitCanBeGivenUp) {
  auto waiting = start("waiting");
  ASSERT_TRUE(eventually([&] { return waiting->err().find("waiting for") != std::string::npos; })) << waiting->err();
  kill(waiting->pid(), SIGINT);
  EXPECT_EQ(waiting->wait(60s), 130);
  EXPECT_NE(waiting->err().find("nothing was measured"), std::string::npos) << waiting->err();
  EXPECT_FALSE(fs::exists(dir("waiting") / "results.json"));
  EXPECT_TRUE(first().running());
}
