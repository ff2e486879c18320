// boost.context: Boost.Context's fiber (callcc-style continuations on fcontext assembly).
#include <boost/context/fiber.hpp>
#include <boost/context/fixedsize_stack.hpp>
#include <boost/version.hpp>

#include <vector>

#include "../common/boost_version.hpp"
#include "../common/coroutine_adapter.hpp"

using namespace benchbox::coroutine;

namespace {

namespace ctx = boost::context;

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  std::vector<ctx::fiber> fibers;
  fibers.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    fibers.emplace_back(std::allocator_arg, ctx::fixedsize_stack(kStackBytes), [&tally, i](ctx::fiber&& caller) {
      tally.body(i, [&caller] { caller = std::move(caller).resume(); });
      return std::move(caller);  // never reached: body() does not return
    });
  }
  tally.drive([&](std::size_t i) { fibers[i] = std::move(fibers[i]).resume(); });
  tally.finish();
  // Destroying a suspended fiber unwinds its stack (forced_unwind): untimed.
}

// K fibers created, each resumed once (its function runs to its end: the stack is released when
// the fiber returns), ops/K times.
void run_create(Trial& trial) {
  CreateTally tally(trial);
  std::vector<ctx::fiber> batch(tally.alive());
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (auto& f : batch)
      f = ctx::fiber(std::allocator_arg, ctx::fixedsize_stack(kStackBytes), [&tally, my_id = ++id](ctx::fiber&& caller) {
        tally.entered(my_id);
        tally.completed();
        return std::move(caller);
      });
    for (auto& f : batch) f = std::move(f).resume();  // returns an empty fiber: this one has ended
  }
  tally.stop();
  tally.finish();
}

// N fibers, each resumed once and suspended in its first resume() back to the caller.
void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  tally.begin();
  std::vector<ctx::fiber> fibers;
  fibers.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    fibers.emplace_back(std::allocator_arg, ctx::fixedsize_stack(kStackBytes), [&tally, i](ctx::fiber&& caller) {
      tally.entered(i);
      caller = std::move(caller).resume();
      tally.completed();
      return std::move(caller);
    });
    fibers.back() = std::move(fibers.back()).resume();
  }
  tally.all_suspended();
  for (auto& f : fibers) f = std::move(f).resume();
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("boost.context", boost_version());
  adapter.add(Case::switch_, run_switch).add(Case::create, run_create).add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
