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

using namespace benchbox::coroutine;

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "libdill: %s failed: %s\n", what, std::strerror(errno));
    std::exit(1);
  }
}

// Stacks of exactly kStackBytes, given to libdill with bundle_go_mem (libdill keeps its coroutine
// record at their top). Its own stacks would be 256 KiB and there is no other way to size them.
std::byte* new_stack() { return static_cast<std::byte*>(std::aligned_alloc(4096, kStackBytes)); }

struct Stacks {
  explicit Stacks(std::size_t n) : memory(n) {
    for (auto& m : memory) m.reset(new_stack());
  }
  struct Free {
    void operator()(std::byte* p) const { std::free(p); }
  };
  std::vector<std::unique_ptr<std::byte, Free>> memory;
};

// --- switch: N coroutines, `tally.run(i, yield)` --------------------------------
// Each coroutine waits at a gate until all exist; main then blocks in bundle_wait before any
// of them runs, so only the N coroutines are in the ready queue while the clock runs.
dill_coroutine void switch_body(SwitchTally* tally, int gate, std::size_t i) {
  int token = 0;
  (void)dill_chrecv(gate, &token, sizeof token, -1);  // EPIPE once main calls chdone
  tally->run(i, [] { dill_yield(); });
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
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
  tally.consume([&ch] {
    std::uint64_t v = 0;
    check(dill_chrecv(ch[1], &v, sizeof v, -1) == 0, "chrecv");
    return v;
  });
  check(dill_bundle_wait(bundle, -1) == 0, "bundle_wait");  // untimed: the producer leaves
  dill_hclose(bundle);
  dill_hclose(ch[0]);
  dill_hclose(ch[1]);
  tally.finish();
}

// --- create: bundle_go_mem() K times from main, then bundle_wait, ops/K times -------------------
// go() switches to the new coroutine at once (main goes to the ready queue); a body that does not
// block runs to its end, where libdill closes it (it leaves the bundle; its record sits at the top
// of the stack memory), and the scheduler resumes main: the coroutine has ended and been released
// before go() returns, so one is alive at a time whatever K. Its 64 KiB of stack is the adapter's
// (go_mem): allocated before the go() and freed once it has returned, as a caller of go_mem does;
// libdill's own stacks (go() without memory) are 256 KiB and cannot be sized.
dill_coroutine void create_body(CreateTally* tally, std::uint64_t id) {
  tally->entered(id);
  tally->completed();
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  const std::size_t k = tally.alive();
  const int bundle = dill_bundle();
  check(bundle >= 0, "bundle");
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::size_t j = 0; j < k; ++j) {
      std::byte* const stack = new_stack();
      // Not `go(create_body(&tally, ++id))`: go() evaluates the call on the new stack and comes
      // back by longjmp, which restores main's registers (an id kept in one would lose the ++).
      const std::uint64_t next = ++id;
      check(dill_bundle_go_mem(bundle, create_body(&tally, next), stack, kStackBytes) == 0, "bundle_go_mem");
      std::free(stack);  // the coroutine has ended and left the bundle: libdill no longer uses it
    }
    check(dill_bundle_wait(bundle, -1) == 0, "bundle_wait");  // the bundle is empty: returns at once
  }
  tally.stop();
  dill_hclose(bundle);
  tally.finish();
}

// --- memory: N coroutines, each entered once and blocked in chrecv on one channel -----------------
dill_coroutine void memory_body(MemoryTally* tally, int gate, std::size_t i) {
  tally->entered(i);
  int token = 0;
  (void)dill_chrecv(gate, &token, sizeof token, -1);  // EPIPE once main calls chdone
  tally->completed();
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  int gate[2];
  check(dill_chmake(gate) == 0, "chmake");  // also sets up libdill's per-thread context
  const int bundle = dill_bundle();
  check(bundle >= 0, "bundle");
  tally.begin();
  std::vector<std::byte*> stacks(n);
  for (std::size_t i = 0; i < n; ++i) {
    stacks[i] = new_stack();
    check(dill_bundle_go_mem(bundle, memory_body(&tally, gate[1], i), stacks[i], kStackBytes) == 0, "bundle_go_mem");
  }
  tally.all_suspended();
  check(dill_chdone(gate[0]) == 0, "chdone");
  check(dill_bundle_wait(bundle, -1) == 0, "bundle_wait");
  dill_hclose(bundle);
  dill_hclose(gate[0]);
  dill_hclose(gate[1]);
  for (auto* stack : stacks) std::free(stack);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("libdill", std::to_string(DILL_VERSION_CURRENT) + "." + std::to_string(DILL_VERSION_REVISION) +
                                        "." + std::to_string(DILL_VERSION_AGE));
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel_unbuffered)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
