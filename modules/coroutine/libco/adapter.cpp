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

namespace {

using benchbox::Trial;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

struct Body {
  SwitchTally* tally;
  std::size_t index;
};

void* switch_body(void* arg) {
  auto* self = static_cast<Body*>(arg);
  for (;;) {
    self->tally->entered(self->index);
    co_yield_ct();
  }
  return nullptr;
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  stCoRoutineAttr_t attr;  // private stack per coroutine (share_stack = NULL)
  attr.stack_size = static_cast<int>(kStackBytes);
  std::vector<Body> bodies(n);
  std::vector<stCoRoutine_t*> cos(n, nullptr);
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = {&tally, i};
    if (co_create(&cos[i], &attr, switch_body, &bodies[i]) != 0) {
      std::fprintf(stderr, "libco: co_create failed\n");
      std::exit(1);
    }
  }
  for (auto* co : cos) co_resume(co);  // priming: first entry of each
  tally.begin();
  SwitchTally::round_robin(tally.target() / 2, n, [&](std::size_t i) { co_resume(cos[i]); });
  tally.end();
  tally.finish();
  for (auto* co : cos) co_release(co);  // frees the stack; nothing to unwind in a C body
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("libco", "unversioned");  // no version number upstream: docs/libraries.md has the commit
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "asymmetric",
               .stack_bytes = kStackBytes,
               .notes = "co_resume() into each coroutine round-robin, co_yield_ct() back; private stacks "
                        "(stCoRoutineAttr_t.stack_size, no shared stack); syscall hooks not enabled",
               .min_param = 1}),
              run_switch);
  adapter.not_applicable("channel",
                         "libco has no channel; its only waiting primitive, co_cond_*, needs co_eventloop (an epoll "
                         "loop): a channel built on it would measure benchbox's code and the event loop");
  return adapter.main(argc, argv);
}
