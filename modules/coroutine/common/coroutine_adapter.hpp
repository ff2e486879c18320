// Helpers shared by the coroutine module's C/C++ adapters: the same counting and the same
// checksums for every library, so that only the library's own calls differ between adapters.
#pragma once

#include <benchbox/adapter.hpp>

#include <cstdint>
#include <vector>

#include "../checksums.hpp"

namespace benchbox::coroutine {

// Stack per coroutine wherever a library lets the caller choose (docs/libraries.md lists the
// libraries that cannot). The same size for everyone: a stack's size changes where its top lands
// in the caches, which matters with many coroutines.
inline constexpr std::size_t kStackBytes = 64 * 1024;

// Switch case. Two ways to use it:
//  - scheduler/symmetric libraries: every coroutine body is `while (tally.enter(i)) yield();`.
//    The first entry of each coroutine is a priming round (untimed, uncounted: first touch of a
//    fresh stack is start-up, not switching); the coroutine that completes the priming starts
//    the clock; the entry that makes the last switch stops it; later entries return false so
//    that every coroutine finishes. A yield that returns to the coroutine that made it (some
//    schedulers do this now and then) is not a switch: not counted, though its time is kept.
//  - asymmetric libraries (resume/yield through the caller): bodies are
//    `for (;;) { tally.entered(i); yield(); }`; the caller resumes each coroutine once
//    (priming), calls begin(), does trial.ops()/2 resumes round-robin, calls end().
class SwitchTally {
 public:
  SwitchTally(Trial& trial, std::size_t coroutines) : trial_(trial), target_(trial.ops()), entries_(coroutines, 0) {}

  bool enter(std::size_t i) noexcept {
    if (done_ == target_) return false;
    if (!counting_) {
      if (++primed_ == entries_.size()) {
        counting_ = true;
        last_ = i;
        trial_.start();
      }
      return true;
    }
    if (i == last_) return true;  // a yield that came back to the same coroutine is no switch
    last_ = i;
    ++entries_[i];
    if (++done_ == target_) {
      trial_.stop();
      return false;
    }
    return true;
  }

  void entered(std::size_t i) noexcept { ++entries_[i]; }

  // Asymmetric: after the priming resumes, start counting from zero and start the clock.
  void begin() noexcept {
    std::fill(entries_.begin(), entries_.end(), 0);
    trial_.start();
  }
  void end() noexcept {
    trial_.stop();
    done_ = 0;
    for (auto e : entries_) done_ += 2 * e;
  }

  // Round-robin over the coroutines without a division in the measured loop.
  template <class Resume>
  static void round_robin(std::uint64_t resumes, std::size_t coroutines, Resume&& resume) {
    std::size_t i = 0;
    for (std::uint64_t k = 0; k < resumes; ++k) {
      resume(i);
      if (++i == coroutines) i = 0;
    }
  }

  void finish() {
    std::uint64_t sum_squares = 0;
    for (auto e : entries_) sum_squares += e * e;
    trial_.finish(done_, sum_squares);
  }

  std::uint64_t target() const { return target_; }
  bool over() const { return done_ == target_; }

 private:
  Trial& trial_;
  std::uint64_t target_;
  std::vector<std::uint64_t> entries_;
  std::uint64_t done_ = 0;
  std::size_t primed_ = 0;
  std::size_t last_ = SIZE_MAX;  // the coroutine that had control last
  bool counting_ = false;
};

// Channel case: the producer calls start() and sends 1..ops; the consumer calls received(v) for
// each value and the last one stops the clock. The run ends at the last receive, not the last send.
class ChannelTally {
 public:
  explicit ChannelTally(Trial& trial) : trial_(trial) {}
  void start() noexcept { trial_.start(); }
  // Returns true after the last value.
  bool received(std::uint64_t value) noexcept {
    ++count_;
    checksum_ += count_ * value;
    if (count_ == trial_.ops()) {
      trial_.stop();
      return true;
    }
    return false;
  }
  void finish() { trial_.finish(count_, checksum_); }

 private:
  Trial& trial_;
  std::uint64_t count_ = 0, checksum_ = 0;
};

}  // namespace benchbox::coroutine
