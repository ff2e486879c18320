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

namespace {

using benchbox::Trial;
using benchbox::coroutine::ChannelTally;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

// Stacks of exactly kStackBytes for every coroutine, all preallocated and kept cached (libmill
// frees stacks beyond the prepared count). Only possible while no coroutine exists: first trial.
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

// --- switch: N coroutines, `while (tally.enter(i)) yield();` --------------------------------
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
  while (run->tally->enter(i)) mill_yield();
  if (--run->running == 0) mill_chs(run->finished, int, 0);
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
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
  bool producer_done;
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
  ChannelRun run{&tally, mill_chmake(std::uint64_t, static_cast<std::size_t>(trial.param())), trial.ops(), false};
  mill_go(producer(&run));  // starts the clock and sends until the channel blocks it
  while (!tally.received(mill_chr(run.ch, std::uint64_t))) {
  }
  while (!run.producer_done) mill_yield();  // untimed: let the producer leave
  mill_chclose(run.ch);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("libmill", std::to_string(MILL_VERSION_CURRENT) + "." +
                                           std::to_string(MILL_VERSION_REVISION) + "." +
                                           std::to_string(MILL_VERSION_AGE));
  adapter.info("scheduler", "one per process, FIFO ready queue; polls for events every 103rd suspend (epoll_wait, timeout 0)");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "N go() coroutines each loop on yield(); each yield that lands in another coroutine is one "
                        "switch; main waits blocked on a channel so only the N coroutines are scheduled; stacks set "
                        "with goprepare() (plus a guard page)",
               .min_param = 2}),
              run_switch);
  adapter.add("channel",
              benchbox::coroutine::channel_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "chmake(uint64_t, buffer): buffer is libmill's own ring of exactly that many values, 0 = "
                        "unbuffered; producer coroutine chs(), main coroutine chr()",
               .min_param = 0}),
              run_channel);
  return adapter.main(argc, argv);
}
