// libgo: yyzybb537's Go-style coroutines for C++ (go, co_yield, co_chan). Run on ONE thread:
// co_sched.Start(1, 1) makes the main thread the only processor (no dispatcher thread, no work
// stealing). Start may be called only once per process, so the whole adapter (every trial) runs
// inside one libgo coroutine, which then calls co_sched.Stop(); Start returns and main exits.
#include <cstdint>
#include <vector>

#include "../common/coroutine_adapter.hpp"

#include <libgo/coroutine.h>  // defines the macros go, co_yield (shadows the C++20 keyword here), ...

namespace {

using benchbox::Trial;
using benchbox::coroutine::ChannelTally;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

constexpr std::size_t kDriverStackBytes = 1024 * 1024;  // the coroutine running the adapter itself

// --- switch: N coroutines, `while (tally.enter(i)) co_yield;` --------------------------------
void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  co_chan<int> finished(1);  // the last coroutine to leave tells the driver
  std::size_t running = n;
  for (std::size_t i = 0; i < n; ++i) {
    go co_stack(kStackBytes)[&tally, &running, finished, i] {
      while (tally.enter(i)) co_yield;
      if (--running == 0) finished << 0;
    };
  }
  int token = 0;
  finished >> token;  // the driver coroutine blocks: only the N coroutines are runnable
  tally.finish();
}

// --- channel: producer and consumer coroutines --------------------------------------------------
void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  // co_chan<T>(capacity): a queue of exactly capacity values; 0 = unbuffered.
  co_chan<std::uint64_t> ch(static_cast<std::size_t>(trial.param()));
  co_chan<int> finished(2);
  const std::uint64_t ops = trial.ops();
  go co_stack(kStackBytes)[&tally, ch, finished] {
    std::uint64_t v = 0;
    do ch >> v;
    while (!tally.received(v));
    finished << 0;
  };
  go co_stack(kStackBytes)[&tally, ch, finished, ops] {
    tally.start();
    for (std::uint64_t v = 1; v <= ops; ++v) ch << v;
    finished << 0;
  };
  int token = 0;
  finished >> token;
  finished >> token;
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("libgo", "LIBGO_VERSION " + std::to_string(LIBGO_VERSION));
  adapter.info("threads", "co_sched.Start(1, 1): one processor, the main thread; libgo also starts its "
                          "FastSteadyClock background thread");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "N `go co_stack(64 KiB)` coroutines each loop on co_yield; each yield that lands in another "
                        "coroutine is one switch; every switch passes through the processor's scheduling loop (two "
                        "context swaps); the coroutine running the adapter waits blocked on a co_chan",
               .min_param = 2}),
              run_switch);
  adapter.add("channel",
              benchbox::coroutine::channel_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "co_chan<uint64_t>(buffer): a queue of exactly that many values, 0 = unbuffered; producer "
                        "coroutine ch << v, consumer coroutine ch >> v",
               .min_param = 0}),
              run_channel);
  int status = 1;
  go co_stack(kDriverStackBytes)[&] {
    status = adapter.main(argc, argv);
    co_sched.Stop();
  };
  co_sched.Start(1, 1);  // returns after Stop()
  return status;
}
