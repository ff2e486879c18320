// The churn case: a steady live set of L blocks; each step frees one, allocates its replacement.
// Its live set (LiveSet) is the threads case's too.
#pragma once

#include "blocks.hpp"
#include "trial_thread.hpp"

namespace benchbox::allocator {

namespace detail {

// ---- churn: a steady live set of L blocks; each step frees one, allocates its replacement ----

// The pass orders of a live set of L slots (kPasses permutations), built once per L.
inline const std::vector<std::vector<std::uint32_t>>& pass_orders(std::uint64_t live, std::uint64_t salt) {
  static std::vector<std::vector<std::uint32_t>> orders[2];
  static std::uint64_t built_for[2] = {0, 0};
  auto& o = orders[salt];
  if (built_for[salt] != live) {
    o.clear();
    for (std::uint64_t k = 0; k < kPasses; ++k) o.push_back(permutation(live, kPassSeed + 16 * k + salt));
    built_for[salt] = live;
  }
  return o;
}

// The live set of one thread: set up untimed, churned by the timed loop, checked and freed untimed.
template <class A>
struct LiveSet {
  const SizeTable& table = sizes(Sizes::churn);
  std::uint64_t first_serial;
  std::vector<Block> blocks;
  Tally untimed;  // the set-up's allocations and the teardown's frees

  LiveSet(A& a, std::uint64_t live, std::uint64_t first) : first_serial(first), blocks(live) {
    for (std::uint64_t k = 0; k < live; ++k) {
      const std::uint32_t s = table.size[(first + k) & kTableMask];
      blocks[k] = {take(a, first + k, s), first + k};
      untimed.bytes += s;
    }
    untimed.allocations = live;
  }
  void free_all(A& a) {
    for (const Block& b : blocks) untimed.checksum += give_back(a, b.p, table.size[b.serial & kTableMask]);
    untimed.frees += blocks.size();
    blocks.clear();
  }
};

template <class A>
[[gnu::noinline]] Tally churn_steps(A& a, const std::uint32_t* size, Block* blocks, const std::vector<std::uint32_t>* orders,
                                    std::uint64_t live, std::uint64_t next_serial, std::uint64_t steps) {
  std::uint64_t bytes = 0, sum = 0, done = 0;
  for (std::uint64_t pass = 0; done < steps; ++pass) {
    const std::uint32_t* order = orders[pass % kPasses].data();
    const std::uint64_t this_pass = std::min(live, steps - done);
    for (std::uint64_t k = 0; k < this_pass; ++k, ++next_serial) {
      Block& b = blocks[order[k]];
      sum += give_back(a, b.p, size[b.serial & kTableMask]);
      const std::uint32_t s = size[next_serial & kTableMask];
      b = {take(a, next_serial, s), next_serial};
      bytes += s;
    }
    done += this_pass;
  }
  return {.allocations = steps, .frees = steps, .bytes = bytes, .checksum = sum};
}

// The bytes the churn schedule requests while one block is live: two passes of L blocks.
inline std::size_t churn_window(std::uint64_t live) { return sizes(Sizes::churn).max_window(2 * live) + kMaxSize[1]; }

template <class A>
void churn_trial(Trial& t) {
  const std::uint64_t live = value_of(t), steps = t.ops();
  const auto& orders = pass_orders(live, 0);
  A a(churn_window(live));
  LiveSet<A> set(a, live, 0);
  t.start();
  Tally tally = churn_steps(a, set.table.size.data(), set.blocks.data(), orders.data(), live, live, steps);
  t.stop();
  tally.overlaps = overlaps(spans_of(set.blocks, set.table));
  set.free_all(a);
  tally.add(set.untimed);
  report_thread(t);
  tally.report(t, steps);
}

template <class A>
void run_churn(Trial& t) {
  on_trial_thread(t, [&] { churn_trial<A>(t); });
}

}  // namespace detail

}  // namespace benchbox::allocator
