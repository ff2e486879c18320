// cxx20: the language's own stackless coroutines, compiled by this compiler (no library). Control
// moves between coroutines by symmetric transfer: await_suspend returns the handle to resume next,
// so the compiler emits a tail call into that coroutine's resume function.
//  - switch: a ring of N coroutines, each transferring to the next;
//  - channel: the smallest single-threaded channel awaitable (a ring buffer; 0 = rendezvous)
//    between a producer and a consumer coroutine, transferring only when they must wait.
#include <coroutine>
#include <exception>
#include <utility>
#include <vector>

#include "../common/coroutine_adapter.hpp"

using namespace benchbox::coroutine;

namespace {

// A coroutine that starts suspended and, when its body ends, transfers to `continuation` (main's
// resume() call returns when the continuation is noop). `remaining`, if set, counts the group's
// bodies still running: the last one to end returns to main.
struct Task {
  struct promise_type {
    std::coroutine_handle<> continuation = std::noop_coroutine();
    std::size_t* remaining = nullptr;

    Task get_return_object() { return Task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        auto& p = h.promise();
        if (p.remaining && --*p.remaining == 0) return std::noop_coroutine();
        return p.continuation;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { std::terminate(); }
  };

  explicit Task(std::coroutine_handle<promise_type> h) : handle(h) {}
  Task(Task&& other) noexcept : handle(std::exchange(other.handle, {})) {}
  Task(const Task&) = delete;
  Task& operator=(const Task&) = delete;
  Task& operator=(Task&&) = delete;
  ~Task() {
    if (handle) handle.destroy();
  }
  std::coroutine_handle<promise_type> handle;
};

// Suspend this coroutine and resume `next` (symmetric transfer).
struct TransferTo {
  std::coroutine_handle<> next;
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<>) const noexcept { return next; }
  void await_resume() const noexcept {}
};

Task switch_body(SwitchTally& tally, const std::vector<std::coroutine_handle<>>& ring, std::size_t i) {
  const std::coroutine_handle<> next = ring[i + 1 == ring.size() ? 0 : i + 1];
  // SwitchTally::run() spelled out: a co_await cannot sit in a lambda.
  while (tally.head(i)) co_await TransferTo{next};
  for (std::uint64_t k = tally.turns(); k != 0; --k) co_await TransferTo{next};
  tally.leave();
  while (tally.tail(i)) co_await TransferTo{next};
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  std::vector<std::coroutine_handle<>> ring(n);
  std::vector<Task> tasks;
  tasks.reserve(n);
  std::size_t remaining = n;
  for (std::size_t i = 0; i < n; ++i) {
    tasks.push_back(switch_body(tally, ring, i));
    ring[i] = tasks.back().handle;
  }
  for (std::size_t i = 0; i < n; ++i) {
    // Once the proof after the timed switches is complete, each body ends in turn and hands over
    // to the next one, so that every body sees the end; the last to end returns to main.
    tasks[i].handle.promise().continuation = ring[i + 1 == n ? 0 : i + 1];
    tasks[i].handle.promise().remaining = &remaining;
  }
  ring[0].resume();  // returns when every body has ended
  tally.finish();
}

// The channel: one producer coroutine, one consumer coroutine, one thread. Buffered: the producer
// transfers to the consumer only when the ring is full, the consumer back only when it is empty.
// Unbuffered (rendezvous): the producer leaves its value in a single slot and transfers to the
// consumer, which takes it and transfers back when it needs the next one.
struct Channel {
  std::vector<std::uint64_t> ring;
  std::size_t capacity = 1, head = 0, tail = 0, count = 0;
  bool rendezvous = true;
  std::coroutine_handle<> producer, consumer;

  void push(std::uint64_t v) {
    ring[tail] = v;
    tail = tail + 1 == capacity ? 0 : tail + 1;
    ++count;
  }

  struct Send {
    Channel& ch;
    std::uint64_t value;
    bool pushed = false;
    bool await_ready() noexcept {
      if (ch.rendezvous || ch.count == ch.capacity) return false;
      ch.push(value), pushed = true;
      return true;
    }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<>) noexcept {
      if (ch.rendezvous) ch.push(value), pushed = true;  // taken before the producer runs again
      return ch.consumer;                                 // the consumer is the one waiting
    }
    void await_resume() noexcept {
      if (!pushed) ch.push(value);  // buffered and was full: the consumer has emptied the ring
    }
  };

  struct Receive {
    Channel& ch;
    bool await_ready() const noexcept { return ch.count != 0; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<>) const noexcept { return ch.producer; }
    std::uint64_t await_resume() noexcept {
      const std::uint64_t v = ch.ring[ch.head];
      ch.head = ch.head + 1 == ch.capacity ? 0 : ch.head + 1;
      --ch.count;
      return v;
    }
  };

  Send send(std::uint64_t v) { return Send{*this, v}; }
  Receive receive() { return Receive{*this}; }
};

Task producer_body(Channel& ch, ChannelTally& tally, std::uint64_t ops) {
  tally.start();
  for (std::uint64_t v = 1; v <= ops; ++v) co_await ch.send(v);
}  // buffered: ends after the last send and transfers to the consumer to drain the ring

Task consumer_body(Channel& ch, ChannelTally& tally) {
  // ChannelTally::consume() spelled out: a co_await cannot sit in a lambda.
  const std::uint64_t ops = tally.ops();
  std::uint64_t checksum = 0;
  for (std::uint64_t k = 1; k <= ops; ++k) checksum += k * co_await ch.receive();
  tally.received_all(ops, checksum);
}  // returns to main

void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  const auto buffer = static_cast<std::size_t>(trial.axis_number());
  Channel ch;
  ch.capacity = buffer == 0 ? 1 : buffer;
  ch.ring.resize(ch.capacity);
  ch.rendezvous = buffer == 0;
  Task producer = producer_body(ch, tally, trial.ops());
  Task consumer = consumer_body(ch, tally);
  ch.producer = producer.handle;
  ch.consumer = consumer.handle;
  producer.handle.promise().continuation = consumer.handle;
  consumer.handle.resume();  // finds the channel empty and transfers to the producer
  tally.finish();
  // Unbuffered, the producer is still suspended in its last send: destroyed with its Task.
}

// Create: K coroutine frames (operator new) created suspended, each resumed once and run to its
// final suspend, then destroyed (operator delete), ops/K times.
Task create_body(CreateTally& tally, std::uint64_t id) {
  tally.entered(id);
  tally.completed();
  co_return;
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  std::vector<Task> batch;
  batch.reserve(tally.alive());
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::uint64_t j = 0; j < tally.alive(); ++j) batch.push_back(create_body(tally, ++id));
    for (auto& t : batch) t.handle.resume();
    batch.clear();
  }
  tally.stop();
  tally.finish();
}

// Memory: N frames, each resumed once and suspended at a co_await.
Task memory_body(MemoryTally& tally, std::size_t i) {
  tally.entered(i);
  co_await std::suspend_always{};
  tally.completed();
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  tally.begin();
  std::vector<Task> tasks;
  tasks.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    tasks.push_back(memory_body(tally, i));
    tasks.back().handle.resume();
  }
  tally.all_suspended();
  for (auto& t : tasks) t.handle.resume();
  tally.finish();
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("cxx20", "g++ " __VERSION__);
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
