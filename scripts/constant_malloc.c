/* A malloc whose cost per call depends only on the request, not on what was allocated or freed
 * before it: a pointer bump under a spinlock, free a no-op, memory never reused (a run's memory
 * grows with every allocation: count few operations). Preloaded by scripts/count-diff.py
 * (--constant-malloc) so that Callgrind's counts of two builds do not differ by the heap their
 * set-ups left (glibc's malloc takes more or fewer steps by its free lists). For counting only.
 *   cc -O2 -shared -fPIC -o libconstant_malloc.so scripts/constant_malloc.c */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

enum { kChunk = 1 << 30 }; /* reserved, not committed: a page counts once written */

static char* chunk;
static size_t used = kChunk;
static volatile char busy;

static int power_of_two(size_t n) { return n && !(n & (n - 1)); }

/* Room for `size` bytes at an address that is a multiple of `align` (a power of two), with the
 * size stored in the word before it (realloc, malloc_usable_size). */
static void* bump(size_t size, size_t align) {
  if (align < 16) align = 16;
  if (size > PTRDIFF_MAX - 2 * align - sizeof(size_t)) {
    errno = ENOMEM;
    return NULL;
  }
  const size_t need = size + align + sizeof(size_t); /* enough at any address */
  while (__atomic_test_and_set(&busy, __ATOMIC_ACQUIRE)) {
  }
  char* start = NULL;
  if (need > kChunk - used) {
    const size_t length = need > kChunk ? need : kChunk;
    void* fresh = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (fresh != MAP_FAILED && length > kChunk) { /* a block of its own; the chunk goes on */
      start = (char*)(((uintptr_t)fresh + sizeof(size_t) + align - 1) & ~(uintptr_t)(align - 1));
    } else if (fresh != MAP_FAILED) {
      chunk = fresh;
      used = 0;
    }
    if (fresh == MAP_FAILED) errno = ENOMEM;
  }
  if (!start && used + need <= kChunk) {
    start = (char*)(((uintptr_t)(chunk + used) + sizeof(size_t) + align - 1) & ~(uintptr_t)(align - 1));
    used = (size_t)(start - chunk) + size;
  }
  if (start) ((size_t*)start)[-1] = size;
  __atomic_clear(&busy, __ATOMIC_RELEASE);
  return start;
}

void* malloc(size_t n) { return bump(n, 16); }
void free(void* p) { (void)p; }
void* calloc(size_t count, size_t n) { /* fresh pages are zero, and no block is ever handed out twice */
  if (n && count > SIZE_MAX / n) {
    errno = ENOMEM;
    return NULL;
  }
  return bump(count * n, 16);
}
void* realloc(void* p, size_t n) {
  void* q = bump(n, 16);
  if (p && q) {
    const size_t old = ((size_t*)p)[-1];
    memcpy(q, p, old < n ? old : n);
  }
  return q;
}
int posix_memalign(void** out, size_t align, size_t n) {
  if (!power_of_two(align) || align % sizeof(void*)) return EINVAL;
  void* p = bump(n, align);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}
void* aligned_alloc(size_t align, size_t n) {
  if (!power_of_two(align)) {
    errno = EINVAL;
    return NULL;
  }
  return bump(n, align);
}
void* memalign(size_t align, size_t n) { return aligned_alloc(align, n); }
void* valloc(size_t n) { return bump(n, 4096); }
void* pvalloc(size_t n) { return bump((n + 4095) & ~(size_t)4095, 4096); }
size_t malloc_usable_size(void* p) { return p ? ((size_t*)p)[-1] : 0; }
