// oneTBB's scalable allocator through its own C API, scalable_malloc and scalable_free (per-thread
// heaps of size-segregated slabs, blocks freed by another thread returned to their owner lazily),
// with its default modes.
#include <oneapi/tbb/scalable_allocator.h>
#include <oneapi/tbb/version.h>

#include "../common/allocator_adapter.hpp"

namespace {

struct ScalableMalloc {
  explicit ScalableMalloc(std::size_t) {}
  void* allocate(std::size_t n) { return scalable_malloc(n); }
  void release(void* p, std::size_t) { scalable_free(p); }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("tbbmalloc", "oneTBB " TBB_VERSION_STRING);
  adapter.add<ScalableMalloc>();
  return adapter.main(argc, argv);
}
