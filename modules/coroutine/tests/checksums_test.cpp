#include "coroutine/checksums.hpp"

#include <gtest/gtest.h>

#include <vector>

using namespace benchbox::coroutine;

// The closed forms must equal what an adapter computes by doing the work.
TEST(CoroutineChecksums, RoundRobinMatchesSimulation) {
  for (std::uint64_t n : {1u, 2u, 3u, 7u, 1000u})
    for (std::uint64_t entries : {0u, 1u, 5u, 999u, 1000u, 12345u}) {
      std::vector<std::uint64_t> counts(n);
      for (std::uint64_t k = 0; k < entries; ++k) ++counts[k % n];
      std::uint64_t sum = 0;
      for (auto c : counts) sum += c * c;
      EXPECT_EQ(round_robin_checksum(entries, n), sum) << "n=" << n << " entries=" << entries;
    }
}

TEST(CoroutineChecksums, InOrderMatchesSimulation) {
  for (std::uint64_t n : {0u, 1u, 2u, 10u, 100000u}) {
    std::uint64_t sum = 0;
    for (std::uint64_t k = 1; k <= n; ++k) sum += k * k;
    EXPECT_EQ(in_order_checksum(n), sum) << n;
  }
}

TEST(CoroutineChecksums, InOrderWrapsModulo2To64) {
  // Large n: compare with a direct modular computation.
  const std::uint64_t n = 5'000'000'000ull;
  unsigned __int128 a = n, b = n + 1, c = 2 * static_cast<unsigned __int128>(n) + 1;
  const auto expected = static_cast<std::uint64_t>(a * b / 2 * c / 3);
  EXPECT_EQ(in_order_checksum(n), expected);
}

TEST(CoroutineChecksums, DetectsOutOfOrderAndLoss) {
  // 1,3,2: sum k*v = 1 + 6 + 6 = 13, in order would be 14.
  EXPECT_NE(in_order_checksum(3), 13u);
  EXPECT_EQ(in_order_checksum(3), 14u);
}
