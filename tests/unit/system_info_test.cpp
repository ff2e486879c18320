#include "run/system_info.hpp"

#include <gtest/gtest.h>

using namespace benchbox;

namespace {

// A context as collect_context() writes it, for a quiet, dedicated, well-configured machine.
nlohmann::json quiet_machine() {
  return {{"build_type", "Release"}, {"governor", "performance"}, {"turbo", "off"}, {"virtualized", false},
          {"load_average", {0.1, 0.1, 0.1}}, {"cpu_count", 8}, {"pinned_cpu", 7}};
}

bool mentions(const std::vector<std::string>& warnings, const std::string& word) {
  for (const auto& w : warnings)
    if (w.find(word) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(EnvironmentWarnings, NoneOnAQuietMachine) { EXPECT_TRUE(environment_warnings(quiet_machine()).empty()); }

TEST(EnvironmentWarnings, EachFindingSaysWhatToDo) {
  auto c = quiet_machine();
  c["build_type"] = "Debug";
  c["governor"] = "powersave";
  c["turbo"] = "on";
  c["virtualized"] = true;
  c["load_average"] = {7.0, 7.0, 7.0};
  c["pinned_cpu"] = nullptr;
  const auto w = environment_warnings(c);
  EXPECT_EQ(w.size(), 6u);
  EXPECT_TRUE(mentions(w, "cmake --preset release"));
  EXPECT_TRUE(mentions(w, "cpupower frequency-set -g performance"));
  EXPECT_TRUE(mentions(w, "turbo boost is on"));
  EXPECT_TRUE(mentions(w, "virtual machine"));
  EXPECT_TRUE(mentions(w, "load average 7.00 on 8 CPUs"));
  EXPECT_TRUE(mentions(w, "--no-pin"));
}

// A pinned run measures the others' share of its CPU during the rows; the load average at its
// start (which a previous run's threads still raise) is not said.
TEST(EnvironmentWarnings, APinnedRunLeavesTheLoadAverageToTheMeasuredCpu) {
  auto c = quiet_machine();
  c["load_average"] = {35.4, 20.0, 9.0};
  EXPECT_FALSE(mentions(environment_warnings(c), "load average"));
  // ... unless some of its cases run unpinned on several CPUs, where that share is not measured
  EXPECT_TRUE(mentions(environment_warnings(c, true), "load average 35.4"));
}

TEST(EnvironmentWarnings, UnknownGovernorAndTurboAreNotGuessed) {
  auto c = quiet_machine();
  c["governor"] = nullptr;  // not exposed (as in many virtual machines)
  c["turbo"] = nullptr;
  EXPECT_TRUE(environment_warnings(c).empty());
}

TEST(SystemContext, DescribesThisMachineAndBuild) {
  const auto c = collect_context({"benchbox", "coroutine"}, 0);
  EXPECT_FALSE(c["kernel"].get<std::string>().empty());
  EXPECT_GE(c["cpu_count"].get<unsigned>(), 1u);
  EXPECT_EQ(c["pinned_cpu"], 0);
  EXPECT_EQ(c["command_line"], nlohmann::json({"benchbox", "coroutine"}));
  EXPECT_FALSE(c["compiler"].get<std::string>().empty());
  EXPECT_FALSE(c["benchbox_revision"].get<std::string>().empty());
}

// The results say how the measured code was compiled (docs/method.md, "Conditions"): the flags of
// benchbox itself, of the libraries it builds, and those added for adapters and yardsticks, where
// the 64-byte function alignment keeps a library's figure from moving with its code's placement.
TEST(SystemContext, RecordsTheFlagsTheMeasuredCodeWasBuiltWith) {
  const auto c = collect_context({"benchbox", "json"}, std::nullopt);
  ASSERT_TRUE(c["cxx_flags"].is_string());
  EXPECT_FALSE(c["library_flags"].get<std::string>().empty());
  EXPECT_NE(c["adapter_flags"].get<std::string>().find("-falign-functions=64"), std::string::npos);
}
