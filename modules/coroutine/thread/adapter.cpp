// thread: the same work done by operating-system threads (std::thread), all pinned to the one CPU
// the adapter process is pinned to (threads inherit the process's affinity). This is the baseline
// coroutines exist to beat: every switch is a real hand-off through the kernel's scheduler.
//  - switch: a ring of N threads; each waits on its own futex word, and hands over by setting the
//    next thread's word, waking it (FUTEX_WAKE) and going back to sleep (FUTEX_WAIT);
//  - channel: a bounded queue under a mutex with two condition variables; 0 = rendezvous (the
//    sender waits until its value has been received);
//  - create: std::thread construction, its body, join; K threads alive at once;
//  - memory: N threads started and blocked on a futex.
// Every thread gets a 64 KiB stack (pthread_setattr_default_np, which std::thread obeys), as
// coroutines do wherever the caller chooses.
#include <gnu/libc-version.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <condition_variable>
#include <cstdint>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../common/coroutine_adapter.hpp"

using namespace benchbox::coroutine;

namespace {

void futex_wait(std::atomic<std::uint32_t>& word, std::uint32_t expected) {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAIT_PRIVATE, expected, nullptr, nullptr, 0);
}
void futex_wake(std::atomic<std::uint32_t>& word, int waiters) {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAKE_PRIVATE, waiters, nullptr, nullptr, 0);
}

// A one-shot signal a single thread waits for.
struct alignas(64) Gate {
  std::atomic<std::uint32_t> open{0};
  void wait() {
    while (open.load(std::memory_order_acquire) == 0) futex_wait(open, 0);
    open.store(0, std::memory_order_relaxed);
  }
  void post() {
    open.store(1, std::memory_order_release);
    futex_wake(open, 1);
  }
};

// ---- switch. The gates order everything: only the thread that was handed control touches the
// tally, and the release/acquire pair on the gate makes its writes visible to the next.
void run_switch(Trial& trial) {
  const auto n = static_cast<std::size_t>(trial.axis_number());
  SwitchTally tally(trial, n);
  std::vector<Gate> gates(n);
  std::vector<std::thread> threads;
  threads.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    threads.emplace_back([&, i] {
      Gate& own = gates[i];
      Gate& next = gates[i + 1 == n ? 0 : i + 1];
      own.wait();
      tally.run(i, [&] {
        next.post();
        own.wait();
      });
      next.post();  // passes the end on, so that every thread finishes
    });
  gates[0].post();
  for (auto& t : threads) t.join();
  tally.finish();
}

// ---- channel: a bounded queue of `capacity` values (0: rendezvous).
class BoundedQueue {
 public:
  explicit BoundedQueue(std::size_t capacity) : ring_(std::max<std::size_t>(capacity, 1)), rendezvous_(capacity == 0) {}

  void send(std::uint64_t v) {
    std::unique_lock lock(mutex_);
    not_full_.wait(lock, [&] { return count_ < ring_.size(); });
    ring_[tail_] = v;
    tail_ = tail_ + 1 == ring_.size() ? 0 : tail_ + 1;
    ++count_;
    ++sent_;
    not_empty_.notify_one();
    if (rendezvous_) {  // an unbuffered send returns once its value has been received
      const std::uint64_t mine = sent_;
      not_full_.wait(lock, [&] { return received_ >= mine; });
    }
  }

  std::uint64_t receive() {
    std::unique_lock lock(mutex_);
    not_empty_.wait(lock, [&] { return count_ > 0; });
    const std::uint64_t v = ring_[head_];
    head_ = head_ + 1 == ring_.size() ? 0 : head_ + 1;
    --count_;
    ++received_;
    not_full_.notify_one();
    return v;
  }

 private:
  std::mutex mutex_;
  std::condition_variable not_full_, not_empty_;
  std::vector<std::uint64_t> ring_;
  std::size_t head_ = 0, tail_ = 0, count_ = 0;
  std::uint64_t sent_ = 0, received_ = 0;
  bool rendezvous_;
};

void run_channel(Trial& trial) {
  ChannelTally tally(trial);
  BoundedQueue queue(static_cast<std::size_t>(trial.axis_number()));
  const std::uint64_t ops = trial.ops();
  // The consumer first: it blocks on the empty queue before the producer starts the clock.
  std::thread consumer([&] {
    tally.consume([&queue] { return queue.receive(); });
  });
  std::thread producer([&] {
    tally.start();
    for (std::uint64_t v = 1; v <= ops; ++v) queue.send(v);
  });
  producer.join();
  consumer.join();
  tally.finish();
}

// ---- create. Each thread records what it did in its own slot; main reads the slots after join
// (join orders them), so the tally needs no lock even when the process is not pinned.
struct Slot {
  std::uint64_t id_seen = 0;
  bool finished = false;
};

void run_create(Trial& trial) {
  CreateTally tally(trial);
  const std::size_t k = tally.alive();
  std::vector<std::thread> threads(k);
  std::vector<Slot> slots(k);
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (std::size_t j = 0; j < k; ++j)
      threads[j] = std::thread([slot = &slots[j], my_id = ++id] {
        slot->id_seen = my_id;
        slot->finished = true;
      });
    for (std::size_t j = 0; j < k; ++j) {
      threads[j].join();
      tally.entered(slots[j].id_seen);
      if (slots[j].finished) tally.completed();
      slots[j] = Slot{};
    }
  }
  tally.stop();
  tally.finish();
}

// ---- memory: N threads started; each records its entry and blocks on one futex word until the
// measurement has been taken.
void run_memory(Trial& trial) {
  MemoryTally tally(trial);
  const std::size_t n = tally.coroutines();
  std::atomic<std::uint32_t> arrived{0}, go{0};
  std::vector<std::uint64_t> seen(n, 0), done(n, 0);
  std::vector<std::thread> threads;
  threads.reserve(n);
  tally.begin();
  for (std::size_t i = 0; i < n; ++i)
    threads.emplace_back([&, i] {
      seen[i] = i + 1;
      if (arrived.fetch_add(1, std::memory_order_acq_rel) + 1 == n) futex_wake(arrived, 1);
      while (go.load(std::memory_order_acquire) == 0) futex_wait(go, 0);
      done[i] = 1;
    });
  for (std::uint32_t a; (a = arrived.load(std::memory_order_acquire)) < n;) futex_wait(arrived, a);
  for (std::size_t i = 0; i < n; ++i) tally.entered(seen[i] - 1);
  tally.all_suspended();
  go.store(1, std::memory_order_release);
  futex_wake(go, INT_MAX);
  for (std::size_t i = 0; i < n; ++i) {
    threads[i].join();
    if (done[i]) tally.completed();
  }
  tally.finish();
}

std::uint64_t read_number(const char* path) {
  std::ifstream in(path);
  std::uint64_t v = 0;
  return in >> v ? v : 0;
}

// How many threads this machine lets one process start, halved: the rest of the system (and
// other processes) need threads and process ids too.
std::int64_t thread_limit() {
  std::uint64_t limit = UINT64_MAX;
  for (const char* path : {"/proc/sys/kernel/threads-max", "/proc/sys/kernel/pid_max"})
    if (auto v = read_number(path)) limit = std::min(limit, v);
  if (auto maps = read_number("/proc/sys/vm/max_map_count")) limit = std::min(limit, maps / 2);  // stack + guard
  rlimit r{};
  if (getrlimit(RLIMIT_NPROC, &r) == 0 && r.rlim_cur != RLIM_INFINITY) limit = std::min<std::uint64_t>(limit, r.rlim_cur);
  return limit == UINT64_MAX ? -1 : static_cast<std::int64_t>(limit / 2);
}

std::string glibc_version() {
  std::string v = "glibc ";
  return v + gnu_get_libc_version();
}

}  // namespace

int main(int argc, char** argv) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStackBytes);
  if (pthread_setattr_default_np(&attr) != 0) return 3;
  pthread_attr_destroy(&attr);

  Library adapter("thread", glibc_version(), thread_limit());  // library.json's "limit": "adapter"
  adapter.add(Case::switch_, run_switch)
      .add(Case::channel, run_channel)
      .add(Case::create, run_create)
      .add(Case::memory, run_memory);
  return adapter.main(argc, argv);
}
