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

namespace {

using benchbox::Trial;
using benchbox::coroutine::SwitchTally;

constexpr std::int64_t kSharedStackBytes = 1024 * 1024;  // STACK_SIZE in coroutine.c, fixed

struct Body {
  SwitchTally* tally;
  std::size_t index;
};

void switch_body(schedule* s, void* arg) {
  auto* self = static_cast<Body*>(arg);
  for (;;) {
    self->tally->entered(self->index);
    coroutine_yield(s);
  }
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  schedule* s = coroutine_open();
  std::vector<Body> bodies(n);
  std::vector<int> ids(n);
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = {&tally, i};
    ids[i] = coroutine_new(s, switch_body, &bodies[i]);
  }
  for (int id : ids) coroutine_resume(s, id);  // priming: first entry, first save of each stack
  tally.begin();
  SwitchTally::round_robin(tally.target() / 2, n, [&](std::size_t i) { coroutine_resume(s, ids[i]); });
  tally.end();
  tally.finish();
  coroutine_close(s);  // frees the coroutines, their saved stacks and the schedule
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("cloudwu", "unversioned");  // no version number upstream: docs/libraries.md has the commit
  adapter.info("stack", "shared: one 1 MiB run stack per schedule (STACK_SIZE, fixed at compile time); each "
                        "coroutine keeps only a malloc'ed copy of its live stack between switches");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "asymmetric",
               .stack_bytes = 0,
               .notes = "coroutine_resume() into each coroutine round-robin, coroutine_yield() back; shared-stack "
                        "design: the live stack is copied out on every yield and back in on every resume, and every "
                        "switch is a glibc swapcontext (an rt_sigprocmask system call each); stack_bytes 0: no stack "
                        "of its own per coroutine, all share one 1 MiB stack",
               .min_param = 1}),
              run_switch);
  adapter.not_applicable("channel", "cloudwu/coroutine has no channel (only resume/yield/status)");
  return adapter.main(argc, argv);
}
