// A bump allocator that never frees, in a ring: the floor's allocator (floor/) and the base of the
// tests' cheating one (tests/). Each allocation rounds the request up to 16 bytes (malloc's
// alignment) and advances a pointer; a free does nothing. The ring is mapped and faulted in at
// construction (before the clock), larger than everything the schedule requests while any one
// block is live (the window the workload gives) once rounded: rounding a multiple of 8 up to 16 at
// most doubles it, and a wrap skips less than one block (at most 64 KiB), so the bump wraps around
// only over dead blocks.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <new>

namespace benchbox::allocator {

class BumpRing {
 public:
  explicit BumpRing(std::size_t window) : bytes_(round_up(2 * window + (std::size_t{1} << 17), std::size_t{1} << 16)) {
    void* m = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (m == MAP_FAILED) throw std::bad_alloc();
    base_ = top_ = static_cast<unsigned char*>(m);
    end_ = base_ + bytes_;
  }
  ~BumpRing() { munmap(base_, bytes_); }
  BumpRing(const BumpRing&) = delete;
  BumpRing& operator=(const BumpRing&) = delete;

  void* allocate(std::size_t n) {
    n = round_up(n, 16);
    if (static_cast<std::size_t>(end_ - top_) < n) top_ = base_;  // wrap: what is there is dead
    void* p = top_;
    top_ += n;
    return p;
  }
  void release(void*, std::size_t) {}

 private:
  static std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }
  std::size_t bytes_;
  unsigned char *base_, *top_, *end_;
};

}  // namespace benchbox::allocator
