// pth: GNU Pth's non-preemptive user-space threads and their scheduler. Every thread runs
// `for (k = turns; k != 0; --k) pth_yield(NULL);`: the yielding thread goes back to the ready queue and Pth's
// scheduler (a context of its own) picks the next one. Debian's build switches with glibc's
// swapcontext (mctx method "mcsc"), twice per yield: thread -> scheduler -> next thread.
#include <pth.h>

#include <stdexcept>
#include <vector>

#include "../common/coroutine_adapter.hpp"

using namespace benchbox::coroutine;

namespace {

void* body(void* arg) {
  const auto* self = static_cast<const SwitchArg*>(arg);
  self->tally->run(self->index, [] { pth_yield(nullptr); });
  return nullptr;
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  std::vector<SwitchArg> bodies(n);
  std::vector<pth_t> threads(n);
  pth_attr_t attr = pth_attr_new();
  pth_attr_set(attr, PTH_ATTR_STACK_SIZE, static_cast<unsigned int>(kStackBytes));
  pth_attr_set(attr, PTH_ATTR_JOINABLE, TRUE);
  // pth_spawn only creates each thread and queues it as new; they first run when main joins.
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = SwitchArg{&tally, i};
    threads[i] = pth_spawn(attr, body, &bodies[i]);
    if (!threads[i]) throw std::runtime_error("pth_spawn failed");
  }
  pth_attr_destroy(attr);
  for (auto t : threads) pth_join(t, nullptr);
  tally.finish();
}

pth_attr_t joinable_attr() {
  pth_attr_t attr = pth_attr_new();
  pth_attr_set(attr, PTH_ATTR_STACK_SIZE, static_cast<unsigned int>(kStackBytes));
  pth_attr_set(attr, PTH_ATTR_JOINABLE, TRUE);
  return attr;
}

// Create: K threads spawned (pth_spawn queues them as new), then joined: the scheduler runs each
// to its end and pth_join releases it, ops/K times.
void* create_body(void* arg) {
  static_cast<const CreateArg*>(arg)->run();
  return nullptr;
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  const std::size_t k = tally.alive();
  std::vector<CreateArg> args(k);
  std::vector<pth_t> batch(k);
  pth_attr_t attr = joinable_attr();
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::size_t j = 0; j < k; ++j) {
      args[j] = CreateArg{&tally, ++id};
      batch[j] = pth_spawn(attr, create_body, &args[j]);
      if (!batch[j]) throw std::runtime_error("pth_spawn failed");
    }
    for (auto t : batch) pth_join(t, nullptr);
  }
  tally.stop();
  pth_attr_destroy(attr);
  tally.finish();
}

// Memory: N threads, each records its entry and waits on a condition variable until the
// measurement is taken (main yields until all have entered).
struct MemoryShared {
  MemoryTally* tally;
  pth_mutex_t mutex;
  pth_cond_t cond;
  bool go = false;
};
struct Suspended {
  MemoryShared* shared;
  std::size_t index;
};

void* memory_body(void* arg) {
  const auto* self = static_cast<const Suspended*>(arg);
  MemoryShared& s = *self->shared;
  s.tally->entered(self->index);
  pth_mutex_acquire(&s.mutex, FALSE, nullptr);
  while (!s.go) pth_cond_await(&s.cond, &s.mutex, nullptr);
  pth_mutex_release(&s.mutex);
  s.tally->completed();
  return nullptr;
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  MemoryShared s{&tally, {}, {}, false};
  pth_mutex_init(&s.mutex);
  pth_cond_init(&s.cond);
  std::vector<Suspended> args(n);
  std::vector<pth_t> threads(n);
  pth_attr_t attr = joinable_attr();
  tally.begin();
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = Suspended{&s, i};
    threads[i] = pth_spawn(attr, memory_body, &args[i]);
    if (!threads[i]) throw std::runtime_error("pth_spawn failed");
  }
  while (tally.entries() < n) pth_yield(nullptr);
  tally.all_suspended();
  pth_mutex_acquire(&s.mutex, FALSE, nullptr);
  s.go = true;
  pth_cond_notify(&s.cond, TRUE);
  pth_mutex_release(&s.mutex);
  for (auto t : threads) pth_join(t, nullptr);
  pth_attr_destroy(attr);
  tally.finish();
}

}  // namespace

// pth_kill() when main() returns, once pth_init succeeded.
struct PthSession {
  ~PthSession() { pth_kill(); }
};

int main(int argc, char** argv) {
  if (!pth_init()) {
    std::fprintf(stderr, "pth_init failed\n");
    return 1;
  }
  const PthSession session;
  const long v = pth_version();  // 0xVRRTLL: 0x200207 = 2.0.7
  Library adapter(
      "pth", std::to_string(v >> 20) + "." + std::to_string((v >> 12) & 0xff) + "." + std::to_string(v & 0xff));
  adapter.add(Case::switch_, run_switch).add(Case::create, run_create).add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
