// The allocator module's one schedule: block sizes, tags and orders, shared by the driver (the
// expected proof of every trial) and every adapter (what it allocates and frees), so that every
// allocator sees the same requests in the same order. Pure functions of indices and fixed seeds;
// sums are modulo 2^64.
//
// Serials: every block a trial allocates has a serial number, 0, 1, 2... in allocation order (a
// second thread counts from kSecondThreadSerial). A block's size is its distribution's table at
// serial mod kTableSize; its tag, written at both ends of the block, is tag_of(serial).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <numeric>
#include <vector>

#include "../../../include/yardstick/splitmix.hpp"
#include "../cases.hpp"  // the case ids and proof names: module.cpp has them from here

namespace benchbox::allocator {

inline constexpr std::uint64_t kTableSize = 1 << 16;  // sizes repeat with this period
inline constexpr std::uint64_t kTableMask = kTableSize - 1;
inline constexpr std::uint64_t kSecondThreadSerial = (std::uint64_t{1} << 40) + kTableSize / 2;  // another phase of the sizes
inline constexpr std::uint64_t kTagStep = 0x9e3779b97f4a7c15ull;  // odd: distinct serials get distinct tags

// The 8 bytes written at the start and at the end of block `serial`.
constexpr std::uint64_t tag_of(std::uint64_t serial) { return (serial + 1) * kTagStep; }

// Sum of tag_of(first .. first+count-1), in closed form: kTagStep * sum of (first+1 .. first+count).
constexpr std::uint64_t tag_sum(std::uint64_t first, std::uint64_t count) {
  const std::uint64_t triangle = count % 2 == 0 ? count / 2 * (count + 1) : (count + 1) / 2 * count;
  return kTagStep * (count * first + triangle);
}

// What each free reads back (head + tail) summed over blocks first .. first+count-1.
constexpr std::uint64_t checksum_of(std::uint64_t first, std::uint64_t count) { return 2 * tag_sum(first, count); }

// splitmix64: the module's one pseudo-random sequence (the yardstick draws from the same one).
using yardstick::SplitMix;

// The size distributions (modules/allocator/README.md). Every size is a multiple of 8, so a block's two
// tags are either the same word (8 bytes) or disjoint (16 bytes and more).
enum class Sizes {
  small,  // 8..256 bytes, the 32 multiples of 8 equally likely (case small, cross-thread, fragmentation's first phase)
  churn,  // 90% 8..256, 9% 264..4096, 1% 4104..65536, each range's multiples of 8 equally likely (mean 679 B)
  large,  // 1024..8192 bytes, multiples of 8 equally likely (fragmentation's last phase)
};

inline std::uint32_t draw_size(Sizes d, SplitMix& r) {
  const std::uint64_t x = r.next();
  const auto multiple = [&](std::uint64_t lo, std::uint64_t hi) {  // a multiple of 8 in [lo, hi]
    return static_cast<std::uint32_t>(lo + 8 * ((x >> 8) % ((hi - lo) / 8 + 1)));
  };
  switch (d) {
    case Sizes::small: return multiple(8, 256);
    case Sizes::large: return multiple(1024, 8192);
    case Sizes::churn: {
      const std::uint64_t pick = x % 100;
      return pick < 90 ? multiple(8, 256) : pick < 99 ? multiple(264, 4096) : multiple(4104, 65536);
    }
  }
  return 8;
}

inline constexpr std::uint32_t kMaxSize[] = {256, 65536, 8192};  // by Sizes

// The table of a distribution (kTableSize sizes) and its prefix sums, built once per process.
struct SizeTable {
  std::vector<std::uint32_t> size;
  std::vector<std::uint64_t> prefix;  // prefix[k] = size[0] + ... + size[k-1]

  // Sum of the sizes of serials first .. first+count-1.
  std::uint64_t sum(std::uint64_t first, std::uint64_t count) const {
    const std::uint64_t total = prefix[kTableSize];
    const auto upto = [&](std::uint64_t n) { return (n / kTableSize) * total + prefix[n % kTableSize]; };
    // Distances from a multiple of the period keep the arithmetic exact for any first.
    const std::uint64_t base = first / kTableSize * kTableSize;
    return upto(first - base + count) - upto(first - base);
  }
  // The most bytes any `count` consecutive serials request (cyclic window over the table).
  std::uint64_t max_window(std::uint64_t count) const {
    const std::uint64_t total = prefix[kTableSize];
    const std::uint64_t whole = count / kTableSize * total, rest = count % kTableSize;
    std::uint64_t best = 0;
    for (std::uint64_t start = 0; rest && start < kTableSize; ++start) best = std::max(best, sum(start, rest));
    return whole + best;
  }
};

inline const SizeTable& sizes(Sizes d) {
  static SizeTable tables[3];
  static std::once_flag once[3];
  const auto k = static_cast<std::size_t>(d);
  std::call_once(once[k], [&] {
    SizeTable& t = tables[k];
    SplitMix r{0x5eed0000ull + k};
    t.size.resize(kTableSize);
    for (auto& s : t.size) s = draw_size(d, r);
    t.prefix.assign(kTableSize + 1, 0);
    for (std::uint64_t i = 0; i < kTableSize; ++i) t.prefix[i + 1] = t.prefix[i] + t.size[i];
  });
  return tables[k];
}

// A seeded random permutation of 0..n-1 (Fisher-Yates over splitmix64).
inline std::vector<std::uint32_t> permutation(std::uint64_t n, std::uint64_t seed) {
  std::vector<std::uint32_t> p(n);
  std::iota(p.begin(), p.end(), 0u);
  SplitMix r{seed};
  for (std::uint64_t i = n; i > 1; --i) std::swap(p[i - 1], p[r.next() % i]);
  return p;
}

// churn and threads: pass k of L steps frees the L live slots in the order of permutation
// (k mod kPasses); a block therefore lives at most 2L allocations.
inline constexpr std::uint64_t kPasses = 4;
inline constexpr std::uint64_t kPassSeed = 0xc4a5e0000ull;

// fragmentation: N small blocks (serials 0..N-1), the first N - N/10 of a permutation of them
// freed, then large blocks (serials N, N+1, ...; sizes from the `large` table at index serial - N)
// until they request at least the bytes freed.
inline constexpr std::uint64_t kFragmentationSeed = 0xf4a6000ull;
struct FragmentationPlan {
  std::vector<std::uint32_t> free_order;  // the small blocks freed in the middle phase, in order
  std::vector<std::uint32_t> kept;        // the small blocks still live after it
  std::uint64_t freed_bytes = 0;
  std::uint64_t large_blocks = 0;
};

inline FragmentationPlan fragmentation_plan(std::uint64_t n) {
  FragmentationPlan plan;
  auto order = permutation(n, kFragmentationSeed);
  const std::uint64_t freed = n - n / 10;
  plan.free_order.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(freed));
  plan.kept.assign(order.begin() + static_cast<std::ptrdiff_t>(freed), order.end());
  const SizeTable& small = sizes(Sizes::small);
  for (std::uint32_t b : plan.free_order) plan.freed_bytes += small.size[b & kTableMask];
  const SizeTable& large = sizes(Sizes::large);
  for (std::uint64_t asked = 0; asked < plan.freed_bytes; ++plan.large_blocks) asked += large.size[plan.large_blocks & kTableMask];
  return plan;
}

}  // namespace benchbox::allocator
