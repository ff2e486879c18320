// libfiber: acl's fibers (lib_fiber; the standalone copy iqiyi/libfiber). One scheduler per
// thread: acl_fiber_create() queues a fiber, acl_fiber_schedule() runs the ready queue (FIFO,
// fiber-to-fiber switches in libfiber's own assembly) and returns when every fiber has exited.
// Channels are libtask-derived (acl_channel_*), with a buffer of the requested size.
#include <cstdint>
#include <vector>

#include "../common/coroutine_adapter.hpp"

#include <fiber/libfiber.h>

namespace {

using benchbox::Trial;
using benchbox::coroutine::ChannelTally;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

// --- switch: N fibers, `while (tally.enter(i)) acl_fiber_yield();` ---------------------------
struct SwitchFiber {
  SwitchTally* tally;
  std::size_t index;
};

void switch_body(ACL_FIBER*, void* arg) {
  auto* self = static_cast<SwitchFiber*>(arg);
  while (self->tally->enter(self->index)) acl_fiber_yield();
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  std::vector<SwitchFiber> fibers(n);
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
  while (!run->tally->received(acl_channel_recvul(run->ch))) {
  }
}

void producer(ACL_FIBER*, void* arg) {
  auto* run = static_cast<ChannelRun*>(arg);
  run->tally->start();
  for (std::uint64_t v = 1; v <= run->ops; ++v) acl_channel_sendul(run->ch, v);
}

void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  // acl_channel_create(elemsize, bufsize): a buffer of exactly bufsize values; 0 = unbuffered.
  ChannelRun run{&tally, acl_channel_create(sizeof(unsigned long), static_cast<int>(trial.param())), trial.ops()};
  acl_fiber_create(consumer, &run, kStackBytes);  // runs first and waits in recv
  acl_fiber_create(producer, &run, kStackBytes);
  acl_fiber_schedule();
  acl_channel_free(run.ch);
  tally.finish();
}

static_assert(sizeof(unsigned long) == sizeof(std::uint64_t), "acl_channel_sendul carries the 64-bit values");

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("libfiber", "unversioned");  // no version number upstream: docs/libraries.md has the commit
  adapter.info("hooks", "libfiber.a replaces libc's read/write/poll/... with its own (active only while "
                        "acl_fiber_schedule runs); nothing in the measured loops makes such a call");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "N acl_fiber_create() fibers each loop on acl_fiber_yield(); each yield that lands in another "
                        "fiber is one switch (direct fiber-to-fiber swap); the main thread runs "
                        "acl_fiber_schedule(), which returns when all fibers have exited",
               .min_param = 2}),
              run_switch);
  adapter.add("channel",
              benchbox::coroutine::channel_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "acl_channel_create(sizeof(unsigned long), buffer): a buffer of exactly that many values, 0 "
                        "= unbuffered; producer fiber acl_channel_sendul(), consumer fiber acl_channel_recvul()",
               .min_param = 0}),
              run_channel);
  return adapter.main(argc, argv);
}
