// benchbox/adapter/hardware_counters.hpp: cycles and instructions of the measured region, from perf_event_open.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#if defined(__linux__)
#include <fcntl.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace benchbox {

// Hardware counters (cycles, instructions) of this thread over the measured region, where the
// kernel allows perf_event_open; silently absent otherwise (the driver says "not available").
class HardwareCounters {
 public:
  HardwareCounters() {
#if defined(__linux__)
    if (const char* want = std::getenv("BENCHBOX_COUNTERS"); want && std::string_view(want) == "1") {
      cycles_ = open_counter(PERF_COUNT_HW_CPU_CYCLES);
      instructions_ = open_counter(PERF_COUNT_HW_INSTRUCTIONS);
    }
#endif
  }
  ~HardwareCounters() {
#if defined(__linux__)
    if (cycles_ >= 0) close(cycles_);
    if (instructions_ >= 0) close(instructions_);
#endif
  }
  HardwareCounters(const HardwareCounters&) = delete;
  HardwareCounters& operator=(const HardwareCounters&) = delete;

  void start() noexcept {
    toggle(PERF_EVENT_IOC_RESET);
    toggle(PERF_EVENT_IOC_ENABLE);
  }
  void stop() noexcept { toggle(PERF_EVENT_IOC_DISABLE); }
  void resume() noexcept { toggle(PERF_EVENT_IOC_ENABLE); }  // after stop(), without a reset
  std::optional<std::uint64_t> cycles() const { return read_counter(cycles_); }
  std::optional<std::uint64_t> instructions() const { return read_counter(instructions_); }

  // Whether this kernel lets a process count its own instructions (the driver asks, for its
  // environment report).
  static bool available() {
#if defined(__linux__)
    const int fd = open_counter(PERF_COUNT_HW_INSTRUCTIONS);
    if (fd < 0) return false;
    close(fd);
    return true;
#else
    return false;
#endif
  }

 private:
#if defined(__linux__)
  static int open_counter(std::uint64_t config) {
    perf_event_attr attr{};
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = config;
    attr.disabled = 1;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    attr.inherit = 1;  // and the threads a trial starts (allocator: each trial on a thread of its own)
    return static_cast<int>(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
  }
  void toggle(unsigned long request) const noexcept {
    if (cycles_ >= 0) ioctl(cycles_, request, 0);
    if (instructions_ >= 0) ioctl(instructions_, request, 0);
  }
  static std::optional<std::uint64_t> read_counter(int fd) {
    std::uint64_t value = 0;
    if (fd < 0 || read(fd, &value, sizeof value) != static_cast<ssize_t>(sizeof value)) return std::nullopt;
    return value;
  }
  int cycles_ = -1;
  int instructions_ = -1;
#else
  void toggle(unsigned long) const noexcept {}
  static std::optional<std::uint64_t> read_counter(int) { return std::nullopt; }
#endif
};

}  // namespace benchbox
