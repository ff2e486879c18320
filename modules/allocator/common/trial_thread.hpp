// The thread a small or churn trial runs on: one started for it, or the process's main thread
// (the `thread` axis), with the protocol then on a thread of its own.
#pragma once

#include <benchbox/adapter.hpp>

#include <unistd.h>

#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "../cases.hpp"

namespace benchbox::allocator {

namespace detail {

// Runs one trial's work on a thread started for it, and waits for it: the allocator state that
// thread allocates from (glibc's arena and tcache, mimalloc's heap, jemalloc's arena and tcache)
// then holds what the work allocated and nothing of the adapter's own strings and tables, which
// live in the main thread's (modules/allocator/README.md, "Yardstick": heap history).
template <class Work>
void on_own_thread(Work&& work) {
  std::exception_ptr failed;
  std::thread([&] {
    try {
      work();
    } catch (...) {
      failed = std::current_exception();
    }
  }).join();
  if (failed) std::rethrow_exception(failed);
}

// `thread main`: the trial runs on the process's main thread, as a single-threaded program's work
// does. That thread's allocator state must then hold what a minimal program's holds (what the C
// and C++ runtimes allocated before main) and not the adapter's own strings and tables (on the
// main thread with them, mimalloc's small 100 read 0.88 of its yardstick, glibc's churn 1000
// 1.17-1.25: README, "Yardstick"). So in such a process the protocol runs on a thread of its own
// from the start (serve, from Library::serve) and hands each trial to the main thread (run).
namespace main_thread {

struct Server {
  std::mutex lock;
  std::condition_variable changed;
  void (*work)(void*) = nullptr;  // the trial handed over, or nothing
  void* context = nullptr;
  bool serving = false, protocol_done = false;
};

inline Server& server() {
  static Server s;
  return s;
}

// Whether this process's run asks for `thread main` (its --axis, as the driver passes a point of
// several axes: NAME=VALUE); read before anything is allocated for the protocol.
inline bool requested(int argc, char** argv) {
  const std::string_view axis = kThreadAxis, value = kMainThread;
  for (int i = 1; i + 1 < argc; ++i) {
    const std::string_view key = argv[i], given = argv[i + 1];
    if (key == "--axis" && given.size() == axis.size() + 1 + value.size() && given.starts_with(axis) &&
        given[axis.size()] == '=' && given.ends_with(value))
      return true;
  }
  return false;
}

// Runs `protocol` on a thread of its own and, on this (the main) thread, the trials it hands over,
// until it returns; its result.
template <class Protocol>
int serve(Protocol&& protocol) {
  Server& s = server();
  s.serving = true;
  int result = 2;
  std::thread protocol_thread([&] {
    result = protocol();
    std::lock_guard guard(s.lock);
    s.protocol_done = true;
    s.changed.notify_all();
  });
  for (std::unique_lock guard(s.lock);;) {
    s.changed.wait(guard, [&] { return s.work || s.protocol_done; });
    if (!s.work) break;
    guard.unlock();
    s.work(s.context);  // the trial, while the protocol thread waits for it
    guard.lock();
    s.work = nullptr;
    s.changed.notify_all();
  }
  protocol_thread.join();
  return result;
}

// Hands `work` to the main thread and waits for it (from the protocol thread of serve).
template <class Work>
void run(Work& work) {
  Server& s = server();
  if (!s.serving) throw std::logic_error("a thread-main trial in a process that does not serve them");
  std::exception_ptr failed;
  auto call = [&] {
    try {
      work();
    } catch (...) {
      failed = std::current_exception();
    }
  };
  std::unique_lock guard(s.lock);
  s.context = &call;
  s.work = [](void* c) { (*static_cast<decltype(call)*>(c))(); };
  s.changed.notify_all();
  s.changed.wait(guard, [&] { return !s.work; });
  guard.unlock();
  if (failed) std::rethrow_exception(failed);
}

}  // namespace main_thread

// Whether the calling thread is the process's main thread, for module.cpp to check against the
// point's `thread`.
inline void report_thread(Trial& t) { t.count(proof::kOnMainThread, static_cast<std::uint64_t>(gettid() == getpid())); }

// Runs a small or churn trial on the thread its point names: one started for it, or the main thread.
template <class Work>
void on_trial_thread(const Trial& t, Work&& work) {
  if (t.axis_text_or(kThreadAxis, kOwnThread) == kMainThread) main_thread::run(work);
  else on_own_thread(work);
}

}  // namespace detail

}  // namespace benchbox::allocator
