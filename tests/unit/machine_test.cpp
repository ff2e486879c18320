// A run's machine (results/machine.hpp): a name, the host's unless given, and a fingerprint of
// the hardware that stays when the software is upgraded and keeps apart machines of one name.
#include <gtest/gtest.h>
#include <unistd.h>

#include <regex>

#include "results/machine.hpp"
#include "run/system_info.hpp"

namespace benchbox {
namespace {

using nlohmann::json;

json a_machine() {
  return {{"name", "lab"}, {"cpu_model", "Intel(R) Xeon(R) CPU @ 2.20GHz"}, {"cpu_count", 2}, {"arch", "x86_64"},
          {"memory_bytes", 25'000'000'000LL}, {"virtualized", true}, {"kernel", "Linux 6.1.0-28-amd64"},
          {"os", "Debian GNU/Linux 12 (bookworm)"}, {"compiler", "GNU 12.2.0"}};
}

TEST(Machine, TheContextNamesTheMachineAndFingerprintsIt) {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  const json by_host = collect_context({"benchbox", "json"}, std::nullopt);
  EXPECT_EQ(by_host["machine"]["name"], host);
  const json named = collect_context({"benchbox", "json"}, std::nullopt, "rack-3");
  const json& m = named["machine"];
  EXPECT_EQ(m["name"], "rack-3");
  EXPECT_TRUE(std::regex_match(m["fingerprint"].get<std::string>(), std::regex("[0-9a-f]{8}"))) << m;
  EXPECT_EQ(m["fingerprint"], machine_fingerprint(m));
  EXPECT_EQ(m["fingerprint"], by_host["machine"]["fingerprint"]);  // the name is not the machine
  EXPECT_GT(m["memory_bytes"].get<long long>(), 0);
  for (const char* key : {"cpu_model", "cpu_count", "arch", "kernel", "os", "compiler", "virtualized"}) EXPECT_EQ(m[key], named[key]) << key;
  EXPECT_EQ(machine_of(named).name, "rack-3");
  EXPECT_EQ(machine_key(machine_of(named)), "rack-3 [" + m["fingerprint"].get<std::string>() + "]");
}

TEST(Machine, TheFingerprintIsTheHardwareNotTheSoftware) {
  const json base = a_machine();
  const std::string fingerprint = machine_fingerprint(base);
  json upgraded = base;
  upgraded["kernel"] = "Linux 6.1.0-30-amd64", upgraded["os"] = "Debian GNU/Linux 13", upgraded["compiler"] = "GNU 14.2.0";
  upgraded["memory_bytes"] = 34'000'000'000LL;  // recorded, not hashed: older files lack it
  EXPECT_EQ(machine_fingerprint(upgraded), fingerprint);
  for (const auto& [key, other] : {std::pair<const char*, json>{"cpu_model", "AMD EPYC 7B13"}, {"cpu_count", 4},
                                   {"arch", "aarch64"}, {"virtualized", false}}) {
    json changed = base;
    changed[key] = other;
    EXPECT_NE(machine_fingerprint(changed), fingerprint) << key;
  }
}

// The store keys runs by it (store.hpp): the same digits from every build, or a machine's runs
// would split in two at an upgrade of benchbox. FNV-1a of "cpu\ncount\narch\nvirtualized".
TEST(Machine, TheFingerprintsDigitsAreFixed) {
  EXPECT_EQ(machine_fingerprint(json{{"cpu_model", "CPU"}, {"cpu_count", 1}, {"arch", "x86_64"}, {"virtualized", false}}),
            "904b8aaa");  // FNV-1a computed apart, in Python
}

// A file written before the machine object and one written after, on the same machine: one
// machine (as in every store of this project's machine before: 654 runs, one line).
TEST(Machine, AnOlderFileAndANewerOneOfOneMachineAreOneMachine) {
  const json newer = collect_context({"benchbox", "json"}, std::nullopt);
  json older = newer;
  older.erase("machine");
  EXPECT_EQ(machine_key(machine_of(older)), machine_key(machine_of(newer)));
}

TEST(Machine, AnOlderFilesMachineIsItsHost) {
  json old = a_machine();
  old.erase("name");
  old["host"] = "lab";
  const MachineId id = machine_of(old);
  EXPECT_EQ(id.name, "lab");
  EXPECT_EQ(id.fingerprint, machine_fingerprint(old));
  EXPECT_EQ(machine_of(json{{"host", "lab"}, {"machine", {{"fingerprint", "0123abcd"}}}}).name, "lab");  // a name left out
}

}  // namespace
}  // namespace benchbox
