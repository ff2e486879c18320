// cloudwu/coroutine: Yun Feng's (cloudwu) minimal asymmetric coroutines in C. Shared-stack design:
// every coroutine of a schedule runs on the schedule's one 1 MiB stack; coroutine_yield copies the
// live part of the stack out to the coroutine's own buffer and coroutine_resume copies it back, so
// every round trip copies the stack twice. Switches are glibc swapcontext (each one also an
// rt_sigprocmask system call).
#include <cstdint>
#include <vector>

#include "../common/coroutine_adapter.hpp"

extern "C" {  // coroutine.h has no extern "C" guard of its own
#include <coroutine.h>
}

using namespace benchbox::coroutine;

namespace {

constexpr std::int64_t kSharedStackBytes = 1024 * 1024;  // STACK_SIZE in coroutine.c, fixed

void switch_body(schedule* s, void* arg) {
  auto* self = static_cast<SwitchArg*>(arg);
  self->tally->body(self->index, [s] { coroutine_yield(s); });
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  schedule* s = coroutine_open();
  std::vector<SwitchArg> bodies(n);
  std::vector<int> ids(n);
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = {&tally, i};
    ids[i] = coroutine_new(s, switch_body, &bodies[i]);
  }
  tally.drive([&](std::size_t i) { coroutine_resume(s, ids[i]); });
  tally.finish();
  coroutine_close(s);  // frees the coroutines, their saved stacks and the schedule
}

// --- create: K coroutines (coroutine_new: a malloc'ed record), each coroutine_resume()d once ----
// The first resume prepares a context on the schedule's shared stack (getcontext + makecontext)
// and swapcontext()s into it; the function returns through uc_link and cloudwu frees the
// coroutine as it ends. The schedule (and its 1 MiB stack) is opened before the clock starts.
void create_body(schedule*, void* arg) {
  static_cast<const CreateArg*>(arg)->run();
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  const std::size_t k = tally.alive();
  schedule* s = coroutine_open();
  std::vector<CreateArg> args(k);
  std::vector<int> ids(k);
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::size_t j = 0; j < k; ++j) {
      args[j] = {&tally, ++id};
      ids[j] = coroutine_new(s, create_body, &args[j]);
    }
    for (int i : ids) coroutine_resume(s, i);  // runs to its end; freed there
  }
  tally.stop();
  coroutine_close(s);
  tally.finish();
}

// --- memory: N coroutines, each resumed once and suspended in coroutine_yield() -----------------
// Each yield copies the coroutine's live stack out of the shared stack into its own buffer.
void memory_body(schedule* s, void* arg) {
  const auto* self = static_cast<const MemoryArg*>(arg);
  self->tally->entered(self->index);
  coroutine_yield(s);
  self->tally->completed();
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  schedule* s = coroutine_open();  // the shared 1 MiB stack: reserved once, before the measurement
  tally.begin();
  std::vector<MemoryArg> args(n);
  std::vector<int> ids(n);
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = {&tally, i};
    ids[i] = coroutine_new(s, memory_body, &args[i]);
    coroutine_resume(s, ids[i]);
  }
  tally.all_suspended();
  for (int i : ids) coroutine_resume(s, i);
  coroutine_close(s);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("cloudwu");  // no version number upstream: library.json's "version"
  adapter.add(Case::switch_, run_switch).add(Case::create, run_create).add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
