// tbox.stackless: tbox's stackless coroutines (tb_lo_*): protothread-style state machines built
// from computed gotos; locals do not survive a yield, so all state lives in the argument.
#include "tbox/tbox.h"

#include <string>
#include <vector>

#include "../common/coroutine_adapter.hpp"
#include "../common/tbox_library.hpp"

using namespace benchbox::coroutine;

namespace {

struct SwitchArg {
  SwitchTally* tally;
  std::size_t index;
  std::uint64_t turns_left;  // stackless: what lives across a yield lives here, not in a local
};

// SwitchTally::run() spelled out: a stackless body resumes at its last yield through a switch.
void switch_body(tb_lo_coroutine_ref_t coroutine, tb_cpointer_t priv) {
  auto* arg = static_cast<SwitchArg*>(const_cast<void*>(priv));
  tb_lo_coroutine_enter(coroutine) {
    while (arg->tally->head(arg->index)) tb_lo_coroutine_yield();
    for (arg->turns_left = arg->tally->turns(); arg->turns_left != 0; --arg->turns_left) tb_lo_coroutine_yield();
    arg->tally->leave();
    while (arg->tally->tail(arg->index)) tb_lo_coroutine_yield();
  }
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  std::vector<SwitchArg> args(n);
  tb_lo_scheduler_ref_t scheduler = tb_lo_scheduler_init();
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = {&tally, i, 0};
    tb_lo_coroutine_start(scheduler, switch_body, &args[i], tb_null);
  }
  tb_lo_scheduler_loop(scheduler, tb_true);
  tb_lo_scheduler_exit(scheduler);
  tally.finish();
}

// Create: a spawner coroutine starts K coroutines (tb_lo_coroutine_start) and waits until the
// scheduler has run all K to their end, ops/K times. Stackless: the spawner's state lives here.
struct CreateState {
  CreateTally* tally;
  tb_lo_scheduler_ref_t scheduler;
  std::uint64_t batch = 0, next_id = 0;
};
CreateState* create_state = nullptr;

void create_body(tb_lo_coroutine_ref_t coroutine, tb_cpointer_t priv) {
  tb_lo_coroutine_enter(coroutine) {
    create_state->tally->entered(reinterpret_cast<std::uintptr_t>(priv));
    create_state->tally->completed();
  }
}

void create_spawner(tb_lo_coroutine_ref_t coroutine, tb_cpointer_t) {
  CreateState& s = *create_state;
  tb_lo_coroutine_enter(coroutine) {
    s.tally->start();
    for (s.batch = 0; s.batch < s.tally->batches(); ++s.batch) {
      for (std::uint64_t j = 0; j < s.tally->alive(); ++j)
        tb_lo_coroutine_start(s.scheduler, create_body, reinterpret_cast<tb_cpointer_t>(++s.next_id), tb_null);
      tb_lo_coroutine_wait_until(s.tally->completions() == (s.batch + 1) * s.tally->alive());
    }
    s.tally->stop();
  }
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  tb_lo_scheduler_ref_t scheduler = tb_lo_scheduler_init();
  CreateState state{&tally, scheduler};
  create_state = &state;
  tb_lo_coroutine_start(scheduler, create_spawner, tb_null, tb_null);
  tb_lo_scheduler_loop(scheduler, tb_true);
  tb_lo_scheduler_exit(scheduler);
  tally.finish();
}

// Memory: a controller starts N coroutines; each records its entry and suspends
// (tb_lo_coroutine_suspend); the controller measures, then resumes each to its end.
struct MemoryState {
  MemoryTally* tally;
  tb_lo_scheduler_ref_t scheduler;
  std::vector<tb_lo_coroutine_ref_t> suspended;
};
MemoryState* memory_state = nullptr;

void memory_body(tb_lo_coroutine_ref_t coroutine, tb_cpointer_t priv) {
  const auto i = reinterpret_cast<std::uintptr_t>(priv);
  tb_lo_coroutine_enter(coroutine) {
    memory_state->suspended[i] = coroutine;
    memory_state->tally->entered(i);
    tb_lo_coroutine_suspend();
    memory_state->tally->completed();
  }
}

void memory_controller(tb_lo_coroutine_ref_t coroutine, tb_cpointer_t) {
  MemoryState& s = *memory_state;
  tb_lo_coroutine_enter(coroutine) {
    s.tally->begin();
    for (std::size_t i = 0; i < s.tally->coroutines(); ++i)
      tb_lo_coroutine_start(s.scheduler, memory_body, reinterpret_cast<tb_cpointer_t>(i), tb_null);
    tb_lo_coroutine_wait_until(s.tally->entries() == s.tally->coroutines());
    s.tally->all_suspended();
    for (auto* c : s.suspended) tb_lo_coroutine_resume(c);
  }
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  tb_lo_scheduler_ref_t scheduler = tb_lo_scheduler_init();
  MemoryState state{&tally, scheduler, std::vector<tb_lo_coroutine_ref_t>(tally.coroutines(), nullptr)};
  memory_state = &state;
  tb_lo_coroutine_start(scheduler, memory_controller, tb_null, tb_null);
  tb_lo_scheduler_loop(scheduler, tb_true);
  tb_lo_scheduler_exit(scheduler);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  const TboxSession tbox;
  if (!tbox.started()) return 3;
  Library adapter("tbox.stackless", tbox_version());
  adapter.add(Case::switch_, run_switch).add(Case::create, run_create).add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
