// ucontext: glibc's makecontext/swapcontext. Each swapcontext also saves and restores the signal
// mask with a system call, which is what this row shows. No channel in the API.
#include <ucontext.h>

#include <gnu/libc-version.h>

#include <memory>
#include <vector>

#include "../common/coroutine_adapter.hpp"

namespace {

using benchbox::Trial;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

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
  for (;;) {
    shared->tally->entered(i);
    swapcontext(&shared->coroutines[i].context, &shared->main_context);
  }
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  Shared s{.main_context = {}, .coroutines = std::vector<Coroutine>(n), .tally = &tally};
  shared = &s;
  for (std::size_t i = 0; i < n; ++i) {
    auto& c = s.coroutines[i];
    c.stack = std::make_unique<std::byte[]>(kStackBytes);
    getcontext(&c.context);
    c.context.uc_stack.ss_sp = c.stack.get();
    c.context.uc_stack.ss_size = kStackBytes;
    c.context.uc_link = nullptr;
    makecontext(&c.context, reinterpret_cast<void (*)()>(body), 1, static_cast<int>(i));
  }
  for (auto& c : s.coroutines) swapcontext(&s.main_context, &c.context);  // priming
  tally.begin();
  SwitchTally::round_robin(tally.target() / 2, n, [&](std::size_t i) { swapcontext(&s.main_context, &s.coroutines[i].context); });
  tally.end();
  tally.finish();
  shared = nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("ucontext", std::string("glibc ") + gnu_get_libc_version());
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "asymmetric",
               .stack_bytes = kStackBytes,
               .notes = "swapcontext to each coroutine and back; every swapcontext also makes an rt_sigprocmask system call",
               .min_param = 1}),
              run_switch);
  adapter.not_applicable("channel", "ucontext has no channel; one built here would measure benchbox's code, not glibc's");
  return adapter.main(argc, argv);
}
