// boost.fiber: Boost.Fiber's fibers on the default round_robin scheduler of this thread, and its
// two channels (unbuffered_channel, buffered_channel). Fibers switch directly to the next ready
// fiber (no hop through the dispatcher fiber while others are ready).
#include <boost/context/stack_traits.hpp>
#include <boost/fiber/all.hpp>
#include <boost/version.hpp>

#include <bit>
#include <stdexcept>
#include <vector>

#include "../common/boost_version.hpp"
#include "../common/coroutine_adapter.hpp"

using namespace benchbox::coroutine;

namespace {

namespace fibers = boost::fibers;

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  std::vector<fibers::fiber> all;
  all.reserve(n);
  // launch::post (the default): created ready, first run when this (main) fiber blocks in join.
  for (std::size_t i = 0; i < n; ++i)
    all.emplace_back(std::allocator_arg, fibers::fixedsize_stack(kStackBytes), [&tally, i] {
      tally.run(i, [] { boost::this_fiber::yield(); });
    });
  for (auto& f : all) f.join();
  tally.finish();
}

// buffered_channel keeps one slot free (full when the producer index is one behind the consumer
// index) and its capacity must be a power of two >= 2: usable capacity = capacity - 1. The smallest
// power of two whose usable capacity is at least the requested buffer.
// Create: K fibers launched (launch::post: ready, first run when main blocks), then joined: the
// round_robin scheduler runs each to its end and join releases it, ops/K times.
void run_create(Trial& trial) {
  CreateTally tally(trial);
  std::vector<fibers::fiber> batch;
  batch.reserve(tally.alive());
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::uint64_t j = 0; j < tally.alive(); ++j)
      batch.emplace_back(std::allocator_arg, fibers::fixedsize_stack(kStackBytes), [&tally, my_id = ++id] {
        tally.entered(my_id);
        tally.completed();
      });
    for (auto& f : batch) f.join();
    batch.clear();
  }
  tally.stop();
  tally.finish();
}

// Memory: N fibers, each records its entry and waits on a condition variable until the
// measurement is taken (main yields until all have entered).
void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  fibers::mutex mutex;
  fibers::condition_variable cond;
  bool go = false;
  tally.begin();
  std::vector<fibers::fiber> all;
  all.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    all.emplace_back(std::allocator_arg, fibers::fixedsize_stack(kStackBytes), [&, i] {
      tally.entered(i);
      std::unique_lock lock(mutex);
      cond.wait(lock, [&] { return go; });
      tally.completed();
    });
  while (tally.entries() < n) boost::this_fiber::yield();
  tally.all_suspended();
  {
    std::unique_lock lock(mutex);
    go = true;
  }
  cond.notify_all();
  for (auto& f : all) f.join();
  tally.finish();
}

std::size_t buffered_capacity(std::size_t buffer) { return std::bit_ceil(buffer + 1); }

template <class Channel>
void run_channel_with(Trial& trial, Channel& ch) {
  ChannelTally tally(trial);
  const std::uint64_t ops = trial.ops();
  fibers::fiber consumer(std::allocator_arg, fibers::fixedsize_stack(kStackBytes), [&] {
    tally.consume([&ch] {
      std::uint64_t v = 0;
      if (ch.pop(v) != fibers::channel_op_status::success) throw std::runtime_error("channel pop failed");
      return v;
    });
  });
  fibers::fiber producer(std::allocator_arg, fibers::fixedsize_stack(kStackBytes), [&] {
    tally.start();
    for (std::uint64_t v = 1; v <= ops; ++v)
      if (ch.push(v) != fibers::channel_op_status::success) throw std::runtime_error("channel push failed");
  });
  consumer.join();
  producer.join();
  tally.finish();
}

void run_channel(Trial& trial) {
  const auto buffer = static_cast<std::size_t>(trial.axis_number());
  if (buffer == 0) {
    fibers::unbuffered_channel<std::uint64_t> ch;
    run_channel_with(trial, ch);
  } else {
    fibers::buffered_channel<std::uint64_t> ch(buffered_capacity(buffer));
    run_channel_with(trial, ch);
  }
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("boost.fiber", boost_version());
  adapter.info("default_stack_bytes", std::to_string(boost::context::stack_traits::default_size()));
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
