// ucontext: glibc's makecontext/swapcontext. Each swapcontext also saves and restores the signal
// mask with a system call, which is what this row shows. No channel in the API.
#include <ucontext.h>

#include <gnu/libc-version.h>

#include <memory>
#include <vector>

#include "../common/coroutine_adapter.hpp"

using namespace benchbox::coroutine;

namespace {

struct Coroutine {
  ucontext_t context;
  std::unique_ptr<std::byte[]> stack;
};

struct Shared {
  ucontext_t main_context;
  std::vector<Coroutine> coroutines;
  SwitchTally* tally;
};

Shared* shared = nullptr;  // makecontext passes only int arguments portably

void body(int index) {
  const auto i = static_cast<std::size_t>(index);
  ucontext_t* own = &shared->coroutines[i].context;
  ucontext_t* main_context = &shared->main_context;
  shared->tally->body(i, [own, main_context] { swapcontext(own, main_context); });
}

// getcontext + makecontext on a fresh stack. Out of line on purpose: g++ treats getcontext like
// setjmp (it may return twice) and compiles the whole function that calls it conservatively,
// warning that the cases' locals might be clobbered (-Wclobbered). One call per creation more,
// beside getcontext's own system call (sigprocmask).
[[gnu::noinline]] void prepare(ucontext_t& context, std::byte* stack, ucontext_t* link, void (*entry)(int), std::size_t index) {
  getcontext(&context);
  context.uc_stack.ss_sp = stack;
  context.uc_stack.ss_size = kStackBytes;
  context.uc_link = link;
  makecontext(&context, reinterpret_cast<void (*)()>(entry), 1, static_cast<int>(index));
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  Shared s{.main_context = {}, .coroutines = std::vector<Coroutine>(n), .tally = &tally};
  shared = &s;
  for (std::size_t i = 0; i < n; ++i) {
    auto& c = s.coroutines[i];
    c.stack = std::make_unique<std::byte[]>(kStackBytes);
    prepare(c.context, c.stack.get(), nullptr, body, i);
  }
  tally.drive([&](std::size_t i) { swapcontext(&s.main_context, &s.coroutines[i].context); });
  tally.finish();
  shared = nullptr;
}

// Create: K contexts at a time, each with a fresh 64 KiB stack (operator new, not zeroed),
// getcontext + makecontext, one swapcontext in; the body returns and uc_link brings control back;
// the stack is freed.
struct Created {
  ucontext_t context;
  std::byte* stack;
};
struct CreateShared {
  ucontext_t main_context;
  CreateTally* tally;
  std::uint64_t id_base;  // ids of this batch: id_base + index
};
CreateShared* create_shared = nullptr;

void create_body(int index) {
  create_shared->tally->entered(create_shared->id_base + static_cast<std::uint64_t>(index));
  create_shared->tally->completed();
}  // returns to uc_link: the main context

void run_create(Trial& trial) {
  CreateTally tally(trial);
  const std::size_t k = tally.alive();
  CreateShared s{.main_context = {}, .tally = &tally, .id_base = 1};
  create_shared = &s;
  std::vector<Created> batch(k);
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b, s.id_base += k) {
    for (std::size_t j = 0; j < k; ++j) {
      auto& c = batch[j];
      c.stack = new std::byte[kStackBytes];
      prepare(c.context, c.stack, &s.main_context, create_body, j);
    }
    for (auto& c : batch) swapcontext(&s.main_context, &c.context);
    for (auto& c : batch) delete[] c.stack;
  }
  tally.stop();
  tally.finish();
  create_shared = nullptr;
}

// Memory: N contexts with fresh 64 KiB stacks (operator new), each entered once and suspended in
// swapcontext back to main.
struct MemoryShared {
  ucontext_t main_context;
  std::vector<Created> coroutines;
  MemoryTally* tally;
};
MemoryShared* memory_shared = nullptr;

void memory_body(int index) {
  const auto i = static_cast<std::size_t>(index);
  memory_shared->tally->entered(i);
  swapcontext(&memory_shared->coroutines[i].context, &memory_shared->main_context);
  memory_shared->tally->completed();
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  MemoryShared s{.main_context = {}, .coroutines = {}, .tally = &tally};
  memory_shared = &s;
  tally.begin();
  s.coroutines.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto& c = s.coroutines[i];
    c.stack = new std::byte[kStackBytes];
    prepare(c.context, c.stack, &s.main_context, memory_body, i);
    swapcontext(&s.main_context, &c.context);
  }
  tally.all_suspended();
  for (auto& c : s.coroutines) swapcontext(&s.main_context, &c.context);
  for (auto& c : s.coroutines) delete[] c.stack;
  tally.finish();
  memory_shared = nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("ucontext", std::string("glibc ") + gnu_get_libc_version());
  adapter.add(Case::switch_, run_switch).add(Case::create, run_create).add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
