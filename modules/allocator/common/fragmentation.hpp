// The fragmentation case: N small blocks, 90% freed in a random order, then large blocks; the
// memory figures read from the process's resident memory.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include "blocks.hpp"

namespace benchbox::allocator {

namespace detail {

// ---- fragmentation: N small blocks, 90% freed in a random order, then large blocks ------------

// This process's resident bytes now, from /proc/self/statm, read without allocating (the reading
// must not change what it reads).
inline std::uint64_t resident_bytes() {
  char text[256];
  const int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot open /proc/self/statm: no resident memory to report");
  const ssize_t got = read(fd, text, sizeof text - 1);
  close(fd);
  if (got <= 0) throw std::runtime_error("cannot read /proc/self/statm: no resident memory to report");
  text[got] = '\0';
  char* end = nullptr;
  std::strtoull(text, &end, 10);  // size
  return std::strtoull(end, nullptr, 10) * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

// Resets the process's peak resident memory (VmHWM) to its resident memory now (Linux 4.0+);
// false where the kernel refuses.
inline bool reset_peak_resident() {
  const int fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool done = write(fd, "5", 1) == 1;
  close(fd);
  return done;
}

inline const FragmentationPlan& plan_for(std::uint64_t n) {
  static FragmentationPlan plan;
  static std::uint64_t planned = 0;
  if (planned != n) {
    plan = fragmentation_plan(n);
    planned = n;
  }
  return plan;
}

template <class A>
[[gnu::noinline]] Tally allocate_all(A& a, const std::uint32_t* size, unsigned char** out, std::uint64_t first_serial,
                                     std::uint64_t count) {
  std::uint64_t bytes = 0;
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint32_t s = size[k & kTableMask];
    out[k] = take(a, first_serial + k, s);
    bytes += s;
  }
  return {.allocations = count, .bytes = bytes};
}

template <class A>
[[gnu::noinline]] Tally free_listed(A& a, const std::uint32_t* size, unsigned char** blocks, const std::uint32_t* which,
                                    std::uint64_t count) {
  std::uint64_t sum = 0;
  for (std::uint64_t k = 0; k < count; ++k) sum += give_back(a, blocks[which[k]], size[which[k] & kTableMask]);
  return {.frees = count, .checksum = sum};
}

template <class A>
[[gnu::noinline]] Tally free_all(A& a, const std::uint32_t* size, unsigned char** blocks, std::uint64_t count) {
  std::uint64_t sum = 0;
  for (std::uint64_t k = 0; k < count; ++k) sum += give_back(a, blocks[k], size[k & kTableMask]);
  return {.frees = count, .checksum = sum};
}

inline double mib(std::uint64_t after, std::uint64_t before) {
  return after > before ? static_cast<double>(after - before) / (1024.0 * 1024.0) : 0.0;
}

// One pattern per process (a cold trial): the memory figures are growths of resident memory over
// the moment before the first allocation, the harness's arrays already faulted in. The clock holds
// the four phases' allocations and frees; the three reads of resident memory are paused out.
template <class A>
void run_fragmentation(Trial& t) {
  const std::uint64_t n = value_of(t);
  const FragmentationPlan& plan = plan_for(n);
  const std::uint64_t m = plan.large_blocks;
  const SizeTable &small = sizes(Sizes::small), &large = sizes(Sizes::large);
  A a(0);
  std::vector<unsigned char*> smalls(n, nullptr), larges(m, nullptr);
  const std::uint64_t before = resident_bytes();
  const bool peak_reset = reset_peak_resident();
  Tally tally;
  t.start();
  tally.add(allocate_all(a, small.size.data(), smalls.data(), 0, n));
  t.pause();
  const std::uint64_t full = resident_bytes();
  t.resume();
  tally.add(free_listed(a, small.size.data(), smalls.data(), plan.free_order.data(), plan.free_order.size()));
  t.pause();
  const std::uint64_t after_free = resident_bytes();
  t.resume();
  tally.add(allocate_all(a, large.size.data(), larges.data(), n, m));
  t.pause();
  const std::uint64_t end = resident_bytes();
  t.resume();
  tally.add(free_all(a, large.size.data(), larges.data(), m));
  tally.add(free_listed(a, small.size.data(), smalls.data(), plan.kept.data(), plan.kept.size()));
  t.stop();
  const std::uint64_t peak = peak_resident_bytes();
  // Live together: all N small blocks after the first phase; the kept ones and the large ones at the end.
  std::vector<std::pair<std::uintptr_t, std::uint32_t>> spans;
  for (std::uint64_t k = 0; k < n; ++k) spans.emplace_back(reinterpret_cast<std::uintptr_t>(smalls[k]), small.size[k & kTableMask]);
  tally.overlaps = overlaps(spans);
  spans.clear();
  for (std::uint32_t k : plan.kept) spans.emplace_back(reinterpret_cast<std::uintptr_t>(smalls[k]), small.size[k & kTableMask]);
  for (std::uint64_t k = 0; k < m; ++k) spans.emplace_back(reinterpret_cast<std::uintptr_t>(larges[k]), large.size[k & kTableMask]);
  *tally.overlaps += overlaps(std::move(spans));
  t.figure(figure::kResidentAfterFreeMib, mib(after_free, before));
  t.figure(figure::kResidentFullMib, mib(full, before));
  t.figure(figure::kResidentEndMib, mib(end, before));
  if (peak_reset) t.figure(figure::kPeakGrowthMib, mib(peak, before));
  t.figure(figure::kNsPerAllocation, static_cast<double>(t.elapsed_ns()) / static_cast<double>(n + m));
  tally.report(t, 1);
}

}  // namespace detail

}  // namespace benchbox::allocator
