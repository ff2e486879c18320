// pth: GNU Pth's non-preemptive user-space threads and their scheduler. Every thread runs
// `while (enter(i)) pth_yield(NULL);`: the yielding thread goes back to the ready queue and Pth's
// scheduler (a context of its own) picks the next one. Debian's build switches with glibc's
// swapcontext (mctx method "mcsc"), twice per yield: thread -> scheduler -> next thread.
#include <pth.h>

#include <stdexcept>
#include <vector>

#include "../common/coroutine_adapter.hpp"

namespace {

using benchbox::Trial;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

struct Body {
  SwitchTally* tally;
  std::size_t index;
};

void* body(void* arg) {
  const auto* self = static_cast<const Body*>(arg);
  while (self->tally->enter(self->index)) pth_yield(nullptr);
  return nullptr;
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  std::vector<Body> bodies(n);
  std::vector<pth_t> threads(n);
  pth_attr_t attr = pth_attr_new();
  pth_attr_set(attr, PTH_ATTR_STACK_SIZE, static_cast<unsigned int>(kStackBytes));
  pth_attr_set(attr, PTH_ATTR_JOINABLE, TRUE);
  // pth_spawn only creates each thread and queues it as new; they first run when main joins.
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = Body{&tally, i};
    threads[i] = pth_spawn(attr, body, &bodies[i]);
    if (!threads[i]) throw std::runtime_error("pth_spawn failed");
  }
  pth_attr_destroy(attr);
  for (auto t : threads) pth_join(t, nullptr);
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  if (!pth_init()) {
    std::fprintf(stderr, "pth_init failed\n");
    return 1;
  }
  const long v = pth_version();  // 0xVRRTLL: 0x200207 = 2.0.7
  benchbox::Adapter adapter("pth", std::to_string(v >> 20) + "." + std::to_string((v >> 12) & 0xff) + "." +
                                       std::to_string(v & 0xff));
  adapter.info("implementation", "machine context by getcontext/makecontext/swapcontext in Debian's build");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "pth_yield(NULL) from each thread; one entry into another thread is one switch, though Pth "
                        "goes through its scheduler context (two swapcontext calls, each with an rt_sigprocmask "
                        "system call, plus the scheduler's event check and time accounting). N=1 is not run: the "
                        "yield would come back to the same thread",
               .min_param = 2}),
              run_switch);
  adapter.not_applicable("channel",
                         "Pth's message ports (pth_msgport_*) are unbounded queues: a put never waits, so neither a "
                         "buffer size nor a rendezvous can be asked of them; a bounded channel built here from "
                         "pth_cond/pth_mutex would measure benchbox's code");
  const int status = adapter.main(argc, argv);
  pth_kill();
  return status;
}
