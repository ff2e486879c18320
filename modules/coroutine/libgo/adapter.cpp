// libgo: yyzybb537's Go-style coroutines for C++ (go, co_yield, co_chan). Run on ONE thread:
// co_sched.Start(1, 1) makes the main thread the only processor (no dispatcher thread, no work
// stealing). Start may be called only once per process, so the whole adapter (every trial) runs
// inside one libgo coroutine, which then calls co_sched.Stop(); Start returns and main exits.
#include <cstdint>
#include <vector>

#include "../common/coroutine_adapter.hpp"

#include <libgo/coroutine.h>  // defines the macros go, co_yield (shadows the C++20 keyword here), ...

using namespace benchbox::coroutine;

namespace {

constexpr std::size_t kDriverStackBytes = 1024 * 1024;  // the coroutine running the adapter itself

// --- switch: N coroutines, `tally.run(i, [] { co_yield; });` --------------------------------
void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  co_chan<int> finished(1);  // the last coroutine to leave tells the driver
  std::size_t running = n;
  for (std::size_t i = 0; i < n; ++i) {
    go co_stack(kStackBytes)[&tally, &running, finished, i] {
      tally.run(i, [] { co_yield; });
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
  co_chan<std::uint64_t> ch(static_cast<std::size_t>(trial.axis_number()));
  co_chan<int> finished(2);
  const std::uint64_t ops = trial.ops();
  go co_stack(kStackBytes)[&tally, ch, finished] {
    tally.consume([&ch] {
      std::uint64_t v = 0;
      ch >> v;
      return v;
    });
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

// --- create: the driver coroutine starts K coroutines, then co_yields until all K have run -------
// `go` makes a Task (its std::function and a malloc'ed 64 KiB stack) and queues it on the one
// processor; the processor runs each to its end and hands finished tasks to its GC list, which it
// deletes (stack freed) in groups of 17.
void run_create(Trial& trial) {
  CreateTally tally(trial);
  CreateTally* const t = &tally;  // captures of 16 bytes: the std::function keeps them in place
  const std::uint64_t k = tally.alive();
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::uint64_t j = 0; j < k; ++j) {
      go co_stack(kStackBytes)[t, my_id = ++id] {
        t->entered(my_id);
        t->completed();
      };
    }
    while (tally.completions() < (b + 1) * k) co_yield;
  }
  tally.stop();
  tally.finish();
}

// --- memory: N coroutines, each entered once and blocked in pop() on one co_chan ------------------
// The gate has a buffer (of 1, kept empty): libgo's buffered channels park a waiting pop() on
// their condition variable, and Close() wakes every waiter; an unbuffered channel's Close() wakes
// only the one pop() it holds, the others waiting for its mutex.
struct MemoryRun {
  MemoryTally* tally;
  co_chan<int> gate;  // closed after the measurement: every waiting pop() returns false
};

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  MemoryRun run{&tally, co_chan<int>(1)};
  MemoryRun* const r = &run;
  const std::size_t n = tally.coroutines();
  tally.begin();
  for (std::size_t i = 0; i < n; ++i) {
    go co_stack(kStackBytes)[r, i] {
      r->tally->entered(i);
      int token = 0;
      (void)r->gate.pop(token);
      r->tally->completed();
    };
  }
  while (tally.entries() < n) co_yield;
  tally.all_suspended();
  run.gate.Close();
  while (tally.completions() < n) co_yield;
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("libgo", "LIBGO_VERSION " + std::to_string(LIBGO_VERSION));
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  int status = 1;
  go co_stack(kDriverStackBytes)[&] {
    status = adapter.main(argc, argv);
    co_sched.Stop();
  };
  co_sched.Start(1, 1);  // returns after Stop()
  return status;
}
