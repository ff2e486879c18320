// The prefix test's allocator through malloc and free, which its library replaces where linked.
#include <toymalloc.h>

#include "../common/allocator_adapter.hpp"

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("toymalloc", toymalloc_version());
  adapter.add<benchbox::allocator::MallocFree>();
  return adapter.main(argc, argv);
}
