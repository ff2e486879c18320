// libco: Tencent's coroutines for its RPC servers. Asymmetric: co_resume() pushes the coroutine
// on the thread's call stack and switches to it, co_yield_ct() switches back to the resumer.
// The switch is libco's coctx_swap assembly; co_swap also does shared-stack bookkeeping.
#include <cstdint>
#include <vector>

#include "../common/coroutine_adapter.hpp"

// co_routine.h declares a function named co_yield, a keyword since C++20: rename it while the
// header is read (the adapter only uses co_yield_ct).
#define co_yield libco_co_yield_renamed
#include <co_routine.h>
#undef co_yield

using namespace benchbox::coroutine;

namespace {

void* switch_body(void* arg) {
  auto* self = static_cast<SwitchArg*>(arg);
  self->tally->body(self->index, [] { co_yield_ct(); });
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  stCoRoutineAttr_t attr;  // private stack per coroutine (share_stack = NULL)
  attr.stack_size = static_cast<int>(kStackBytes);
  std::vector<SwitchArg> bodies(n);
  std::vector<stCoRoutine_t*> cos(n, nullptr);
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = {&tally, i};
    if (co_create(&cos[i], &attr, switch_body, &bodies[i]) != 0) {
      std::fprintf(stderr, "libco: co_create failed\n");
      std::exit(1);
    }
  }
  tally.drive([&](std::size_t i) { co_resume(cos[i]); });
  tally.finish();
  for (auto* co : cos) co_release(co);  // frees the stack; nothing to unwind in a C body
}

// libco sets up its per-thread environment (the main coroutine's record and 128 KiB stack, an
// epoll instance and a 60000-slot timeout wheel) at the first co_create; co_get_epoll_ct() does it
// before any measurement, so that no case pays for it.
void set_up_environment() { (void)co_get_epoll_ct(); }

// --- create: K coroutines created (co_create: record + private stack), each co_resume()d once ---
// (its function runs to its end and libco switches back), then co_release()d, ops/K times.
void* create_body(void* arg) {
  static_cast<const CreateArg*>(arg)->run();
  return nullptr;
}

void run_create(Trial& trial) {
  set_up_environment();
  CreateTally tally(trial);
  const std::size_t k = tally.alive();
  stCoRoutineAttr_t attr;  // private stack per coroutine, as in switch
  attr.stack_size = static_cast<int>(kStackBytes);
  std::vector<CreateArg> args(k);
  std::vector<stCoRoutine_t*> batch(k, nullptr);
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::size_t j = 0; j < k; ++j) {
      args[j] = {&tally, ++id};
      co_create(&batch[j], &attr, create_body, &args[j]);
    }
    for (auto* co : batch) co_resume(co);
    for (auto* co : batch) co_release(co);  // frees the stack and the record
  }
  tally.stop();
  tally.finish();
}

// --- memory: N coroutines, each co_resume()d once and suspended in co_yield_ct() ---------------
void* memory_body(void* arg) {
  const auto* self = static_cast<const MemoryArg*>(arg);
  self->tally->entered(self->index);
  co_yield_ct();
  self->tally->completed();
  return nullptr;
}

void run_memory(Trial& trial) {
  set_up_environment();
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  stCoRoutineAttr_t attr;
  attr.stack_size = static_cast<int>(kStackBytes);
  tally.begin();
  std::vector<MemoryArg> args(n);
  std::vector<stCoRoutine_t*> cos(n, nullptr);
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = {&tally, i};
    co_create(&cos[i], &attr, memory_body, &args[i]);
    co_resume(cos[i]);
  }
  tally.all_suspended();
  for (auto* co : cos) co_resume(co);
  for (auto* co : cos) co_release(co);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("libco");  // no version number upstream: library.json's "version"
  adapter.add(Case::switch_, run_switch).add(Case::create, run_create).add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
