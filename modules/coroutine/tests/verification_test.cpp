// The coroutine module's verification of the switch case (common/coroutine_adapter.hpp,
// SwitchTally): the timed loop's count, and the proof around it, exact for round-robin libraries;
// Go's scheduler keeps its own order and books every timed entry, 1% on its checksum.
#include <gtest/gtest.h>

#include "coroutine/cases.hpp"
#include "coroutine/checksums.hpp"
#include <benchbox/module.hpp>

using namespace benchbox;

namespace {

constexpr std::uint64_t kCoroutines = 10, kOps = 10000;

std::optional<std::string> verify(const std::map<std::string, std::string>& traits, std::uint64_t done, std::uint64_t checksum,
                                  std::map<std::string, std::uint64_t> counts) {
  const CaseSpec& spec = *find_module("coroutine")->find_case(coroutine::case_id(coroutine::Case::switch_));
  CaseContext context{Point::of(AxisValue::of(kCoroutines)), {}, {}};
  context.traits.values = traits;
  return spec.verify(context, TrialProof{kOps, done, checksum, std::move(counts)});
}

// Two proof phases of two laps: every coroutine entered twice in each.
const std::uint64_t kProofChecksum = 2 * coroutine::round_robin_checksum(2 * kCoroutines, kCoroutines);

std::optional<std::string> ring(std::uint64_t done, std::uint64_t checksum, std::uint64_t entries, std::uint64_t self_returns) {
  return verify({{"style", "symmetric"}}, done, checksum, {{"proof_entries", entries}, {"self_returns", self_returns}});
}

}  // namespace

TEST(CoroutineVerification, RoundRobinLibrariesAreExactAroundTheTimedLoop) {
  EXPECT_FALSE(ring(kOps, kProofChecksum, 4 * kCoroutines, 0));
  EXPECT_TRUE(ring(kOps - kCoroutines, kProofChecksum, 4 * kCoroutines, 0));  // the loop did not end everywhere
  EXPECT_TRUE(ring(kOps, kProofChecksum + 2, 4 * kCoroutines, 0));            // one coroutine took another's turn
  EXPECT_TRUE(ring(kOps, kProofChecksum, 4 * kCoroutines - 1, 0));            // a proof entry missing
  EXPECT_TRUE(ring(kOps, kProofChecksum, 4 * kCoroutines, 1));                // a yield came back to itself
  EXPECT_TRUE(verify({{"style", "scheduler"}}, kOps, kProofChecksum, {}));   // no proof counts at all
}

TEST(CoroutineVerification, AsymmetricBodiesFinishInTheLastResumeAndNotBefore) {
  const std::map<std::string, std::string> asymmetric{{"style", "asymmetric"}};
  EXPECT_FALSE(verify(asymmetric, kOps, kCoroutines, {{"finished_early", 0}}));
  EXPECT_TRUE(verify(asymmetric, kOps, kCoroutines - 1, {{"finished_early", 0}}));
  EXPECT_TRUE(verify(asymmetric, kOps, kCoroutines, {{"finished_early", 1}}));
  EXPECT_TRUE(verify(asymmetric, kOps, kCoroutines, {}));
}

TEST(CoroutineVerification, AGoSchedulerGetsOnePercentOnTheRoundRobinChecksumAndNoMore) {
  const std::map<std::string, std::string> go{{"style", "scheduler"}, {"round_robin", "scheduler's own"}};
  const auto exact = coroutine::round_robin_checksum(kOps, kCoroutines);
  EXPECT_FALSE(verify(go, kOps, exact, {}));
  EXPECT_FALSE(verify(go, kOps, exact + exact / 200, {}));
  EXPECT_TRUE(verify(go, kOps, exact + exact / 50, {}));
  EXPECT_TRUE(verify(go, kOps - 1, exact, {}));
}
