// libaco: hnes's asymmetric C coroutines with a 10-instruction-ish switch (acosw assembly).
// A non-main coroutine runs on a "share stack"; when the owner of a share stack changes, its live
// stack is copied out and in. benchbox gives every coroutine a share stack of its own (64 KiB +
// guard page), so no copy ever happens: the private-stack use of libaco. Each switch saves and
// restores the x87 control word and MXCSR (the default build, ACO_CONFIG_SHARE_FPU_MXCSR_ENV off).
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "../common/coroutine_adapter.hpp"

#include <aco.h>  // extern "C" guarded

using namespace benchbox::coroutine;

namespace {

void switch_body() {
  auto* self = static_cast<SwitchArg*>(aco_get_arg());
  self->tally->body(self->index, [] { aco_yield(); });
  aco_exit();  // never reached; libaco requires every coroutine function to end with it
}

aco_t* main_co() {  // once per thread: aco_thread_init, then the main co that resumes the others
  static aco_t* co = [] {
    aco_thread_init(nullptr);
    return aco_create(nullptr, nullptr, 0, nullptr, nullptr);
  }();
  return co;
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  aco_t* main = main_co();
  std::vector<SwitchArg> bodies(n);
  std::vector<aco_share_stack_t*> stacks(n);
  std::vector<aco_t*> cos(n);
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = {&tally, i};
    stacks[i] = aco_share_stack_new(kStackBytes);  // 64 KiB usable + a guard page, mmap'ed
    cos[i] = aco_create(main, stacks[i], 0, switch_body, &bodies[i]);
  }
  tally.drive([&](std::size_t i) { aco_resume(cos[i]); });
  tally.finish();
  for (std::size_t i = 0; i < n; ++i) {
    aco_destroy(cos[i]);
    aco_share_stack_destroy(stacks[i]);
  }
}

// Create and memory use libaco's own design: every coroutine of the trial runs on ONE share stack
// of 64 KiB (+ a read-only guard page, mmap'ed once before the measurement: what libaco reserves
// for all of them). When a coroutine is resumed while another one is suspended on the share
// stack, aco_resume first copies the suspended one's live frames out into that one's private save
// stack (malloc'ed at aco_create, 64 bytes, doubled as needed), and copies them back when it is
// resumed in turn. One share stack per coroutine (switch) would reserve 68 KiB each in two
// mappings and stop near 32000 coroutines at vm.max_map_count.

// --- create: K coroutines on the share stack, each aco_resume()d once to its aco_exit() ----------
// A coroutine that has exited leaves nothing on the share stack: no copy is ever made here.
void create_body() {
  static_cast<const CreateArg*>(aco_get_arg())->run();
  aco_exit();
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  const std::size_t k = tally.alive();
  aco_t* main = main_co();
  aco_share_stack_t* stack = aco_share_stack_new(kStackBytes);
  std::vector<CreateArg> args(k);
  std::vector<aco_t*> batch(k);
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::size_t j = 0; j < k; ++j) {
      args[j] = {&tally, ++id};
      batch[j] = aco_create(main, stack, 0, create_body, &args[j]);  // malloc: the aco_t and a 64-byte save stack
    }
    for (auto* co : batch) aco_resume(co);
    for (auto* co : batch) aco_destroy(co);
  }
  tally.stop();
  aco_share_stack_destroy(stack);
  tally.finish();
}

// --- memory: N coroutines on the share stack, each resumed once and suspended in aco_yield() ----
void memory_body() {
  const auto* self = static_cast<const MemoryArg*>(aco_get_arg());
  self->tally->entered(self->index);
  aco_yield();
  self->tally->completed();
  aco_exit();
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  aco_t* main = main_co();
  aco_share_stack_t* stack = aco_share_stack_new(kStackBytes);  // reserved once, before the measurement
  tally.begin();
  std::vector<MemoryArg> args(n);
  std::vector<aco_t*> cos(n);
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = {&tally, i};
    cos[i] = aco_create(main, stack, 0, memory_body, &args[i]);
    aco_resume(cos[i]);  // saves the previous coroutine's frames off the share stack first
  }
  tally.all_suspended();
  for (auto* co : cos) aco_resume(co);
  for (auto* co : cos) aco_destroy(co);
  aco_share_stack_destroy(stack);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("libaco", std::to_string(ACO_VERSION_MAJOR) + "." + std::to_string(ACO_VERSION_MINOR) + "." +
                                       std::to_string(ACO_VERSION_PATCH));
  adapter.add(Case::switch_, run_switch).add(Case::create, run_create).add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
