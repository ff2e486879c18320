// The pieces of the allocator module's proof every workload shares: a block, its tags written and
// read back, a trial's tally and the overlap check of blocks live together.
#pragma once

#include <benchbox/adapter.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../cases.hpp"
#include "schedule.hpp"

namespace benchbox::allocator {

namespace detail {

[[noreturn]] inline void out_of_memory(std::size_t bytes) {
  std::printf("{\"protocol\":%d,\"error\":\"the allocator returned null for %zu bytes\"}\n", kProtocolVersion, bytes);
  std::fflush(stdout);
  std::_Exit(2);
}

// One block: where it is and its serial (its size and tag follow from the serial).
struct Block {
  unsigned char* p;
  std::uint64_t serial;
};

// What a trial's loops did, kept in locals by each loop and added here after it.
struct Tally {
  std::uint64_t allocations = 0, frees = 0, bytes = 0, checksum = 0;
  // Blocks live together that overlap in memory, where the case checks it (cross-thread does
  // not: which blocks were in flight together is not known after the clock; its tags are read).
  std::optional<std::uint64_t> overlaps{};
  void add(const Tally& o) {
    allocations += o.allocations;
    frees += o.frees;
    bytes += o.bytes;
    checksum += o.checksum;
    if (o.overlaps) overlaps = overlaps.value_or(0) + *o.overlaps;
  }
  void report(Trial& t, std::uint64_t done) const {
    t.count(proof::kAllocations, allocations);
    t.count(proof::kFrees, frees);
    t.count(proof::kBytes, bytes);
    if (overlaps) t.count(proof::kOverlaps, *overlaps);
    t.finish(done, checksum);
  }
};

// Allocates block `serial` of `size` bytes and writes its tag at both ends.
template <class A>
[[gnu::always_inline]] inline unsigned char* take(A& a, std::uint64_t serial, std::uint32_t size) {
  auto* p = static_cast<unsigned char*>(a.allocate(size));
  if (!p) [[unlikely]]
    out_of_memory(size);
  const std::uint64_t tag = tag_of(serial);
  std::memcpy(p, &tag, 8);
  std::memcpy(p + size - 8, &tag, 8);
  return p;
}

// Reads both tags of a block back (their sum, for the checksum), then frees it.
template <class A>
[[gnu::always_inline]] inline std::uint64_t give_back(A& a, unsigned char* p, std::uint32_t size) {
  std::uint64_t head, tail;
  std::memcpy(&head, p, 8);
  std::memcpy(&tail, p + size - 8, 8);
  a.release(p, size);
  return head + tail;
}

// Blocks that were live at the same time and overlap in memory: after sorting by address, each
// block that starts before its predecessor ends. Untimed; the addresses may be stale (freed).
inline std::uint64_t overlaps(std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans) {
  std::sort(spans.begin(), spans.end());
  std::uint64_t found = 0;
  for (std::size_t i = 1; i < spans.size(); ++i) found += spans[i].first < spans[i - 1].first + spans[i - 1].second;
  return found;
}

inline std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans_of(const std::vector<Block>& blocks, const SizeTable& t) {
  std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans;
  spans.reserve(blocks.size());
  for (const Block& b : blocks) spans.emplace_back(reinterpret_cast<std::uintptr_t>(b.p), t.size[b.serial & kTableMask]);
  return spans;
}

inline std::uint64_t value_of(const Trial& t) { return static_cast<std::uint64_t>(t.axis_number()); }

}  // namespace detail

}  // namespace benchbox::allocator
