// The threads case: two threads, each churning its own live set of L blocks.
#pragma once

#include <atomic>
#include <thread>

#include "churn.hpp"
#include "cpus.hpp"

namespace benchbox::allocator {

namespace detail {

// ---- threads: two threads, each churning its own live set of L blocks ------------------------

template <class A>
void run_threads(Trial& t) {
  const std::uint64_t live = value_of(t), steps = t.ops();
  const std::uint64_t steps_of[2] = {steps - steps / 2, steps / 2};
  const std::uint64_t first_of[2] = {0, kSecondThreadSerial};
  const std::vector<std::vector<std::uint32_t>>* orders[2] = {&pass_orders(live, 0), &pass_orders(live, 1)};
  // 1: the second thread's set is up; 2: go; 3: it is done (the clock stops); 5: its spans are
  // built; 6: tear down.
  std::atomic<int> phase{0};
  Tally result[2];
  std::uint64_t overlaps_found = 0;
  std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans[2];
  // Both threads: set up its live set (so that its allocator's per-thread state is its own), churn
  // when told, report its live blocks' addresses, free them when told.
  process_cpus();  // read before either thread is pinned
  int pinned[2] = {-1, -1};
  const auto work = [&](int k, auto&& on_ready, auto&& on_done, auto&& before_teardown) {
    pinned[k] = pin_thread(static_cast<unsigned>(k));  // before its live set: the allocator's per-thread state on its CPU
    A a(churn_window(live));
    LiveSet<A> set(a, live, first_of[k]);
    on_ready();
    Tally tally =
        churn_steps(a, set.table.size.data(), set.blocks.data(), orders[k]->data(), live, first_of[k] + live, steps_of[k]);
    on_done();
    spans[k] = spans_of(set.blocks, set.table);  // after the clock: it allocates, with the allocator under test
    before_teardown();
    set.free_all(a);
    tally.add(set.untimed);
    result[k] = tally;
  };
  const auto wait_for = [&](int value) {
    for (std::uint64_t waits = 0; phase.load(std::memory_order_acquire) < value;) spin(waits);
  };
  std::thread second([&] {
    work(1, [&] { phase.store(1, std::memory_order_release); wait_for(2); },
         [&] { phase.store(3, std::memory_order_release); }, [&] { phase.store(5, std::memory_order_release); wait_for(6); });
  });
  work(
      0, [&] { wait_for(1); t.start(); phase.store(2, std::memory_order_release); },
      [&] {
        wait_for(3);
        t.stop();
      },
      [&] {
        wait_for(5);  // the second thread's spans are built
        auto all = spans[0];
        all.insert(all.end(), spans[1].begin(), spans[1].end());
        overlaps_found = overlaps(std::move(all));
        phase.store(6, std::memory_order_release);
      });
  second.join();
  Tally tally = result[0];
  tally.add(result[1]);
  tally.overlaps = overlaps_found;
  report_cpus_allowed(t);
  report_pinned_cpus(t, pinned);
  tally.report(t, steps);
}

}  // namespace detail

}  // namespace benchbox::allocator
