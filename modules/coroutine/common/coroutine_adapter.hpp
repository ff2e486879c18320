// Helpers shared by the coroutine module's C/C++ adapters: the same counting and the same
// checksums for every library, so that only the library's own calls differ between adapters
// (what each library is, its facts, are its library.json: coroutine_library.hpp reads them).
#pragma once

#include <benchbox/adapter.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../cases.hpp"
#include "../checksums.hpp"
#include "coroutine_library.hpp"

namespace benchbox::coroutine {

using benchbox::Trial;

// Stack per coroutine wherever a library lets the caller choose (modules/coroutine/README.md lists the
// libraries that cannot). The same size for everyone: a stack's size changes where its top lands
// in the caches, which matters with many coroutines.
inline constexpr std::size_t kStackBytes = 64 * 1024;

// Switch case. The timed loop of every coroutine is the loop a user's program would write: a
// counter in a local, `for (k = turns; k != 0; --k) yield();`, nothing of benchbox's in it. What
// the switches prove is checked around it, untimed (docs/method.md, "What is timed"):
//  - scheduler and symmetric libraries: each coroutine body is `tally.run(i, yield)` (or the
//    three phases spelled out where a lambda cannot hold the yield: C++20's co_await):
//      1. head: kProofLaps laps in which every entry is booked (the first lap also touches each
//         fresh stack): a yield that comes back to the coroutine that made it, or an order that
//         is not round-robin, shows in the proof. The entry that completes the head starts the clock.
//      2. timed: `turns` yields per coroutine, counted in a register. Round-robin, the coroutine
//         that started the clock is the first to finish its turns, after exactly N x turns
//         switches; it stops the clock.
//      3. tail: kProofLaps more booked laps, which also prove that every other coroutine had
//         finished its turns when the clock stopped (a coroutine still in its loop would break
//         the tail's round-robin). The entry that completes the tail returns false from run();
//         every later entry returns false too, so that every coroutine can finish.
//  - asymmetric libraries (resume/yield through the caller): bodies are `tally.body(i, yield)`;
//    the caller calls `tally.drive(resume)`: one priming resume each, the clock, turns x N
//    resumes round-robin, the clock, then one more resume each, in which (and only in which)
//    every body must finish its turns.
class SwitchTally {
 public:
  static constexpr std::uint64_t kProofLaps = benchbox::coroutine::kProofLaps;

  // ops is a multiple of the coroutines (asymmetric: of twice their number), as the module's
  // legal_ops asks for.
  SwitchTally(Trial& trial, std::size_t coroutines)
      : trial_(trial), n_(coroutines), entries_(coroutines, 0), turns_(trial.ops() / coroutines) {}

  // ---- scheduler and symmetric libraries. run() returns true in the one coroutine whose entry
  // completed the proof (a ring hands control back to its caller from there), false in the others.
  template <class Yield>
  bool run(std::size_t i, Yield&& yield) {
    while (head(i)) yield();
    for (std::uint64_t k = turns(); k != 0; --k) yield();
    leave();
    while (tail(i)) yield();
    return completed_by_ == i;
  }
  // The three phases, for bodies that cannot pass their yield to run() (co_await).
  bool head(std::size_t i) noexcept {
    if (phase_ != Phase::head) [[unlikely]] return false;  // once per coroutine, clock running
    if (book(i)) return true;
    phase_ = Phase::timed;
    trial_.start();
    return false;
  }
  std::uint64_t turns() const noexcept { return turns_; }
  void leave() noexcept {
    if (phase_ != Phase::timed) return;  // not the first to finish its turns
    trial_.stop();
    phase_ = Phase::tail;
    last_ = SIZE_MAX;
  }
  bool tail(std::size_t i) noexcept {
    if (phase_ != Phase::tail) return false;  // the proof is complete: every coroutine may end
    if (book(i)) return true;
    phase_ = Phase::over;
    completed_by_ = i;
    return false;
  }

  // ---- asymmetric libraries
  template <class Yield>
  [[noreturn]] void body(std::size_t i, Yield&& yield) {
    yield();  // after the priming resume
    for (std::uint64_t k = turns_ / 2; k != 0; --k) yield();
    finished(i);
    for (;;) yield();  // suspended for good; destroyed like any suspended coroutine
  }
  // How each coroutine's first entry (its stack's first touch) is made: by a resume here, or
  // already when the library constructed it (Boost.Coroutine2's pull_type runs to its first yield).
  enum class Priming { resume_each, by_construction };
  template <class Resume>
  void drive(Resume&& resume, Priming priming = Priming::resume_each) {
    asymmetric_ = true;
    if (priming == Priming::resume_each)
      for (std::size_t i = 0; i < n_; ++i) resume(i);
    const std::uint64_t resumes = turns_ / 2 * n_;
    trial_.start();
    std::size_t i = 0;
    for (std::uint64_t k = 0; k < resumes; ++k) {  // round-robin without a division
      resume(i);
      if (++i == n_) i = 0;
    }
    trial_.stop();
    phase_ = Phase::tail;  // each body finishes its turns in this last resume, not before
    for (std::size_t j = 0; j < n_; ++j) resume(j);
    phase_ = Phase::over;
  }
  // Called by a body when it has finished its turns (by body(), or by a body whose loop the
  // library runs: Lua's continuations).
  void finished(std::size_t i) noexcept {
    if (phase_ == Phase::tail) ++entries_[i];
    else ++finished_early_;
  }

  // Asymmetric: done counts the switches of the coroutines that finished their turns in the last
  // resume; the checksum is their number (n when all did). Otherwise: done is N x turns once the
  // timed phase ended, and the checksum is the proof's sum of squared entries per phase.
  void finish() {
    if (asymmetric_) {
      std::uint64_t finished = 0;
      for (auto e : entries_) finished += e == 1;
      trial_.count(proof::kFinishedEarly, finished_early_);
      trial_.finish(finished * turns_, finished);
      return;
    }
    trial_.count(proof::kProofEntries, proof_entries_);
    trial_.count(proof::kSelfReturns, self_returns_);
    trial_.finish(phase_ == Phase::over ? n_ * turns_ : 0, proof_squares_);
  }

 private:
  enum class Phase { head, timed, tail, over };

  // Books entry i of the head or the tail; false when it completes the phase's laps.
  bool book(std::size_t i) noexcept {
    if (i == last_) {  // came back to the coroutine that yielded: no switch
      ++self_returns_;
      return true;
    }
    last_ = i;
    ++entries_[i];
    if (++booked_ != kProofLaps * n_) return true;
    proof_entries_ += booked_;
    booked_ = 0;
    for (auto& e : entries_) {
      proof_squares_ += e * e;
      e = 0;
    }
    return false;
  }

  Trial& trial_;
  std::size_t n_;
  std::vector<std::uint64_t> entries_;
  std::uint64_t turns_;
  Phase phase_ = Phase::head;
  bool asymmetric_ = false;
  std::size_t last_ = SIZE_MAX;  // the coroutine that had control last (head and tail)
  std::size_t completed_by_ = SIZE_MAX;
  std::uint64_t booked_ = 0, proof_entries_ = 0, proof_squares_ = 0, self_returns_ = 0, finished_early_ = 0;
};

// Channel case: the producer calls start() and sends 1..ops; the consumer receives ops values in
// a plain loop whose counter and checksum are locals (the k-th value received weighs k, so that
// values lost, repeated or out of order show), and the last receive stops the clock: the run ends
// at the last receive, not the last send. Consumers that can pass their receive as a callable use
// consume(); the others (co_await, a consumer draining a buffer) write the same loop and call
// received_all() right after it.
class ChannelTally {
 public:
  explicit ChannelTally(Trial& trial) : trial_(trial) {}
  void start() noexcept { trial_.start(); }
  template <class Receive>
  void consume(Receive&& receive) {
    const std::uint64_t ops = trial_.ops();
    std::uint64_t checksum = 0, k = 1;
    for (; k <= ops; ++k) checksum += k * static_cast<std::uint64_t>(receive());
    received_all(ops, checksum);
  }
  void received_all(std::uint64_t received, std::uint64_t checksum) noexcept {
    trial_.stop();
    count_ = received;
    checksum_ = checksum;
  }
  std::uint64_t ops() const noexcept { return trial_.ops(); }
  void finish() { trial_.finish(count_, checksum_); }

 private:
  Trial& trial_;
  std::uint64_t count_ = 0, checksum_ = 0;
};

// Create case (value K = coroutines alive at once, ops a multiple of K): the adapter creates
// K coroutines, runs each until it has finished (entering it once: through the scheduler for
// scheduler libraries), releases them, and repeats ops/K times between start() and stop().
// Each coroutine gets its sequence number 1..ops at creation, and its body calls entered(id) when
// it starts and completed() as its last action; the checksum is the sum of the ids that ran.
class CreateTally {
 public:
  explicit CreateTally(Trial& trial)
      : trial_(trial), alive_(static_cast<std::uint64_t>(trial.axis_number())), batches_(trial.ops() / alive_) {}

  std::uint64_t alive() const { return alive_; }    // K
  std::uint64_t batches() const { return batches_; }  // ops / K
  void start() noexcept { trial_.start(); }
  void stop() noexcept { trial_.stop(); }
  void entered(std::uint64_t id) noexcept {
    ++entries_;
    checksum_ += id;
  }
  void completed() noexcept { ++completions_; }
  std::uint64_t completions() const { return completions_; }
  void finish() {
    trial_.count(proof::kEntries, entries_);
    trial_.finish(completions_, checksum_);
  }

 private:
  Trial& trial_;
  std::uint64_t alive_, batches_;
  std::uint64_t entries_ = 0, completions_ = 0, checksum_ = 0;
};

// Resident and reserved (virtual) bytes of this process, from /proc/self/statm, read without
// allocating (the reading must not change what it reads).
struct ProcessMemory {
  std::uint64_t resident = 0, reserved = 0;

  static ProcessMemory now() {
    ProcessMemory m;
    char buf[256];
    const int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return m;
    const ssize_t got = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (got <= 0) return m;
    buf[got] = 0;
    char* end = nullptr;
    const std::uint64_t size = std::strtoull(buf, &end, 10);
    const std::uint64_t rss = std::strtoull(end, nullptr, 10);
    const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    m.reserved = size * page;
    m.resident = rss * page;
    return m;
  }
};

// Memory case (value N = coroutines alive and suspended; one trial per fresh process): the
// adapter calls begin(), creates N coroutines and enters each once (its body calls entered(i)
// and suspends: yields to its caller or blocks on something the adapter releases later), then
// all_suspended() once all N are suspended; then it lets every coroutine finish (each body calls
// completed() as its last action) and calls finish(). The figures are the growth of resident and
// reserved bytes between begin() and all_suspended(), per coroutine: the coroutines' stacks,
// control blocks and whatever the library allocates for them, including the adapter's own few
// bytes per coroutine of bookkeeping (a pointer or two, the same for everyone).
class MemoryTally {
 public:
  explicit MemoryTally(Trial& trial) : trial_(trial), n_(static_cast<std::uint64_t>(trial.axis_number())) {}

  std::uint64_t coroutines() const { return n_; }
  void begin() noexcept {
    before_ = ProcessMemory::now();
    trial_.start();
  }
  void entered(std::uint64_t i) noexcept {
    ++entries_;
    checksum_ += i + 1;
  }
  std::uint64_t entries() const { return entries_; }
  void all_suspended() {
    trial_.stop();
    const ProcessMemory after = ProcessMemory::now();
    const auto per = [&](std::uint64_t a, std::uint64_t b) {
      return a > b ? static_cast<double>(a - b) / static_cast<double>(n_) : 0.0;
    };
    trial_.figure(proof::kBytesPerCoroutine, per(after.resident, before_.resident));
    trial_.figure(proof::kReservedBytesPerCoroutine, per(after.reserved, before_.reserved));
    alive_at_measure_ = entries_;
  }
  void completed() noexcept { ++completions_; }
  std::uint64_t completions() const { return completions_; }
  void finish() {
    trial_.count(proof::kCompleted, completions_);
    trial_.finish(alive_at_measure_, checksum_);
  }

 private:
  Trial& trial_;
  std::uint64_t n_;
  ProcessMemory before_;
  std::uint64_t entries_ = 0, completions_ = 0, checksum_ = 0, alive_at_measure_ = 0;
};

// What a C library's coroutine function receives through its one pointer argument: the trial's
// tally and which coroutine it is.
struct SwitchArg {
  SwitchTally* tally;
  std::size_t index;
};
struct CreateArg {
  CreateTally* tally;
  std::uint64_t id;
  // A create body's whole work.
  void run() const noexcept {
    tally->entered(id);
    tally->completed();
  }
};

// Create case of a library whose spawn only queues the new coroutine (libfiber, libtask), run from
// a coroutine of the library: ops/K times, K spawns, then yields until the scheduler has run all
// K to their end. spawn(arg) queues a coroutine whose body calls arg's run(); arg (one of K kept
// here) lives until that body has run. yield() gives the scheduler the spawner's turn.
template <class Spawn, class Yield>
void spawn_batches(CreateTally& tally, Spawn&& spawn, Yield&& yield) {
  const std::size_t k = tally.alive();
  std::vector<CreateArg> args(k);
  std::uint64_t id = 0;
  tally.start();
  for (std::uint64_t b = 0; b < tally.batches(); ++b) {
    for (auto& a : args) {
      a = {&tally, ++id};
      spawn(a);
    }
    while (tally.completions() < (b + 1) * k) yield();
  }
  tally.stop();
}

struct MemoryArg {
  MemoryTally* tally;
  std::size_t index;
};

}  // namespace benchbox::coroutine
