// libtask: Russ Cox's cooperative tasks and channels (Plan 9 style). libtask.a defines main():
// it creates a task running taskmain(argc, argv) and runs the scheduler. This file defines
// taskmain, in which the whole adapter runs (argc/argv passed through), and ends the process with
// taskexitall(status). The scheduler is one FIFO run queue; every task switch goes through the
// scheduler's own context (task -> scheduler -> next task: two register swaps per switch).
#include <task.h>

#include <cstdint>
#include <vector>

#include "../common/coroutine_adapter.hpp"

using namespace benchbox::coroutine;

namespace {

// --- switch: N tasks, `tally.run(i, taskyield)` --------------------------------
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
  run->tally->run(self->index, [] { taskyield(); });
  if (--run->running == 0) chansendul(run->finished, 0);
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
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
  volatile bool producer_done;  // volatile: set by the producer task, polled by taskmain across yields
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
  ChannelRun run{&tally, chancreate(sizeof(unsigned long), static_cast<int>(trial.axis_number())), trial.ops(), false};
  taskcreate(producer, &run, kStackBytes);
  tally.consume([&run] { return chanrecvul(run.ch); });
  while (!run.producer_done) taskyield();  // untimed: let the producer leave (it is freed then)
  chanfree(run.ch);
  tally.finish();
}

static_assert(sizeof(unsigned long) == sizeof(std::uint64_t), "chansendul carries the 64-bit values");

// --- create: taskmain taskcreate()s K tasks, then taskyield()s until all K have run --------------
// taskcreate mallocs the task record and its fixed-size stack in one block, prepares its context
// (a sigprocmask system call for its signal mask, then libtask's own getcontext and makecontext,
// no system call) and queues it; taskmain's yield puts it behind the K, the scheduler runs each to
// its end and frees its block, then taskmain again.
void create_body(void* arg) {
  static_cast<const CreateArg*>(arg)->run();
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  spawn_batches(tally, [](CreateArg& a) { taskcreate(create_body, &a, kStackBytes); }, [] { taskyield(); });
  tally.finish();
}

// --- memory: N tasks, each entered once and asleep on one Rendez ---------------------------------
struct MemoryShared {
  MemoryTally* tally;
  Rendez rendez;  // tasksleep() until taskwakeupall() after the measurement
};

struct Sleeper {
  MemoryShared* shared;
  std::size_t index;
};

void memory_body(void* arg) {
  const auto* self = static_cast<const Sleeper*>(arg);
  self->shared->tally->entered(self->index);
  tasksleep(&self->shared->rendez);
  self->shared->tally->completed();
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  MemoryShared shared{&tally, {}};
  tally.begin();
  std::vector<Sleeper> args(n);
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = {&shared, i};
    taskcreate(memory_body, &args[i], kStackBytes);
  }
  while (tally.entries() < n) taskyield();  // one yield: the N tasks run, each falls asleep
  tally.all_suspended();
  taskwakeupall(&shared.rendez);
  while (tally.completions() < n) taskyield();
  tally.finish();
}

}  // namespace

extern "C" void taskmain(int argc, char** argv) {
  Library adapter("libtask");  // no version number upstream: library.json's "version"
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  taskexitall(adapter.main(argc, argv));
}
