// snmalloc's malloc and free from its static library, libsnmallocshim-static.a: the shim's entry
// points under the prefix its CMake build gives them (SNMALLOC_STATIC_LIBRARY_PREFIX, "sn_"), which
// no installed header declares. malloc stays glibc's; the archive's operator new and delete (its
// new.cc, unprefixed) are linked in and serve the harness's own C++ allocations.
#include <cstddef>

#include "../common/allocator_adapter.hpp"

extern "C" void* sn_malloc(std::size_t size);
extern "C" void sn_free(void* p);

namespace {

struct SnMalloc {
  explicit SnMalloc(std::size_t) {}
  void* allocate(std::size_t n) { return sn_malloc(n); }
  void release(void* p, std::size_t) { sn_free(p); }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("snmalloc", "unversioned");  // snmalloc has no version in its headers or API
  // Its first allocation reserves the pagemap's address space in one mmap (256 GiB here), which
  // Valgrind refuses: snmalloc aborts, "Failed to initialise snmalloc".
  adapter.info("callgrind", "unsupported: snmalloc cannot start under Valgrind, which refuses the 256 GiB of address space it reserves for its pagemap");
  adapter.add<SnMalloc>();
  return adapter.main(argc, argv);
}
