// tbox.stackless: tbox's stackless coroutines (tb_lo_*): protothread-style state machines built
// from computed gotos; locals do not survive a yield, so all state lives in the argument.
#include "tbox/tbox.h"

#include <string>
#include <vector>

#include "../common/coroutine_adapter.hpp"

namespace {

using benchbox::Trial;
using benchbox::coroutine::SwitchTally;

struct SwitchArg {
  SwitchTally* tally;
  std::size_t index;
};

void switch_body(tb_lo_coroutine_ref_t coroutine, tb_cpointer_t priv) {
  const auto* arg = static_cast<const SwitchArg*>(priv);
  tb_lo_coroutine_enter(coroutine) {
    while (arg->tally->enter(arg->index)) tb_lo_coroutine_yield();
  }
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  std::vector<SwitchArg> args(n);
  tb_lo_scheduler_ref_t scheduler = tb_lo_scheduler_init();
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = {&tally, i};
    tb_lo_coroutine_start(scheduler, switch_body, &args[i], tb_null);
  }
  tb_lo_scheduler_loop(scheduler, tb_true);
  tb_lo_scheduler_exit(scheduler);
  tally.finish();
}

std::string version() {
  return std::to_string(TB_VERSION_MAJOR) + "." + std::to_string(TB_VERSION_MINOR) + "." + std::to_string(TB_VERSION_ALTER);
}

}  // namespace

int main(int argc, char** argv) {
  if (!tb_init(tb_null, tb_null)) return 3;
  benchbox::Adapter adapter("tbox.stackless", version());
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "scheduler",
               .stack_bytes = 0,
               .notes = "stackless: a yield returns from the coroutine function to tbox's scheduler loop, which "
                        "calls the next one; no stack is switched",
               .min_param = 2}),
              run_switch);
  adapter.not_applicable("channel", "tbox's stackless coroutines have no channel");
  const int rc = adapter.main(argc, argv);
  tb_exit();
  return rc;
}
