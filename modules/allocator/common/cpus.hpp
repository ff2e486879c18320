// The CPUs of the two-thread cases (cross-thread, threads): the set the process may run on, each
// thread pinned to one of it, and what the trial reports of both.
#pragma once

#include <benchbox/adapter.hpp>

#include <sched.h>

#include <cstdint>

#include "../cases.hpp"

namespace benchbox::allocator {

namespace detail {

// The CPUs this process may run on, as it started: the driver leaves the two-thread cases'
// adapters unpinned, they report this set (module.cpp requires two or more) and pin each of
// their threads to one of it (pin_thread).
inline const cpu_set_t& process_cpus() {
  static const cpu_set_t set = [] {
    cpu_set_t s;
    CPU_ZERO(&s);
    if (sched_getaffinity(0, sizeof s, &s) != 0) CPU_ZERO(&s);
    return s;
  }();
  return set;
}

inline void report_cpus_allowed(Trial& t) { t.count(proof::kCpusAllowed, static_cast<std::uint64_t>(CPU_COUNT(&process_cpus()))); }

// Pins the calling thread to the k-th CPU of process_cpus() counted from the last (fewer: left as
// is): from the last, away from CPU 0's interrupts, as the driver pins one-thread rows. Left to the
// scheduler, the two threads shared one CPU for part of a trial, in some processes and not others:
// a cross-thread row ranged 38 to 257 ns/op process by process (tcmalloc); one thread per CPU,
// within 10%. The case then measures the allocator with both threads running, not the scheduler.
// Returns the CPU, or -1 where the thread stays unpinned (report_pinned_cpus says so).
inline int pin_thread(unsigned k) {
  const cpu_set_t& allowed = process_cpus();
  for (int cpu = CPU_SETSIZE - 1, seen = 0; cpu >= 0; --cpu) {
    if (!CPU_ISSET(cpu, &allowed) || seen++ != static_cast<int>(k)) continue;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    return sched_setaffinity(0, sizeof one, &one) == 0 ? cpu : -1;  // refused: a cpuset changed under us
  }
  return -1;
}

// The distinct CPUs the two threads were pinned to (2: each its own), for module.cpp to check.
inline void report_pinned_cpus(Trial& t, const int (&cpu)[2]) {
  t.count(proof::kPinnedCpus, static_cast<std::uint64_t>((cpu[0] >= 0) + (cpu[1] >= 0 && cpu[1] != cpu[0])));
}

}  // namespace detail

}  // namespace benchbox::allocator
