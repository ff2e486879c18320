// boost.asio: Asio's C++20 awaitables (asio::awaitable, co_spawn, use_awaitable) on one
// io_context run by this thread, and asio::experimental::channel. Asio's awaitables are stackless
// C++20 coroutines; what moves control between them is the io_context's handler queue.
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/experimental/channel.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/version.hpp>
#include <boost/version.hpp>

#include <vector>

#include "../common/boost_version.hpp"
#include "../common/coroutine_adapter.hpp"

using namespace benchbox::coroutine;

namespace {

namespace asio = boost::asio;

// One thread runs the io_context: concurrency hint 1 lets Asio use its per-thread private queue.
constexpr int kConcurrencyHint = 1;

asio::awaitable<void> switch_body(SwitchTally& tally, std::size_t i) {
  auto executor = co_await asio::this_coro::executor;
  // SwitchTally::run() spelled out: a co_await cannot sit in a lambda.
  while (tally.head(i)) co_await asio::post(executor, asio::use_awaitable);
  for (std::uint64_t k = tally.turns(); k != 0; --k) co_await asio::post(executor, asio::use_awaitable);
  tally.leave();
  while (tally.tail(i)) co_await asio::post(executor, asio::use_awaitable);
}

void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  asio::io_context ctx(kConcurrencyHint);
  // co_spawn only creates and queues each coroutine; nothing runs before ctx.run().
  for (std::size_t i = 0; i < n; ++i) asio::co_spawn(ctx, switch_body(tally, i), asio::detached);
  ctx.run();
  tally.finish();
}

using Channel = asio::experimental::channel<void(boost::system::error_code, std::uint64_t)>;

asio::awaitable<void> producer_body(Channel& ch, ChannelTally& tally, std::uint64_t ops) {
  tally.start();
  for (std::uint64_t v = 1; v <= ops; ++v) co_await ch.async_send(boost::system::error_code{}, v, asio::use_awaitable);
}

asio::awaitable<void> consumer_body(Channel& ch, ChannelTally& tally) {
  // use_awaitable throws a system_error if the channel reports an error (it never closes here).
  // ChannelTally::consume() spelled out: a co_await cannot sit in a lambda.
  const std::uint64_t ops = tally.ops();
  std::uint64_t checksum = 0;
  for (std::uint64_t k = 1; k <= ops; ++k) checksum += k * co_await ch.async_receive(asio::use_awaitable);
  tally.received_all(ops, checksum);
}

void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  asio::io_context ctx(kConcurrencyHint);
  Channel ch(ctx, static_cast<std::size_t>(trial.axis_number()));  // 0 = no buffer: a send waits for a receive
  asio::co_spawn(ctx, consumer_body(ch, tally), asio::detached);
  asio::co_spawn(ctx, producer_body(ch, tally, trial.ops()), asio::detached);
  ctx.run();
  tally.finish();
}

// --- create: a spawner coroutine co_spawns K coroutines, then waits until all K have finished ----
// The spawner runs inside io_context::run(), so co_spawn's first dispatch runs the new coroutine's
// body at once; its entry point then posts its own end (Asio never completes a coroutine inline),
// and the spawner's post queues behind those: when it resumes, every coroutine of the batch has
// finished and its frames have been freed.
asio::awaitable<void> create_body(CreateTally& tally, std::uint64_t id) {
  tally.entered(id);
  tally.completed();
  co_return;
}

asio::awaitable<void> create_spawner(CreateTally& tally) {
  auto executor = co_await asio::this_coro::executor;
  const std::uint64_t k = tally.alive();
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::uint64_t j = 0; j < k; ++j) asio::co_spawn(executor, create_body(tally, ++id), asio::detached);
    // Not `while (...) co_await`: the co_await stays out of the loop condition (g++ 12, see above).
    for (;;) {
      co_await asio::post(executor, asio::use_awaitable);
      if (tally.completions() >= (b + 1) * k) break;
    }
  }
  tally.stop();
}

void run_create(Trial& trial) {
  CreateTally tally(trial);
  asio::io_context ctx(kConcurrencyHint);
  asio::co_spawn(ctx, create_spawner(tally), asio::detached);
  ctx.run();
  tally.finish();
}

// --- memory: N coroutines, each entered once and waiting in async_receive on one channel --------
// A controller coroutine co_spawns them (each runs at once to its wait), takes the measurement,
// then closes the channel: every waiting receive completes (with channel_closed) and each body ends.
using Gate = asio::experimental::channel<void(boost::system::error_code)>;

asio::awaitable<void> memory_body(MemoryTally& tally, Gate& gate, std::size_t i) {
  tally.entered(i);
  (void)co_await gate.async_receive(asio::as_tuple(asio::use_awaitable));
  tally.completed();
}

asio::awaitable<void> memory_controller(MemoryTally& tally, Gate& gate) {
  auto executor = co_await asio::this_coro::executor;
  const std::size_t n = tally.coroutines();
  tally.begin();
  for (std::size_t i = 0; i < n; ++i) asio::co_spawn(executor, memory_body(tally, gate, i), asio::detached);
  for (;;) {  // every body has reached its wait once the spawns have run
    if (tally.entries() >= n) break;
    co_await asio::post(executor, asio::use_awaitable);
  }
  tally.all_suspended();
  gate.close();
}

void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  asio::io_context ctx(kConcurrencyHint);
  Gate gate(ctx, 0);
  asio::co_spawn(ctx, memory_controller(tally, gate), asio::detached);
  ctx.run();  // returns once every body has ended
  tally.finish();
}

std::string asio_version() {
  return std::to_string(BOOST_ASIO_VERSION / 100000) + "." + std::to_string(BOOST_ASIO_VERSION / 100 % 1000) + "." +
         std::to_string(BOOST_ASIO_VERSION % 100);
}

}  // namespace

int main(int argc, char** argv) {
  Library adapter("boost.asio", boost_version());
  adapter.info("asio_version", asio_version());
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
