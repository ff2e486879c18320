// libdill: structured concurrency in C (sustrik/libdill, 2.x API). One scheduler per thread;
// go() runs the new coroutine at once, yield() moves the running one to the back of the ready
// queue; coroutines are handles, grouped in bundles that can be waited for. Channels are
// unbuffered only (chmake makes a pair of handles). Included with DILL_DISABLE_RAW_NAMES, so
// only dill_* names exist (the raw names go, yield, now, ... are macros).
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "../common/coroutine_adapter.hpp"

#define DILL_DISABLE_RAW_NAMES 1
#include <libdill.h>  // last: its macros must not reach the headers above

namespace {

using benchbox::Trial;
using benchbox::coroutine::ChannelTally;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "libdill: %s failed: %s\n", what, std::strerror(errno));
    std::exit(1);
  }
}

// Stacks of exactly kStackBytes, given to libdill with bundle_go_mem (libdill keeps its coroutine
// record at their top). Its own stacks would be 256 KiB and there is no other way to size them.
struct Stacks {
  explicit Stacks(std::size_t n) : memory(n) {
    for (auto& m : memory) m.reset(static_cast<std::byte*>(std::aligned_alloc(4096, kStackBytes)));
  }
  struct Free {
    void operator()(std::byte* p) const { std::free(p); }
  };
  std::vector<std::unique_ptr<std::byte, Free>> memory;
};

// --- switch: N coroutines, `while (tally.enter(i)) yield();` --------------------------------
// Each coroutine waits at a gate until all exist; main then blocks in bundle_wait before any
// of them runs, so only the N coroutines are in the ready queue while the clock runs.
dill_coroutine void switch_body(SwitchTally* tally, int gate, std::size_t i) {
  int token = 0;
  (void)dill_chrecv(gate, &token, sizeof token, -1);  // EPIPE once main calls chdone
  while (tally->enter(i)) dill_yield();
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  Stacks stacks(n);
  int gate[2];
  check(dill_chmake(gate) == 0, "chmake");
  const int bundle = dill_bundle();
  check(bundle >= 0, "bundle");
  for (std::size_t i = 0; i < n; ++i)
    check(dill_bundle_go_mem(bundle, switch_body(&tally, gate[1], i), stacks.memory[i].get(), kStackBytes) == 0,
          "bundle_go_mem");
  check(dill_chdone(gate[0]) == 0, "chdone");         // all N ready now
  check(dill_bundle_wait(bundle, -1) == 0, "bundle_wait");  // main blocks until all have finished
  dill_hclose(bundle);
  dill_hclose(gate[0]);
  dill_hclose(gate[1]);
  tally.finish();
}

// --- channel (unbuffered only): producer coroutine, main is the consumer ----------------------
dill_coroutine void producer(ChannelTally* tally, int ch, std::uint64_t ops) {
  tally->start();
  for (std::uint64_t v = 1; v <= ops; ++v) check(dill_chsend(ch, &v, sizeof v, -1) == 0, "chsend");
}

void run_channel_unbuffered(Trial& trial) {
  ChannelTally tally(trial);
  Stacks stacks(1);
  int ch[2];
  check(dill_chmake(ch) == 0, "chmake");
  const int bundle = dill_bundle();
  check(bundle >= 0, "bundle");
  check(dill_bundle_go_mem(bundle, producer(&tally, ch[0], trial.ops()), stacks.memory[0].get(), kStackBytes) == 0,
        "bundle_go_mem");
  std::uint64_t v = 0;
  do check(dill_chrecv(ch[1], &v, sizeof v, -1) == 0, "chrecv");
  while (!tally.received(v));
  check(dill_bundle_wait(bundle, -1) == 0, "bundle_wait");  // untimed: the producer leaves
  dill_hclose(bundle);
  dill_hclose(ch[0]);
  dill_hclose(ch[1]);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("libdill", std::to_string(DILL_VERSION_CURRENT) + "." +
                                           std::to_string(DILL_VERSION_REVISION) + "." +
                                           std::to_string(DILL_VERSION_AGE));
  adapter.info("scheduler", "one per thread (thread-local context), FIFO ready queue; polls for events at most "
                            "once a second while coroutines are ready");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "N bundle_go_mem() coroutines each loop on yield(); each yield that lands in another "
                        "coroutine is one switch; main waits in bundle_wait; 64 KiB stacks given with go_mem "
                        "(libdill's coroutine record sits at their top; no guard page)",
               .min_param = 2}),
              run_switch);
  adapter.add("channel",
              benchbox::coroutine::channel_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "libdill channels are unbuffered only (chmake has no size): buffered sizes are n/a; a "
                        "producer coroutine chsend()s, the main coroutine chrecv()s",
               .min_param = 0,
               .max_param = 0}),
              run_channel_unbuffered);
  return adapter.main(argc, argv);
}
