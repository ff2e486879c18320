/* A malloc whose cost per call does not depend on what was allocated or freed before it: a pointer
 * bump, free a no-op, memory never reused. Preloaded by scripts/count-diff (--constant-malloc) so
 * that Callgrind's counts of two builds do not differ by the heap their set-ups left (glibc's
 * malloc takes more or fewer steps depending on its free lists). For counting instructions only.
 *   cc -O2 -shared -fPIC -o libconstant_malloc.so scripts/constant_malloc.c */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>

enum { kChunk = 1 << 30 }; /* reserved, not committed: pages count only once written */

static char* chunk;
static size_t used = kChunk;

static void* bump(size_t size, size_t align) {
  if (align < 16) align = 16;
  size_t start = (used + sizeof(size_t) + align - 1) & ~(align - 1); /* room for the size before */
  if (start + size > kChunk) {
    size_t want = size + align + sizeof(size_t) > kChunk ? size + align + sizeof(size_t) : kChunk;
    void* fresh = mmap(NULL, want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (fresh == MAP_FAILED) {
      errno = ENOMEM;
      return NULL;
    }
    if (want > kChunk) { /* a block of its own */
      char* p = (char*)fresh + ((sizeof(size_t) + align - 1) & ~(align - 1));
      ((size_t*)p)[-1] = size;
      return p;
    }
    chunk = fresh;
    start = (sizeof(size_t) + align - 1) & ~(align - 1);
  }
  used = start + size;
  ((size_t*)(chunk + start))[-1] = size;
  return chunk + start;
}

void* malloc(size_t n) { return bump(n, 16); }
void free(void* p) { (void)p; }
void* calloc(size_t count, size_t n) { /* fresh pages are zero */
  if (n && count > (size_t)-1 / n) {
    errno = ENOMEM;
    return NULL;
  }
  return bump(count * n, 16);
}
void* realloc(void* p, size_t n) {
  void* q = bump(n, 16);
  if (p && q) {
    size_t old = ((size_t*)p)[-1];
    memcpy(q, p, old < n ? old : n);
  }
  return q;
}
int posix_memalign(void** out, size_t align, size_t n) {
  void* p = bump(n, align);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}
void* aligned_alloc(size_t align, size_t n) { return bump(n, align); }
void* memalign(size_t align, size_t n) { return bump(n, align); }
void* valloc(size_t n) { return bump(n, 4096); }
void* pvalloc(size_t n) { return bump((n + 4095) & ~(size_t)4095, 4096); }
size_t malloc_usable_size(void* p) { return p ? ((size_t*)p)[-1] : 0; }
