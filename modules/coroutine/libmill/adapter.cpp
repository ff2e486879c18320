// libmill: Go-style coroutines in C (sustrik/libmill). One scheduler per process; go() runs the
// new coroutine at once, yield() puts the running one at the back of the ready queue, channels
// are typed, with an optional buffer. Included with MILL_USE_PREFIX, libmill's own switch that
// names every macro mill_* (unprefixed it defines object-like macros such as `end`, `in`, `out`
// that break C++ code).
#include <cstdint>
#include <string>

#include "../common/coroutine_adapter.hpp"

#define MILL_USE_PREFIX 1
#include <libmill.h>  // last: its macros must not reach the headers above

using namespace benchbox::coroutine;

namespace {

// Stacks of exactly kStackBytes for every coroutine, all preallocated and kept cached (libmill
// frees stacks beyond the prepared count, and keeps at least one: it cannot free the stack it
// runs on). Only possible while no coroutine exists: first trial. goprepare also sets up libmill's
// poller (an epoll descriptor and a table of RLIMIT_NOFILE's maximum entries), once per process.
void prepare(std::size_t coroutines) {
  static bool prepared = false;
  if (prepared) return;
  prepared = true;
  mill_goprepare(static_cast<int>(coroutines), kStackBytes, sizeof(std::uint64_t));
  if (errno != 0) {
    std::fprintf(stderr, "libmill: goprepare failed: %s\n", std::strerror(errno));
    std::exit(1);
  }
}

// --- switch: N coroutines, `tally.run(i, yield)` --------------------------------
// Each coroutine waits at a gate until all exist and main is blocked, so that only the N
// coroutines are in the ready queue while the clock runs.
struct SwitchRun {
  SwitchTally* tally;
  mill_chan gate;      // closed with chdone() once all coroutines exist
  mill_chan finished;  // buffer 1: the last coroutine to leave tells main
  std::size_t running;
};

mill_coroutine void switch_body(SwitchRun* run, std::size_t i) {
  (void)mill_chr(run->gate, int);
  run->tally->run(i, [] { mill_yield(); });
  if (--run->running == 0) mill_chs(run->finished, int, 0);
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  prepare(n + 1);
  SwitchTally tally(trial, n);
  SwitchRun run{&tally, mill_chmake(int, 0), mill_chmake(int, 1), n};
  for (std::size_t i = 0; i < n; ++i) mill_go(switch_body(&run, i));  // each runs to the gate
  mill_chdone(run.gate, int, 0);  // all N ready; main blocks below before any of them runs
  (void)mill_chr(run.finished, int);
  mill_chclose(run.gate);
  mill_chclose(run.finished);
  tally.finish();
}

// --- channel: producer coroutine, main is the consumer --------------------------------------
struct ChannelRun {
  ChannelTally* tally;
  mill_chan ch;
  std::uint64_t ops;
  volatile bool producer_done;  // volatile: set by the producer coroutine, polled by main across yields
};

mill_coroutine void producer(ChannelRun* run) {
  run->tally->start();
  for (std::uint64_t v = 1; v <= run->ops; ++v) mill_chs(run->ch, std::uint64_t, v);
  run->producer_done = true;
}

void run_channel(Trial& trial) {
  prepare(2);
  ChannelTally tally(trial);
  // chmake(type, bufsz): a ring of exactly bufsz values; 0 is the unbuffered rendezvous.
  ChannelRun run{&tally, mill_chmake(std::uint64_t, static_cast<std::size_t>(trial.axis_number())), trial.ops(), false};
  mill_go(producer(&run));  // starts the clock and sends until the channel blocks it
  tally.consume([&run] { return mill_chr(run.ch, std::uint64_t); });
  while (!run.producer_done) mill_yield();  // untimed: let the producer leave
  mill_chclose(run.ch);
  tally.finish();
}

// --- create: go() K times from main, ops/K times -----------------------------------------------
// go() switches to the new coroutine at once (main goes to the back of the ready queue); the body
// runs to its end, its stack goes back to libmill's cache and the scheduler resumes main. A body
// that does not block has ended before go() returns: one coroutine is alive at a time, whatever K.
mill_coroutine void create_body(CreateTally* tally, std::uint64_t id) {
  tally->entered(id);
  tally->completed();
}

void run_create(Trial& trial) {
  prepare(2);  // one stack in use, one cached: every go() takes a cached stack
  CreateTally tally(trial);
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b)
    for (std::uint64_t j = 0; j < tally.alive(); ++j) {
      // Not `go(create_body(&tally, ++id))`: go() evaluates its call on the new stack and returns
      // to main by longjmp, which restores main's registers, and with them an id kept in one.
      const std::uint64_t next = ++id;
      mill_go(create_body(&tally, next));
    }
  tally.stop();
  tally.finish();
}

// --- memory: N coroutines, each entered once and blocked in chr() on one channel ---------------
// goprepare(1) leaves one stack in libmill's cache; a holder coroutine started before the
// measurement takes it, so that no cached stack exists when the measurement starts and every one
// of the N stacks is allocated (posix_memalign + mprotect of its guard page) inside it.
struct MemoryRun {
  MemoryTally* tally;
  mill_chan gate;  // chdone() after the measurement releases every waiting chr()
  volatile bool holder_done;  // volatile: set by a coroutine; g++ kept main's read in a register across mill_yield()
};

mill_coroutine void memory_body(MemoryRun* run, std::size_t i) {
  run->tally->entered(i);
  (void)mill_chr(run->gate, int);
  run->tally->completed();
}

mill_coroutine void memory_holder(MemoryRun* run) {
  (void)mill_chr(run->gate, int);
  run->holder_done = true;
}

void run_memory(Trial& trial) {
  prepare(1);
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  MemoryRun run{&tally, mill_chmake(int, 0), false};
  mill_go(memory_holder(&run));
  tally.begin();
  for (std::size_t i = 0; i < n; ++i) mill_go(memory_body(&run, i));  // each runs at once to its chr()
  tally.all_suspended();
  mill_chdone(run.gate, int, 0);
  while (tally.completions() < n || !run.holder_done) mill_yield();
  mill_chclose(run.gate);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("libmill", std::to_string(MILL_VERSION_CURRENT) + "." + std::to_string(MILL_VERSION_REVISION) +
                                        "." + std::to_string(MILL_VERSION_AGE));
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
