// benchbox/allocations.hpp: counts an adapter's heap allocations, the same way for every library
// (C++ new and delete, and C's malloc family, which most C libraries use).
//
// Include it in exactly ONE source file of an adapter program: it defines malloc, calloc,
// realloc, free, posix_memalign, aligned_alloc and memalign on top of glibc's own (__libc_*),
// and C++'s replaceable operator new/delete through them. Counting is off unless a Counting
// object is alive: timed loops run without it (issue #20: the clock measures the library, not
// the bookkeeping; counting costs about 20 instructions per allocation and free, 6% of a node
// map's insert), and the figures come from an untimed run of the same work:
//
//   benchbox::allocations::Counting on;   // counting while `on` lives
//   auto before = benchbox::allocations::now();
//   ...                                   // the library's work, untimed
//   auto used = benchbox::allocations::now() - before;
//
// `bytes` and `count` add up what was requested (never decrease); `live_bytes` is what is held
// now (usable size as malloc reports it, so a library's own rounding counts), among the blocks
// allocated and freed while counting. Off, an allocation costs one load and one branch more than
// glibc's own. The counters are plain (not atomic) words: adapters are single-threaded; a library
// that allocates from other threads would need atomics (none measured so far does).
#pragma once

#include <malloc.h>
#include <mm_malloc.h>  // declares posix_memalign with its own exception specification: before ours

#include <cstddef>
#include <cstdint>
#include <new>

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void __libc_free(void*);
void* __libc_memalign(std::size_t, std::size_t);
}

namespace benchbox::allocations {

struct Usage {
  std::uint64_t count = 0;       // allocations made (malloc, calloc, new, a realloc that moved or grew from null)
  std::uint64_t bytes = 0;       // bytes requested by them
  std::int64_t live_bytes = 0;   // usable bytes held now
  Usage operator-(const Usage& o) const { return {count - o.count, bytes - o.bytes, live_bytes - o.live_bytes}; }
};

inline Usage g_usage;
inline bool g_counting = false;

inline Usage now() noexcept { return g_usage; }

// Counting on for this object's lifetime (nested: restores what was there before).
class Counting {
 public:
  Counting() noexcept : was_(g_counting) { g_counting = true; }
  ~Counting() { g_counting = was_; }
  Counting(const Counting&) = delete;
  Counting& operator=(const Counting&) = delete;

 private:
  bool was_;
};

inline void* counted(void* p, std::size_t requested) noexcept {
  if (p && g_counting) [[unlikely]] {
    ++g_usage.count;
    g_usage.bytes += requested;
    g_usage.live_bytes += static_cast<std::int64_t>(malloc_usable_size(p));
  }
  return p;
}
inline void uncounted(void* p) noexcept {
  if (p && g_counting) [[unlikely]] g_usage.live_bytes -= static_cast<std::int64_t>(malloc_usable_size(p));
}

}  // namespace benchbox::allocations

extern "C" {
void* malloc(std::size_t n) { return benchbox::allocations::counted(__libc_malloc(n), n); }
void* calloc(std::size_t n, std::size_t size) { return benchbox::allocations::counted(__libc_calloc(n, size), n * size); }
void free(void* p) {
  benchbox::allocations::uncounted(p);
  __libc_free(p);
}
void* realloc(void* p, std::size_t n) {
  benchbox::allocations::uncounted(p);
  void* q = __libc_realloc(p, n);
  if (!q && n != 0 && p) {  // failed: the old block is still there
    if (benchbox::allocations::g_counting)
      benchbox::allocations::g_usage.live_bytes += static_cast<std::int64_t>(malloc_usable_size(p));
    return q;
  }
  return benchbox::allocations::counted(q, n);
}
void* memalign(std::size_t alignment, std::size_t n) {
  return benchbox::allocations::counted(__libc_memalign(alignment, n), n);
}
void* aligned_alloc(std::size_t alignment, std::size_t n) { return memalign(alignment, n); }
int posix_memalign(void** out, std::size_t alignment, std::size_t n) {
  void* p = memalign(alignment, n);
  if (!p) return 12;  // ENOMEM
  *out = p;
  return 0;
}
}

void* operator new(std::size_t n) {
  if (void* p = malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return malloc(n ? n : 1); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return malloc(n ? n : 1); }
void* operator new(std::size_t n, std::align_val_t a) {
  if (void* p = memalign(static_cast<std::size_t>(a), n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) { return operator new(n, a); }
void operator delete(void* p) noexcept { free(p); }
void operator delete[](void* p) noexcept { free(p); }
void operator delete(void* p, std::size_t) noexcept { free(p); }
void operator delete[](void* p, std::size_t) noexcept { free(p); }
void operator delete(void* p, std::align_val_t) noexcept { free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { free(p); }
