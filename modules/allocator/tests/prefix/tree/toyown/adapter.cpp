// The prefix test's allocator through its own calls, toy_malloc and toy_free.
#include <toymalloc.h>

#include "../common/allocator_adapter.hpp"

namespace {

struct ToyOwn {
  explicit ToyOwn(std::size_t) {}
  void* allocate(std::size_t n) { return toy_malloc(n); }
  void release(void* p, std::size_t) { toy_free(p); }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("toyown", toymalloc_version());
  adapter.add<ToyOwn>();
  return adapter.main(argc, argv);
}
