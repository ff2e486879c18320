// floor: benchbox's own minimal stackful coroutines (switch_x86_64.S) and the cheapest correct
// way the module knows to do each case's work with them. Every stackful row is read against
// these: they show what a switch, a channel pass, a creation and a suspended coroutine cost on
// this machine when nothing but the case's work itself is done. Stackless rows (cxx20,
// tbox.stackless) can be below the floor: they switch no stack.
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "../common/coroutine_adapter.hpp"
#include "floor_context.hpp"

using namespace benchbox::coroutine;

namespace {

using floor_impl::Context;

// ---- switch: a ring of N coroutines, each transferring directly to the next (symmetric). Every
// transfer is made from the same call site (the loop below), so the switch's plain `ret` is
// predicted. The coroutine whose entry makes the last switch goes back to main; the others stay
// suspended and their stacks are simply freed (nothing on them needs unwinding).
struct RingCoroutine {
  Context context;
  RingCoroutine* next;
  const Context* ahead;  // the coroutine kPrefetchAhead transfers ahead
  Context* main;
  SwitchTally* tally;
  std::size_t index;
};

template <bool kPrefetch>
void ring_body(void* arg) {
  auto* self = static_cast<RingCoroutine*>(arg);
  Context& own = self->context;
  Context& next = self->next->context;
  const Context& ahead = *self->ahead;
  const bool ends_run = self->tally->run(self->index, [&] {
    // With many coroutines each transfer lands on a stack not touched for a lap: ask for it early.
    if constexpr (kPrefetch) ahead.prefetch();
    own.switch_to(next);
  });
  if (ends_run) own.jump_to(*self->main);
  own.switch_to(next);  // finished: pass control on; never resumed
}

// How far ahead in the ring the saved frame is prefetched: a miss costs tens of switches, so
// the request goes out well before the transfer that needs it (no effect with a few coroutines,
// whose stacks stay in the cache).
constexpr std::size_t kPrefetchAhead = 16;
// Below this many coroutines every stack stays in the first-level cache: no prefetch.
constexpr std::size_t kPrefetchAbove = 64;

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  Context main_context;
  std::vector<std::unique_ptr<std::byte[]>> stacks(n);
  std::vector<RingCoroutine> ring(n);
  for (std::size_t i = 0; i < n; ++i) {
    stacks[i].reset(new std::byte[kStackBytes]);
    ring[i] = RingCoroutine{{}, &ring[i + 1 == n ? 0 : i + 1], &ring[(i + kPrefetchAhead) % n].context, &main_context, &tally, i};
    ring[i].context.prepare(stacks[i].get(), kStackBytes, n > kPrefetchAbove ? ring_body<true> : ring_body<false>, &ring[i]);
  }
  // Returns once the proof after the timed switches is complete (SwitchTally::run).
  main_context.jump_to(ring[0].context);
  tally.finish();
}

// ---- channel: the cheapest hand-off between a producer and a consumer coroutine. Unbuffered
// (rendezvous): the producer leaves its value in a slot and transfers to the consumer, which takes
// it and transfers back for the next one (two switches per pass, no bookkeeping). Buffered (n):
// the producer fills the n slots and transfers only when they are full; the consumer drains them
// all and transfers back only when they are empty (two switches per n passes). The two coroutines
// suspend at different call sites, so these transfers return by an indirect jump (jump_to).
struct Channel {
  std::vector<std::uint64_t> slots;
  std::size_t filled = 0;  // buffered: values waiting in slots[0, filled)
  std::uint64_t slot = 0;  // unbuffered
  Context producer, consumer, main_context;
  std::uint64_t ops = 0;
  ChannelTally* tally = nullptr;
};

void rendezvous_producer(void* arg) {
  auto* ch = static_cast<Channel*>(arg);
  ch->tally->start();
  for (std::uint64_t v = 1; v <= ch->ops; ++v) {
    ch->slot = v;
    ch->producer.jump_to(ch->consumer);  // returns once the consumer has taken it
  }
  for (;;) ch->producer.jump_to(ch->consumer);  // never reached: the consumer stops first
}

void rendezvous_consumer(void* arg) {
  auto* ch = static_cast<Channel*>(arg);
  ch->tally->consume([ch] {
    ch->consumer.jump_to(ch->producer);
    return ch->slot;
  });
  ch->consumer.jump_to(ch->main_context);
}

void buffered_producer(void* arg) {
  auto* ch = static_cast<Channel*>(arg);
  const std::size_t capacity = ch->slots.size();
  std::uint64_t* slots = ch->slots.data();
  ch->tally->start();
  std::size_t filled = 0;
  for (std::uint64_t v = 1; v <= ch->ops; ++v) {
    if (filled == capacity) {  // full: wait until the consumer has emptied it
      ch->filled = filled;
      ch->producer.jump_to(ch->consumer);
      filled = 0;
    }
    slots[filled++] = v;
  }
  ch->filled = filled;
  for (;;) ch->producer.jump_to(ch->consumer);  // let the consumer drain; never resumed after
}

void buffered_consumer(void* arg) {
  auto* ch = static_cast<Channel*>(arg);
  const std::uint64_t* slots = ch->slots.data();
  const std::uint64_t ops = ch->ops;
  std::uint64_t checksum = 0, received = 0;
  while (received < ops) {
    ch->consumer.jump_to(ch->producer);  // empty: wait until the producer has filled it
    const std::size_t filled = ch->filled;
    for (std::size_t k = 0; k < filled; ++k) checksum += ++received * slots[k];
  }
  ch->tally->received_all(received, checksum);
  ch->consumer.jump_to(ch->main_context);
}

void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  const auto buffer = static_cast<std::size_t>(trial.axis_number());
  Channel ch;
  ch.slots.resize(buffer);
  ch.ops = trial.ops();
  ch.tally = &tally;
  std::unique_ptr<std::byte[]> producer_stack(new std::byte[kStackBytes]), consumer_stack(new std::byte[kStackBytes]);
  ch.producer.prepare(producer_stack.get(), kStackBytes, buffer == 0 ? rendezvous_producer : buffered_producer, &ch);
  ch.consumer.prepare(consumer_stack.get(), kStackBytes, buffer == 0 ? rendezvous_consumer : buffered_consumer, &ch);
  ch.main_context.jump_to(ch.consumer);  // returns once the consumer has the last value
  tally.finish();
}

// ---- create: K coroutines at a time are created on a stack from the floor's free list, entered
// once (each body runs to its end and transfers back), and released (the stack goes back on the
// list). The list lives as long as the process, as the stack caches of Go, libmill and libdill
// and glibc's reuse of freed chunks do: after the first batch no stack is allocated again.
std::vector<void*>& free_stacks() {
  static std::vector<void*> stacks;
  return stacks;
}

void* take_stack() {
  auto& list = free_stacks();
  if (list.empty()) {
    void* s = std::malloc(kStackBytes);
    if (!s) throw std::bad_alloc();
    return s;
  }
  void* s = list.back();
  list.pop_back();
  return s;
}

struct Created {
  Context context;
  Context* main;
  CreateTally* tally;
  std::uint64_t id;
  void* stack;
};

void create_body(void* arg) {
  auto* self = static_cast<Created*>(arg);
  self->tally->entered(self->id);
  self->tally->completed();
  self->context.jump_to(*self->main);  // finished: never resumed
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  std::vector<Created> batch(tally.alive());
  free_stacks().reserve(batch.size());
  Context main_context;
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (auto& c : batch) {
      c.stack = take_stack();
      c.main = &main_context;
      c.tally = &tally;
      c.id = ++id;
      c.context.prepare(c.stack, kStackBytes, create_body, &c);
    }
    for (auto& c : batch) main_context.jump_to(c.context);
    for (auto& c : batch) free_stacks().push_back(c.stack);
  }
  tally.stop();
  tally.finish();
}

// ---- memory: N coroutines, their 64 KiB stacks carved from one reservation (no guard pages),
// each entered once and suspended. A suspended coroutine needs the stack page holding its saved
// registers and its control block (here, a context pointer and the adapter's bookkeeping).
struct Suspended {
  Context context;
  Context* main;
  MemoryTally* tally;
  std::size_t index;
};

void memory_body(void* arg) {
  auto* self = static_cast<Suspended*>(arg);
  self->tally->entered(self->index);
  self->context.jump_to(*self->main);  // suspended until the measurement is taken
  self->tally->completed();
  self->context.jump_to(*self->main);  // finished: never resumed
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  Context main_context;
  tally.begin();
  void* region = mmap(nullptr, n * kStackBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (region == MAP_FAILED) throw std::bad_alloc();
  auto* stacks = static_cast<std::byte*>(region);
  std::vector<Suspended> coroutines(n);
  for (std::size_t i = 0; i < n; ++i) {
    coroutines[i] = Suspended{{}, &main_context, &tally, i};
    coroutines[i].context.prepare(stacks + i * kStackBytes, kStackBytes, memory_body, &coroutines[i]);
    main_context.jump_to(coroutines[i].context);
  }
  tally.all_suspended();
  for (auto& c : coroutines) main_context.jump_to(c.context);
  munmap(region, n * kStackBytes);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("floor", BENCHBOX_VERSION);
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
