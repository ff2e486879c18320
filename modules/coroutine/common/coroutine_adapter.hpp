// Helpers shared by the coroutine module's C/C++ adapters: the same counting and the same
// checksums for every library, so that only the library's own calls differ between adapters.
#pragma once

#include <benchbox/adapter.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../checksums.hpp"

namespace benchbox::coroutine {

// Stack per coroutine wherever a library lets the caller choose (docs/libraries.md lists the
// libraries that cannot). The same size for everyone: a stack's size changes where its top lands
// in the caches, which matters with many coroutines.
inline constexpr std::size_t kStackBytes = 64 * 1024;

// How a library runs a coroutine case: the module's traits (style, stack) and the common fields.
struct CaseInfo {
  std::string style;             // "asymmetric" (resume/yield through a caller), "symmetric", "scheduler"
  std::int64_t stack_bytes = 0;  // stack per coroutine actually used; 0 = stackless or growable
  std::string notes;
  std::int64_t min_param = 0;
  std::int64_t max_param = -1;
  std::string max_param_reason{};  // why max_param, shown with the n/a of a larger parameter
};

inline benchbox::CaseInfo common_info(const CaseInfo& c, std::uint64_t bytes_per_param) {
  return {.notes = c.notes,
          .min_param = c.min_param,
          .max_param = c.max_param,
          .bytes_per_param = bytes_per_param,
          .traits = {{"style", c.style}, {"stack_bytes", std::to_string(c.stack_bytes)}},
          .max_param_reason = c.max_param_reason};
}

// The switch case's parameter counts coroutines: each costs its stack (the driver refuses what
// cannot fit); the channel case's counts buffer slots of one value.
inline benchbox::CaseInfo switch_case(const CaseInfo& c) {
  return common_info(c, static_cast<std::uint64_t>(c.stack_bytes));
}
inline benchbox::CaseInfo channel_case(const CaseInfo& c) { return common_info(c, sizeof(std::uint64_t)); }
// The create case's parameter counts coroutines alive at once, the memory case's coroutines
// alive and suspended: each costs its stack, as in the switch case. A library whose stacks are
// small or growable (0) still costs something: count one page so that absurd values are refused.
inline benchbox::CaseInfo create_case(const CaseInfo& c) {
  return common_info(c, static_cast<std::uint64_t>(c.stack_bytes > 0 ? c.stack_bytes : 4096));
}
inline benchbox::CaseInfo memory_case(const CaseInfo& c) { return create_case(c); }

// How many coroutines can be alive at once when each one's stack carries a guard page that the
// library mprotect()s inside a larger mapping (its heap, or one mmap per stack): that splits the
// mapping, two mappings per stack, and the kernel allows a process vm.max_map_count mappings
// (65530 by default). Half of what is left after the mappings this process has now, less a
// margin for the ones it makes later (allocator arenas, the library's own); -1 where unknown.
inline std::uint64_t max_map_count() {
  unsigned long long v = 0;
  if (std::FILE* f = std::fopen("/proc/sys/vm/max_map_count", "r")) {
    if (std::fscanf(f, "%llu", &v) != 1) v = 0;
    std::fclose(f);
  }
  return v;
}
inline std::int64_t guard_page_limit() {
  const std::uint64_t max_maps = max_map_count();
  if (max_maps == 0) return -1;
  std::uint64_t used = 0;
  if (std::FILE* f = std::fopen("/proc/self/maps", "r")) {
    for (int c; (c = std::fgetc(f)) != EOF;) used += c == '\n';
    std::fclose(f);
  }
  constexpr std::uint64_t kMargin = 256;
  return max_maps > used + kMargin ? static_cast<std::int64_t>((max_maps - used - kMargin) / 2) : 0;
}
// The reason shown with guard_page_limit(): `cause` says how each coroutine comes to hold two
// mappings.
inline std::string guard_page_limit_reason(const std::string& cause) {
  return cause + ", two mappings per coroutine, and the kernel allows a process vm.max_map_count mappings (" +
         std::to_string(max_map_count()) + " here)";
}

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
  SwitchTally(Trial& trial, std::size_t coroutines)
      : trial_(trial), target_(trial.ops()), entries_(coroutines, 0), limit_(coroutines) {}

  // The common path is five instructions' worth of bookkeeping (compare, two increments, two
  // stores): the floor's row must stay close to a bare switch. Phase changes (end of the priming
  // round, the last switch, entries after it) all go through turn().
  bool enter(std::size_t i) noexcept {
    if (i == last_) [[unlikely]] return !over_;  // a yield that came back to the same coroutine is no switch
    last_ = i;
    ++entries_[i];
    if (++done_ != limit_) [[likely]] return true;
    return turn();
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
    // enter(): the counts as they were at the last switch; entered(): as end() left them.
    const auto& entries = over_ ? final_entries_ : entries_;
    std::uint64_t sum_squares = 0;
    for (auto e : entries) sum_squares += e * e;
    trial_.finish(over_ ? final_done_ : done_, sum_squares);
  }

  std::uint64_t target() const { return target_; }
  bool over() const { return over_; }

 private:
  // done_ reached limit_: the priming round is complete (start counting), or the last switch was
  // made (stop the clock and keep the counts), or an entry came after the end (refused).
  bool turn() noexcept {
    if (!counting_) {
      counting_ = true;
      std::fill(entries_.begin(), entries_.end(), 0);
      done_ = 0;
      limit_ = target_;
      trial_.start();
      return true;
    }
    if (!over_) {
      trial_.stop();
      over_ = true;
      final_done_ = done_;
      final_entries_ = entries_;
    }
    limit_ = done_ + 1;  // every later entry comes back here and is refused
    return false;
  }

  Trial& trial_;
  std::uint64_t target_;
  std::vector<std::uint64_t> entries_, final_entries_;
  std::uint64_t done_ = 0, limit_, final_done_ = 0;
  std::size_t last_ = SIZE_MAX;  // the coroutine that had control last
  bool counting_ = false, over_ = false;
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

// Create case (parameter K = coroutines alive at once, ops a multiple of K): the adapter creates
// K coroutines, runs each until it has finished (entering it once: through the scheduler for
// scheduler libraries), releases them, and repeats ops/K times between start() and stop().
// Each coroutine gets its sequence number 1..ops at creation, and its body calls entered(id) when
// it starts and completed() as its last action; the checksum is the sum of the ids that ran.
class CreateTally {
 public:
  explicit CreateTally(Trial& trial)
      : trial_(trial), alive_(static_cast<std::uint64_t>(trial.param())), batches_(trial.ops() / alive_) {}

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
    trial_.count("entries", entries_);
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

// Memory case (parameter N = coroutines alive and suspended; one trial per fresh process): the
// adapter calls begin(), creates N coroutines and enters each once (its body calls entered(i)
// and suspends: yields to its caller or blocks on something the adapter releases later), then
// all_suspended() once all N are suspended; then it lets every coroutine finish (each body calls
// completed() as its last action) and calls finish(). The figures are the growth of resident and
// reserved bytes between begin() and all_suspended(), per coroutine: the coroutines' stacks,
// control blocks and whatever the library allocates for them, including the adapter's own few
// bytes per coroutine of bookkeeping (a pointer or two, the same for everyone).
class MemoryTally {
 public:
  explicit MemoryTally(Trial& trial) : trial_(trial), n_(static_cast<std::uint64_t>(trial.param())) {}

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
    trial_.figure("bytes_per_coroutine", per(after.resident, before_.resident));
    trial_.figure("reserved_bytes_per_coroutine", per(after.reserved, before_.reserved));
    alive_at_measure_ = entries_;
  }
  void completed() noexcept { ++completions_; }
  std::uint64_t completions() const { return completions_; }
  void finish() {
    trial_.count("completed", completions_);
    trial_.finish(alive_at_measure_, checksum_);
  }

 private:
  Trial& trial_;
  std::uint64_t n_;
  ProcessMemory before_;
  std::uint64_t entries_ = 0, completions_ = 0, checksum_ = 0, alive_at_measure_ = 0;
};

}  // namespace benchbox::coroutine
