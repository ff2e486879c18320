// tbox: stackful coroutines on tbox's scheduler (tb_coroutine_yield switches straight to the
// next ready coroutine) and tbox's co_channel, which carries pointer-sized values.
#include "tbox/tbox.h"

#include <cstdint>
#include <string>
#include <vector>

#include "../common/coroutine_adapter.hpp"

namespace {

using benchbox::Trial;
using benchbox::coroutine::ChannelTally;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;

struct SwitchArg {
  SwitchTally* tally;
  std::size_t index;
};

void switch_body(tb_cpointer_t priv) {
  const auto* arg = static_cast<const SwitchArg*>(priv);
  while (arg->tally->enter(arg->index)) tb_coroutine_yield();
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  std::vector<SwitchArg> args(n);
  tb_co_scheduler_ref_t scheduler = tb_co_scheduler_init();
  for (std::size_t i = 0; i < n; ++i) {
    args[i] = {&tally, i};
    tb_coroutine_start(scheduler, switch_body, &args[i], kStackBytes);
  }
  tb_co_scheduler_loop(scheduler, tb_true);  // returns when every coroutine has finished
  tb_co_scheduler_exit(scheduler);
  tally.finish();
}

struct ChannelArg {
  tb_co_channel_ref_t channel;
  ChannelTally* tally;
  std::uint64_t ops;
};

void producer(tb_cpointer_t priv) {
  const auto* arg = static_cast<const ChannelArg*>(priv);
  arg->tally->start();
  for (std::uint64_t v = 1; v <= arg->ops; ++v) tb_co_channel_send(arg->channel, reinterpret_cast<tb_cpointer_t>(v));
}

void consumer(tb_cpointer_t priv) {
  const auto* arg = static_cast<const ChannelArg*>(priv);
  while (!arg->tally->received(reinterpret_cast<std::uintptr_t>(tb_co_channel_recv(arg->channel)))) {
  }
}

void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  tb_co_scheduler_ref_t scheduler = tb_co_scheduler_init();
  ChannelArg arg{tb_co_channel_init(static_cast<tb_size_t>(trial.param()), tb_null, tb_null), &tally, trial.ops()};
  tb_coroutine_start(scheduler, consumer, &arg, kStackBytes);
  tb_coroutine_start(scheduler, producer, &arg, kStackBytes);
  tb_co_scheduler_loop(scheduler, tb_true);
  tb_co_channel_exit(arg.channel);
  tb_co_scheduler_exit(scheduler);
  tally.finish();
}

std::string version() {
  return std::to_string(TB_VERSION_MAJOR) + "." + std::to_string(TB_VERSION_MINOR) + "." + std::to_string(TB_VERSION_ALTER);
}

}  // namespace

int main(int argc, char** argv) {
  if (!tb_init(tb_null, tb_null)) return 3;
  benchbox::Adapter adapter("tbox", version());
  adapter.info("source", "Debian source package, coroutine module on, -O2 (scripts/build-tbox.sh)");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "tb_coroutine_yield hands control to the next ready coroutine of the scheduler; default stack 128 KiB",
               .min_param = 2}),
              run_switch);
  adapter.add("channel",
              benchbox::coroutine::channel_case({.style = "scheduler",
               .stack_bytes = kStackBytes,
               .notes = "tb_co_channel_init(size): 0 is unbuffered; values travel as pointers",
               .min_param = 0}),
              run_channel);
  const int rc = adapter.main(argc, argv);
  tb_exit();
  return rc;
}
