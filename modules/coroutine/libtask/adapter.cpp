// libtask: Russ Cox's cooperative tasks and channels (Plan 9 style). libtask.a defines main():
// it creates a task running taskmain(argc, argv) and runs the scheduler. This file defines
// taskmain, in which the whole adapter runs (argc/argv passed through), and ends the process with
// taskexitall(status). The scheduler is one FIFO run queue; every task switch goes through the
// scheduler's own context (task -> scheduler -> next task: two register swaps per switch).
#include <task.h>

#include <cstdint>

#include "../common/coroutine_adapter.hpp"

namespace {

using benchbox::Trial;
using benchbox::coroutine::ChannelTally;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

// --- switch: N tasks, `while (tally.enter(i)) taskyield();` --------------------------------
struct SwitchRun {
  SwitchTally* tally;
  Channel* finished;  // buffer 1: the last task to leave tells taskmain
  std::size_t running;
};

struct SwitchTask {
  SwitchRun* run;
  std::size_t index;
};

void switch_body(void* arg) {
  auto* self = static_cast<SwitchTask*>(arg);
  SwitchRun* run = self->run;
  while (run->tally->enter(self->index)) taskyield();
  if (--run->running == 0) chansendul(run->finished, 0);
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  SwitchRun run{&tally, chancreate(sizeof(unsigned long), 1), n};
  std::vector<SwitchTask> tasks(n);
  // taskcreate only queues the task; taskmain then blocks, so the N tasks run alone.
  for (std::size_t i = 0; i < n; ++i) {
    tasks[i] = {&run, i};
    taskcreate(switch_body, &tasks[i], kStackBytes);
  }
  chanrecvul(run.finished);
  chanfree(run.finished);
  tally.finish();
}

// --- channel: producer task, taskmain is the consumer ---------------------------------------
struct ChannelRun {
  ChannelTally* tally;
  Channel* ch;
  std::uint64_t ops;
  bool producer_done;
};

void producer(void* arg) {
  auto* run = static_cast<ChannelRun*>(arg);
  run->tally->start();
  for (std::uint64_t v = 1; v <= run->ops; ++v) chansendul(run->ch, v);
  run->producer_done = true;
}

void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  // chancreate(elemsize, elemcnt): a buffer of exactly elemcnt values; 0 = unbuffered.
  ChannelRun run{&tally, chancreate(sizeof(unsigned long), static_cast<int>(trial.param())), trial.ops(), false};
  taskcreate(producer, &run, kStackBytes);
  while (!tally.received(chanrecvul(run.ch))) {
  }
  while (!run.producer_done) taskyield();  // untimed: let the producer leave (it is freed then)
  chanfree(run.ch);
  tally.finish();
}

static_assert(sizeof(unsigned long) == sizeof(std::uint64_t), "chansendul carries the 64-bit values");

}  // namespace

extern "C" void taskmain(int argc, char** argv) {
  benchbox::Adapter adapter("libtask", "unversioned");  // no version number upstream: docs/libraries.md has the commit
  adapter.info("main", "libtask's own main(); the adapter runs in taskmain (256 KiB task stack)");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "N taskcreate() tasks each loop on taskyield(); each yield that lands in another task is one "
                        "switch; taskmain waits blocked on a channel; every switch passes through the scheduler's "
                        "context (two register swaps)",
               .min_param = 2}),
              run_switch);
  adapter.add("channel",
              benchbox::coroutine::channel_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "chancreate(sizeof(unsigned long), buffer): a buffer of exactly that many values, 0 = "
                        "unbuffered; producer task chansendul(), taskmain chanrecvul()",
               .min_param = 0}),
              run_channel);
  taskexitall(adapter.main(argc, argv));
}
