// boost.context: Boost.Context's fiber (callcc-style continuations on fcontext assembly).
#include <boost/context/fiber.hpp>
#include <boost/context/fixedsize_stack.hpp>
#include <boost/version.hpp>

#include <vector>

#include "../common/boost_version.hpp"
#include "../common/coroutine_adapter.hpp"

namespace {

namespace ctx = boost::context;
using benchbox::Trial;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  std::vector<ctx::fiber> fibers;
  fibers.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    fibers.emplace_back(std::allocator_arg, ctx::fixedsize_stack(kStackBytes), [&tally, i](ctx::fiber&& caller) {
      for (;;) {
        tally.entered(i);
        caller = std::move(caller).resume();
      }
      return std::move(caller);
    });
  }
  for (auto& f : fibers) f = std::move(f).resume();  // priming
  tally.begin();
  SwitchTally::round_robin(tally.target() / 2, n, [&](std::size_t i) { fibers[i] = std::move(fibers[i]).resume(); });
  tally.end();
  tally.finish();
  // Destroying a suspended fiber unwinds its stack (forced_unwind): untimed.
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("boost.context", benchbox::coroutine::boost_version());
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "asymmetric",
               .stack_bytes = kStackBytes,
               .notes = "fiber::resume() into each coroutine and resume() of the caller's continuation back; "
                        "fcontext also saves the x87 control word and MXCSR",
               .min_param = 1}),
              run_switch);
  adapter.not_applicable("channel", "Boost.Context has no channel (see boost.fiber and boost.asio for Boost's channels)");
  return adapter.main(argc, argv);
}
