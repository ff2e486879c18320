// The cross-thread case: this thread allocates, another frees (a single-producer queue between).
#pragma once

#include <atomic>
#include <thread>

#include "blocks.hpp"
#include "cpus.hpp"

namespace benchbox::allocator {

namespace detail {

// ---- cross-thread: this thread allocates, another frees (a single-producer queue between) ----

// Spinning with a pause; after many rounds, yields the CPU (another process may hold the other one).
inline void spin(std::uint64_t& rounds) {
  if (++rounds % 4096 == 0) sched_yield();
  else __builtin_ia32_pause();
}

// Both ends publish their index once per Batch blocks (and before waiting): kHandOverBatch by
// default, as xmalloc-test hands over batches: published block by block, the queue's own cache
// lines cross between the CPUs at every block (the floor's figure ranged 8x process by process
// before the threads were pinned); batched, what is left is the blocks' own lines, which every
// cross-thread free moves. One at a time is the `single` value of the handover axis.
inline constexpr std::uint64_t kHandOverBatch = 64;

struct Queue {
  explicit Queue(std::uint64_t capacity) : slots(capacity) {}
  std::vector<unsigned char*> slots;
  alignas(64) std::atomic<std::uint64_t> pushed{0};
  alignas(64) std::atomic<std::uint64_t> popped{0};
  alignas(64) std::atomic<bool> consumer_ready{false};
};

template <class A, std::uint64_t Batch>
[[gnu::noinline]] Tally produce(A& a, const std::uint32_t* size, Queue& q, std::uint64_t count) {
  const std::uint64_t capacity = q.slots.size();
  unsigned char** slots = q.slots.data();
  std::uint64_t bytes = 0, room = capacity, waits = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint32_t s = size[i & kTableMask];
    unsigned char* p = take(a, i, s);
    bytes += s;
    if (i >= room) {
      q.pushed.store(i, std::memory_order_release);  // the consumer may be waiting for these
      for (;;) {
        room = q.popped.load(std::memory_order_acquire) + capacity;
        if (i < room) break;
        spin(waits);
      }
    }
    slots[i % capacity] = p;
    if ((i + 1) % Batch == 0) q.pushed.store(i + 1, std::memory_order_release);
  }
  q.pushed.store(count, std::memory_order_release);
  return {.allocations = count, .bytes = bytes};
}

template <class A, std::uint64_t Batch>
[[gnu::noinline]] Tally consume(A& a, const std::uint32_t* size, Queue& q, std::uint64_t count) {
  const std::uint64_t capacity = q.slots.size();
  unsigned char** slots = q.slots.data();
  std::uint64_t sum = 0, seen = 0, waits = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    if (i >= seen) {
      q.popped.store(i, std::memory_order_release);  // the producer may be waiting for room
      for (;;) {
        seen = q.pushed.load(std::memory_order_acquire);
        if (i < seen) break;
        spin(waits);
      }
    }
    sum += give_back(a, slots[i % capacity], size[i & kTableMask]);
    if ((i + 1) % Batch == 0) q.popped.store(i + 1, std::memory_order_release);
  }
  return {.frees = count, .checksum = sum};
}

template <class A, std::uint64_t Batch>
void cross_thread_trial(Trial& t) {
  const std::uint64_t capacity = value_of(t), count = t.ops();
  const SizeTable& table = sizes(Sizes::small);
  A a(table.max_window(2 * capacity + 2) + kMaxSize[0]);
  Queue q(capacity);
  Tally freed;
  int pinned[2] = {pin_thread(0), -1};  // process_cpus() read first, in there
  std::thread consumer([&] {
    pinned[1] = pin_thread(1);
    q.consumer_ready.store(true, std::memory_order_release);
    freed = consume<A, Batch>(a, table.size.data(), q, count);
    t.stop();  // after the last free; the join below orders it before the trial is read
  });
  for (std::uint64_t waits = 0; !q.consumer_ready.load(std::memory_order_acquire);) spin(waits);
  t.start();
  Tally tally = produce<A, Batch>(a, table.size.data(), q, count);
  consumer.join();
  tally.add(freed);
  report_cpus_allowed(t);
  report_pinned_cpus(t, pinned);
  tally.report(t, count);
}

template <class A>
void run_cross_thread(Trial& t) {
  if (t.axis_text_or(kHandoverAxis, kBatches) == kSingle) cross_thread_trial<A, 1>(t);
  else cross_thread_trial<A, kHandOverBatch>(t);
}

}  // namespace detail

}  // namespace benchbox::allocator
