// tbox: stackful coroutines on tbox's scheduler (tb_coroutine_yield switches straight to the
// next ready coroutine) and tbox's co_channel, which carries pointer-sized values.
#include "tbox/tbox.h"

#include <cstdint>
#include <string>
#include <vector>

#include "../common/coroutine_adapter.hpp"
#include "../common/tbox_library.hpp"

using namespace benchbox::coroutine;

namespace {

void switch_body(tb_cpointer_t priv) {
  const auto* arg = static_cast<const SwitchArg*>(priv);
  arg->tally->run(arg->index, [] { tb_coroutine_yield(); });
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  std::vector<SwitchArg> args(n);
  tb_co_scheduler_ref_t scheduler = tb_co_scheduler_init();
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = {&tally, i};
    tb_coroutine_start(scheduler, switch_body, &args[i], kStackBytes);
  }
  tb_co_scheduler_loop(scheduler, tb_true);  // returns when every coroutine has finished
  tb_co_scheduler_exit(scheduler);
  tally.finish();
}

struct ChannelArg {
  tb_co_channel_ref_t channel;
  ChannelTally* tally;
  std::uint64_t ops;
};

void producer(tb_cpointer_t priv) {
  const auto* arg = static_cast<const ChannelArg*>(priv);
  arg->tally->start();
  for (std::uint64_t v = 1; v <= arg->ops; ++v) tb_co_channel_send(arg->channel, reinterpret_cast<tb_cpointer_t>(v));
}

void consumer(tb_cpointer_t priv) {
  const auto* arg = static_cast<const ChannelArg*>(priv);
  arg->tally->consume([arg] { return reinterpret_cast<std::uintptr_t>(tb_co_channel_recv(arg->channel)); });
}

void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  tb_co_scheduler_ref_t scheduler = tb_co_scheduler_init();
  ChannelArg arg{tb_co_channel_init(static_cast<tb_size_t>(trial.axis_number()), tb_null, tb_null), &tally, trial.ops()};
  tb_coroutine_start(scheduler, consumer, &arg, kStackBytes);
  tb_coroutine_start(scheduler, producer, &arg, kStackBytes);
  tb_co_scheduler_loop(scheduler, tb_true);
  tb_co_channel_exit(arg.channel);
  tb_co_scheduler_exit(scheduler);
  tally.finish();
}

// Create: a spawner coroutine starts K coroutines through the scheduler (tb_coroutine_start) and
// yields until all K have run to their end, ops/K times. tbox keeps a small cache of dead
// coroutines and reuses them: that is the library's own creation path.
struct CreateRun {
  CreateTally* tally;
  std::uint64_t next_id = 0;
  tb_co_scheduler_ref_t scheduler;
};
CreateRun* g_create = nullptr;

void create_body(tb_cpointer_t priv) {
  g_create->tally->entered(reinterpret_cast<std::uintptr_t>(priv));
  g_create->tally->completed();
}

void create_spawner(tb_cpointer_t) {
  CreateTally& tally = *g_create->tally;
  const std::uint64_t k = tally.alive();
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::uint64_t j = 0; j < k; ++j)
      tb_coroutine_start(g_create->scheduler, create_body, reinterpret_cast<tb_cpointer_t>(++g_create->next_id), kStackBytes);
    while (tally.completions() < (b + 1) * k) tb_coroutine_yield();
  }
  tally.stop();
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  tb_co_scheduler_ref_t scheduler = tb_co_scheduler_init();
  CreateRun arg{&tally, 0, scheduler};
  g_create = &arg;
  tb_coroutine_start(scheduler, create_spawner, tb_null, kStackBytes);
  tb_co_scheduler_loop(scheduler, tb_true);
  tb_co_scheduler_exit(scheduler);
  tally.finish();
}

// Memory: a controller coroutine starts N coroutines; each records its entry and suspends
// (tb_coroutine_suspend); the controller measures, then resumes each one to its end.
struct MemoryRun {
  MemoryTally* tally;
  tb_co_scheduler_ref_t scheduler;
  std::vector<tb_coroutine_ref_t> suspended;
};
MemoryRun* g_memory = nullptr;

void memory_body(tb_cpointer_t priv) {
  const auto i = reinterpret_cast<std::uintptr_t>(priv);
  g_memory->suspended[i] = tb_coroutine_self();
  g_memory->tally->entered(i);
  tb_coroutine_suspend(tb_null);
  g_memory->tally->completed();
}

void memory_controller(tb_cpointer_t) {
  MemoryTally& tally = *g_memory->tally;
  const std::size_t n = tally.coroutines();
  tally.begin();
  for (std::size_t i = 0; i < n; ++i)
    tb_coroutine_start(g_memory->scheduler, memory_body, reinterpret_cast<tb_cpointer_t>(i), kStackBytes);
  while (tally.entries() < n) tb_coroutine_yield();
  tally.all_suspended();
  for (auto* c : g_memory->suspended) tb_coroutine_resume(c, tb_null);
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  tb_co_scheduler_ref_t scheduler = tb_co_scheduler_init();
  MemoryRun arg{&tally, scheduler, std::vector<tb_coroutine_ref_t>(tally.coroutines(), nullptr)};
  g_memory = &arg;
  tb_coroutine_start(scheduler, memory_controller, tb_null, kStackBytes);
  tb_co_scheduler_loop(scheduler, tb_true);
  tb_co_scheduler_exit(scheduler);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  const TboxSession tbox;
  if (!tbox.started()) return 3;
  Library adapter("tbox", tbox_version());
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
