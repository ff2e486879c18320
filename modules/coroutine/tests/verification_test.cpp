// The coroutine module's verification of the switch case: exact where the caller's loop or a
// ring of transfers decides the order, 1% on the round-robin checksum for a scheduler.
#include <gtest/gtest.h>

#include "coroutine/checksums.hpp"
#include "module.hpp"

using namespace benchbox;

namespace {

std::optional<std::string> verify_switch(const std::string& style, std::uint64_t ops, std::uint64_t checksum) {
  const CaseSpec& spec = *find_module("coroutine")->find_case("switch");
  CaseContext context{ParamValue::of(10), {}, {}};
  context.traits.values["style"] = style;
  return spec.verify(context, TrialProof{ops, ops, checksum, {}});
}

std::uint64_t off_by(std::uint64_t exact, double fraction) {
  return exact + static_cast<std::uint64_t>(static_cast<double>(exact) * fraction);
}

}  // namespace

TEST(CoroutineVerification, SchedulersGetOnePercentOnTheRoundRobinChecksumAndNoMore) {
  const auto exact = coroutine::round_robin_checksum(10000, 10);
  EXPECT_FALSE(verify_switch("scheduler", 10000, exact));
  EXPECT_FALSE(verify_switch("scheduler", 10000, off_by(exact, 0.005)));
  EXPECT_TRUE(verify_switch("scheduler", 10000, off_by(exact, 0.02)));
  EXPECT_TRUE(verify_switch("symmetric", 10000, exact + 1));
  // An asymmetric library is driven by the caller's own loop: half the switches enter, exactly.
  const auto entries = coroutine::round_robin_checksum(5000, 10);
  EXPECT_FALSE(verify_switch("asymmetric", 10000, entries));
  EXPECT_TRUE(verify_switch("asymmetric", 10000, entries + 1));
}
