// The allocator module's optional axes (module.cpp): small's and churn's `thread` (own, main) and
// cross-thread's `handover` (batches, single). At their defaults the points are those of before;
// a small or churn trial must say it ran on the thread its point names.
#include <gtest/gtest.h>

#include "allocator/common/schedule.hpp"
#include <benchbox/module.hpp>

using namespace benchbox;
namespace al = benchbox::allocator;

namespace {

const CaseSpec& spec(al::Case c) { return *find_module("allocator")->find_case(al::case_id(c)); }

std::vector<std::string> suite_keys(const CaseSpec& c) {
  std::vector<std::string> keys;
  for (const Point& p : c.suite()) keys.push_back(p.key());
  return keys;
}

// A correct proof of one round of `small 100`, with the thread count given (none: left out).
std::optional<std::string> verify_small(const Point& point, std::optional<std::uint64_t> on_main) {
  constexpr std::uint64_t kOps = 100;
  std::map<std::string, std::uint64_t> counts{{al::proof::kAllocations, kOps}, {al::proof::kFrees, kOps},
                                              {al::proof::kBytes, al::sizes(al::Sizes::small).sum(0, kOps)},
                                              {al::proof::kOverlaps, 0}};
  if (on_main) counts[al::proof::kOnMainThread] = *on_main;
  const CaseContext context{point, {}, {}};
  return spec(al::Case::small).verify(context, TrialProof{kOps, kOps, al::checksum_of(0, kOps), counts});
}

}  // namespace

TEST(AllocatorAxes, TheSuitesPointsAreThoseOfBefore) {
  EXPECT_EQ(suite_keys(spec(al::Case::small)), (std::vector<std::string>{"100"}));
  EXPECT_EQ(suite_keys(spec(al::Case::churn)), (std::vector<std::string>{"1000", "100000"}));
  EXPECT_EQ(suite_keys(spec(al::Case::cross_thread)), (std::vector<std::string>{"1000"}));
  const CaseSpec& small = spec(al::Case::small);
  EXPECT_EQ(small.parse_point({"100", "own"}).key(), "100");
  EXPECT_EQ(small.label(small.parse_point({"100", "main"})), "100 blocks, main thread");
  const CaseSpec& churn = spec(al::Case::churn);
  EXPECT_EQ(churn.label(churn.parse_point({"1000", "main"})), "1000 live blocks, main thread");
  const CaseSpec& cross = spec(al::Case::cross_thread);
  EXPECT_EQ(cross.parse_point({"1000", "batches"}).key(), "1000");
  EXPECT_EQ(cross.label(cross.parse_point({"1000", "batches"})), "queue of 1000 blocks");
  EXPECT_EQ(cross.label(cross.parse_point({"1000", "single"})), "queue of 1000 blocks, one at a time");
  EXPECT_THROW(cross.parse_point({"1000", "one"}), std::invalid_argument);
}

TEST(AllocatorAxes, ASmallOrChurnTrialRanOnTheThreadItsPointNames) {
  const CaseSpec& small = spec(al::Case::small);
  const Point own = small.point_of({"100"}), main = small.parse_point({"100", "main"});
  EXPECT_EQ(verify_small(own, 0), std::nullopt);
  EXPECT_EQ(verify_small(main, 1), std::nullopt);
  const auto on_main = verify_small(own, 1);
  ASSERT_TRUE(on_main);
  EXPECT_EQ(*on_main, "the trial's thread (1: the process's main thread, 0: one of its own): 1, expected 0");
  const auto off_main = verify_small(main, 0);
  ASSERT_TRUE(off_main);
  EXPECT_EQ(*off_main, "the trial's thread (1: the process's main thread, 0: one of its own): 0, expected 1");
  const auto missing = verify_small(main, std::nullopt);
  ASSERT_TRUE(missing);
  EXPECT_EQ(*missing, "the adapter reported no 'main_thread' count");
}
