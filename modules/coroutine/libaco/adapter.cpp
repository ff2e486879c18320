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

namespace {

using benchbox::Trial;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

struct Body {
  SwitchTally* tally;
  std::size_t index;
};

void switch_body() {
  auto* self = static_cast<Body*>(aco_get_arg());
  for (;;) {
    self->tally->entered(self->index);
    aco_yield();
  }
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
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  aco_t* main = main_co();
  std::vector<Body> bodies(n);
  std::vector<aco_share_stack_t*> stacks(n);
  std::vector<aco_t*> cos(n);
  for (std::size_t i = 0; i < n; ++i) {
    bodies[i] = {&tally, i};
    stacks[i] = aco_share_stack_new(kStackBytes);  // 64 KiB usable + a guard page, mmap'ed
    cos[i] = aco_create(main, stacks[i], 0, switch_body, &bodies[i]);
  }
  for (auto* co : cos) aco_resume(co);  // priming: first entry of each
  tally.begin();
  SwitchTally::round_robin(tally.target() / 2, n, [&](std::size_t i) { aco_resume(cos[i]); });
  tally.end();
  tally.finish();
  for (std::size_t i = 0; i < n; ++i) {
    aco_destroy(cos[i]);
    aco_share_stack_destroy(stacks[i]);
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("libaco", std::to_string(ACO_VERSION_MAJOR) + "." + std::to_string(ACO_VERSION_MINOR) +
                                          "." + std::to_string(ACO_VERSION_PATCH));
  adapter.info("fpu", "each switch saves and restores the x87 control word and MXCSR "
                      "(ACO_CONFIG_SHARE_FPU_MXCSR_ENV not defined, libaco's default)");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "asymmetric",
               .stack_bytes = kStackBytes,
               .notes = "aco_resume() from the main co into each coroutine round-robin, aco_yield() back; every "
                        "coroutine has a share stack of its own (64 KiB + guard page), so libaco never copies a "
                        "stack",
               .min_param = 1}),
              run_switch);
  adapter.not_applicable("channel", "libaco has no channel (resume/yield only)");
  return adapter.main(argc, argv);
}
