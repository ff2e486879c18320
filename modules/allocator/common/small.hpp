// The small case: rounds of N blocks allocated, then freed in reverse (LIFO) order.
#pragma once

#include "blocks.hpp"
#include "trial_thread.hpp"

namespace benchbox::allocator {

namespace detail {

// ---- small: rounds of N blocks allocated, then freed in reverse (LIFO) order ----------------

template <class A>
[[gnu::noinline]] Tally lifo_rounds(A& a, const std::uint32_t* size, unsigned char** ptrs, std::uint64_t n, std::uint64_t rounds) {
  std::uint64_t serial = 0, bytes = 0, sum = 0;
  for (std::uint64_t r = 0; r < rounds; ++r, serial += n) {
    for (std::uint64_t j = 0; j < n; ++j) {
      const std::uint32_t s = size[(serial + j) & kTableMask];
      ptrs[j] = take(a, serial + j, s);
      bytes += s;
    }
    for (std::uint64_t j = n; j-- > 0;) sum += give_back(a, ptrs[j], size[(serial + j) & kTableMask]);
  }
  return {.allocations = serial, .frees = serial, .bytes = bytes, .checksum = sum};
}

}  // namespace detail

namespace detail {

template <class A>
void small_trial(Trial& t) {
  const std::uint64_t n = value_of(t), rounds = t.ops() / n;
  const SizeTable& table = sizes(Sizes::small);
  A a(table.max_window(n) + kMaxSize[0]);
  std::vector<unsigned char*> ptrs(n);
  t.start();
  Tally tally = lifo_rounds(a, table.size.data(), ptrs.data(), n, rounds);
  t.stop();
  // The last round's blocks were all live together: their (now stale) addresses must not overlap.
  std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans;
  for (std::uint64_t j = 0; j < n; ++j)
    spans.emplace_back(reinterpret_cast<std::uintptr_t>(ptrs[j]), table.size[((rounds - 1) * n + j) & kTableMask]);
  tally.overlaps = overlaps(std::move(spans));
  report_thread(t);
  tally.report(t, rounds * n);
}

template <class A>
void run_small(Trial& t) {
  on_trial_thread(t, [&] { small_trial<A>(t); });
}

}  // namespace detail

}  // namespace benchbox::allocator
