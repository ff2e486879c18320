// libfiber: acl's fibers (lib_fiber; the standalone copy iqiyi/libfiber). One scheduler per
// thread: acl_fiber_create() queues a fiber, acl_fiber_schedule() runs the ready queue (FIFO,
// fiber-to-fiber switches in libfiber's own assembly) and returns when every fiber has exited.
// Channels are libtask-derived (acl_channel_*), with a buffer of the requested size.
#include <cstdint>
#include <vector>

#include "../common/coroutine_adapter.hpp"

#include <fiber/libfiber.h>

using namespace benchbox::coroutine;

namespace {

// --- switch: N fibers, `tally.run(i, acl_fiber_yield)` ---------------------------
void switch_body(ACL_FIBER*, void* arg) {
  auto* self = static_cast<SwitchArg*>(arg);
  self->tally->run(self->index, [] { acl_fiber_yield(); });
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  std::vector<SwitchArg> fibers(n);
  for (std::size_t i = 0; i < n; ++i) {
    fibers[i] = {&tally, i};
    acl_fiber_create(switch_body, &fibers[i], kStackBytes);  // queued, not run
  }
  acl_fiber_schedule();  // the calling thread becomes the scheduler until all N have exited
  tally.finish();
}

// --- channel: consumer and producer fibers ----------------------------------------------------
struct ChannelRun {
  ChannelTally* tally;
  ACL_CHANNEL* ch;
  std::uint64_t ops;
};

void consumer(ACL_FIBER*, void* arg) {
  auto* run = static_cast<ChannelRun*>(arg);
  run->tally->consume([run] { return acl_channel_recvul(run->ch); });
}

void producer(ACL_FIBER*, void* arg) {
  auto* run = static_cast<ChannelRun*>(arg);
  run->tally->start();
  for (std::uint64_t v = 1; v <= run->ops; ++v) acl_channel_sendul(run->ch, v);
}

void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  // acl_channel_create(elemsize, bufsize): a buffer of exactly bufsize values; 0 = unbuffered.
  ChannelRun run{&tally, acl_channel_create(sizeof(unsigned long), static_cast<int>(trial.axis_number())), trial.ops()};
  acl_fiber_create(consumer, &run, kStackBytes);  // runs first and waits in recv
  acl_fiber_create(producer, &run, kStackBytes);
  acl_fiber_schedule();
  acl_channel_free(run.ch);
  tally.finish();
}

static_assert(sizeof(unsigned long) == sizeof(std::uint64_t), "acl_channel_sendul carries the 64-bit values");

// --- create: a spawner fiber creates K fibers (queued), then yields until all K have run ---------
// An exited fiber goes to libfiber's cache of dead fibers (up to 1000 kept, the rest freed) and the
// next acl_fiber_create reuses one, with its stack, when it is large enough: libfiber's own path.
// In this build (USE_JMP_DEF) a fiber's first entry is a setcontext() from a context prepared by
// getcontext/makecontext: three sigprocmask system calls per fiber created.
void create_body(ACL_FIBER*, void* arg) {
  static_cast<const CreateArg*>(arg)->run();
}

void create_spawner(ACL_FIBER*, void* arg) {
  CreateTally& tally = *static_cast<CreateTally*>(arg);
  spawn_batches(tally, [](CreateArg& a) { acl_fiber_create(create_body, &a, kStackBytes); }, [] { acl_fiber_yield(); });
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  acl_fiber_create(create_spawner, &tally, kStackBytes);
  acl_fiber_schedule();  // returns when the spawner and every fiber have exited; frees the dead ones
  tally.finish();
}

// --- memory: a controller fiber creates N fibers; each suspends itself in acl_fiber_switch() ----
// (the documented suspend: off the ready queue until acl_fiber_ready()); the controller measures,
// then readies them all and yields until each has run to its end.
struct MemoryRun {
  MemoryTally* tally;
  std::vector<ACL_FIBER*> fibers;
};

struct Suspended {
  MemoryRun* run;
  std::size_t index;
};

void memory_body(ACL_FIBER* self, void* arg) {
  const auto* me = static_cast<const Suspended*>(arg);
  me->run->fibers[me->index] = self;
  me->run->tally->entered(me->index);
  acl_fiber_switch();
  me->run->tally->completed();
}

void memory_controller(ACL_FIBER*, void* arg) {
  MemoryRun& run = *static_cast<MemoryRun*>(arg);
  MemoryTally& tally = *run.tally;
  const std::size_t n = tally.coroutines();
  tally.begin();
  run.fibers.resize(n);
  std::vector<Suspended> args(n);
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = {&run, i};
    acl_fiber_create(memory_body, &args[i], kStackBytes);  // queued
  }
  while (tally.entries() < n) acl_fiber_yield();  // one yield: the N run, each suspends itself
  tally.all_suspended();
  for (auto* f : run.fibers) acl_fiber_ready(f);
  while (tally.completions() < n) acl_fiber_yield();
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  MemoryRun run{&tally, {}};
  acl_fiber_create(memory_controller, &run, kStackBytes);  // libfiber's per-thread state exists from here
  acl_fiber_schedule();
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("libfiber");  // no version number upstream: library.json's "version"
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
