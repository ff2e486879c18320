// floor: benchbox's own minimal stackful coroutines (switch_x86_64.S) and the simplest channel
// built on them. Every other row is read against these: they show what a switch and a channel
// pass cost on this machine when nothing but the switch itself is done.
#include <cstdint>
#include <vector>

#include "../common/coroutine_adapter.hpp"
#include "floor_context.hpp"

namespace {

using benchbox::Trial;
using benchbox::coroutine::ChannelTally;
using benchbox::coroutine::kStackBytes;
using benchbox::coroutine::SwitchTally;
using floor_impl::Context;

struct Coroutine {
  Context context;
  Context* caller;
  SwitchTally* tally;
  std::size_t index;
};

void switch_body(void* arg) {
  auto* self = static_cast<Coroutine*>(arg);
  for (;;) {
    self->tally->entered(self->index);
    self->context.switch_to(*self->caller);
  }
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.param());
  SwitchTally tally(trial, n);
  Context main_context;
  std::vector<Coroutine> coroutines(n);
  for (std::size_t i = 0; i < n; ++i)
    coroutines[i] = Coroutine{Context(kStackBytes, switch_body, &coroutines[i]), &main_context, &tally, i};
  for (auto& c : coroutines) main_context.switch_to(c.context);  // priming: first entry of each
  tally.begin();
  SwitchTally::round_robin(tally.target() / 2, n, [&](std::size_t i) { main_context.switch_to(coroutines[i].context); });
  tally.end();
  tally.finish();
}

// The simplest single-threaded channel: a ring buffer and two contexts. A full (or, unbuffered,
// an occupied) channel switches from the producer to the consumer; an empty one switches back.
struct Channel {
  std::vector<std::uint64_t> ring;
  std::size_t capacity = 1, head = 0, tail = 0, count = 0;
  bool rendezvous = true;
  Context producer, consumer, main_context;
  std::uint64_t ops = 0;
  ChannelTally* tally = nullptr;

  void send(std::uint64_t v) {
    while (count == capacity) producer.switch_to(consumer);
    ring[tail] = v;
    tail = tail + 1 == capacity ? 0 : tail + 1;
    ++count;
    if (rendezvous) producer.switch_to(consumer);  // unbuffered: wait until it was received
  }
  std::uint64_t receive() {
    while (count == 0) consumer.switch_to(producer);
    const std::uint64_t v = ring[head];
    head = head + 1 == capacity ? 0 : head + 1;
    --count;
    return v;
  }
};

void producer_body(void* arg) {
  auto* ch = static_cast<Channel*>(arg);
  ch->tally->start();
  for (std::uint64_t v = 1; v <= ch->ops; ++v) ch->send(v);
  for (;;) ch->producer.switch_to(ch->consumer);  // let the consumer drain; never returns
}

void consumer_body(void* arg) {
  auto* ch = static_cast<Channel*>(arg);
  while (!ch->tally->received(ch->receive())) {
  }
  ch->consumer.switch_to(ch->main_context);
}

void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  const auto buffer = static_cast<std::size_t>(trial.param());
  Channel ch;
  ch.capacity = buffer == 0 ? 1 : buffer;  // unbuffered: one slot, and send waits for the receive
  ch.ring.resize(ch.capacity);
  ch.rendezvous = buffer == 0;
  ch.ops = trial.ops();
  ch.tally = &tally;
  ch.producer = Context(kStackBytes, producer_body, &ch);
  ch.consumer = Context(kStackBytes, consumer_body, &ch);
  ch.main_context.switch_to(ch.consumer);  // returns once the consumer has the last value
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("floor", BENCHBOX_VERSION);
  adapter.info("implementation", "hand-written x86-64 switch: 6 callee-saved registers + stack pointer");
  adapter.add("switch",
              benchbox::coroutine::switch_case({.style = "asymmetric",
               .stack_bytes = kStackBytes,
               .notes = "caller resumes each coroutine round-robin; each resume and each yield is one register swap",
               .min_param = 1}),
              run_switch);
  adapter.add("channel",
              benchbox::coroutine::channel_case({.style = "symmetric",
               .stack_bytes = kStackBytes,
               .notes = "ring buffer; producer switches to the consumer when full (unbuffered: after each send), "
                        "consumer switches back when empty",
               .min_param = 0}),
              run_channel);
  return adapter.main(argc, argv);
}
