// boost.coroutine2: Boost.Coroutine2's asymmetric coroutines (pull_type/push_type), which run on
// Boost.Context's fiber. The caller resumes each pull_type round-robin; the body yields back
// through its push_type. No channel in the library.
#include <boost/context/stack_traits.hpp>
#include <boost/version.hpp>

// g++ 12 warns inside Boost 1.81's coroutine2: push_coroutine<void>::control_block::destroy()
// sets a flag in the control block after running its destructor (a Boost quirk, harmless with this
// trivially-destructible member); silenced for the library's own headers only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/coroutine2/all.hpp>
#pragma GCC diagnostic pop

#include <vector>

#include "../common/boost_version.hpp"
#include "../common/coroutine_adapter.hpp"

using namespace benchbox::coroutine;

namespace {

using coro = boost::coroutines2::coroutine<void>;

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  std::vector<coro::pull_type> coroutines;
  coroutines.reserve(n);
  // A pull_type enters its body on construction and runs it to the first yield: the priming.
  for (std::size_t i = 0; i < n; ++i)
    coroutines.emplace_back(boost::coroutines2::fixedsize_stack(kStackBytes), [&tally, i](coro::push_type& yield) {
      tally.body(i, [&yield] { yield(); });
    });
  tally.drive([&](std::size_t i) { coroutines[i](); }, SwitchTally::Priming::by_construction);
  tally.finish();
  // Destroying a suspended coroutine unwinds its stack (forced_unwind): untimed.
}

// Create: a pull_type enters its body on construction; this body runs to its end at once. K are
// constructed, then destroyed (stacks freed), ops/K times.
void run_create(Trial& trial) {
  CreateTally tally(trial);
  const std::size_t k = tally.alive();
  std::vector<coro::pull_type> batch;
  batch.reserve(k);
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::size_t j = 0; j < k; ++j)
      batch.emplace_back(boost::coroutines2::fixedsize_stack(kStackBytes), [&tally, my_id = ++id](coro::push_type&) {
        tally.entered(my_id);
        tally.completed();
      });
    batch.clear();
  }
  tally.stop();
  tally.finish();
}

// Memory: N pull_types, each suspended at its first yield (construction runs the body up to it).
void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  tally.begin();
  std::vector<coro::pull_type> coroutines;
  coroutines.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    coroutines.emplace_back(boost::coroutines2::fixedsize_stack(kStackBytes), [&tally, i](coro::push_type& yield) {
      tally.entered(i);
      yield();
      tally.completed();
    });
  tally.all_suspended();
  for (auto& c : coroutines) c();
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("boost.coroutine2", boost_version());
  adapter.info("default_stack_bytes", std::to_string(boost::context::stack_traits::default_size()));
  adapter.add(Case::switch_, run_switch).add(Case::create, run_create).add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
