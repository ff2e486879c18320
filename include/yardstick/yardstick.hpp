// What every yardstick (modules/*/yardsticks/, docs/method.md, "Yardsticks") does alike around its
// library's work: the clock, Callgrind's counting switched on and off around the timed region, one
// untimed warm-up pass before the timed ones, and reading the input file. Nothing of benchbox: this
// folder is the only one of ours on a yardstick's include path, and the library's calls stay in the
// yardstick's own file.
#pragma once

#include <time.h>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>  // counts the timed region only, under scripts/accuracy.py --instructions
#define YARDSTICK_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#else
#define YARDSTICK_TOGGLE()
#endif

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

namespace yardstick {

inline std::uint64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::uint64_t(ts.tv_sec) * 1000000000u + std::uint64_t(ts.tv_nsec);
}

// The clock around a timed region; once `counting` is set (the timed passes, not the warm-up) it
// also switches Callgrind's counting on and off.
inline bool counting = false;
inline std::uint64_t start_clock() {
  if (counting) YARDSTICK_TOGGLE();
  return now_ns();
}
inline std::uint64_t stop_clock() {
  const std::uint64_t t = now_ns();
  if (counting) YARDSTICK_TOGGLE();
  return t;
}

// One untimed warm-up pass, then `reps` timed passes, each printed as a line `ns_per_op <value>`
// (what scripts/accuracy.py reads). `pass` returns its ns per operation.
template <class Pass>
void warm_up_then_time(int reps, Pass&& pass) {
  pass();
  counting = true;
  for (int i = 0; i < reps; ++i) std::printf("ns_per_op %.4f\n", pass());
}

// The command line `PROGRAM WHAT N OPS REPS` (the allocator's and the coroutine's yardsticks): what
// to run, its size, the operations per pass, the timed passes. read_command is false, with the
// usage on stderr, unless there are those four arguments; the caller checks their values.
struct Command {
  std::string what;
  std::uint64_t n = 0, ops = 0;
  int reps = 0;
};
inline bool read_command(int argc, char** argv, const char* whats, Command& c) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s %s N OPS REPS\n", argv[0], whats);
    return false;
  }
  c = {argv[1], std::strtoull(argv[2], nullptr, 10), std::strtoull(argv[3], nullptr, 10), std::atoi(argv[4])};
  return true;
}

// The whole file, or "" when it cannot be read (the caller refuses an empty input).
inline std::string read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return in ? text : std::string();
}

}  // namespace yardstick
