// The prefix test's allocator through malloc and free, which its library replaces where linked.
#include <toymalloc.h>

#include "../common/allocator_adapter.hpp"

int main(int argc, char** argv) {
  benchbox::Adapter adapter("toymalloc", toymalloc_version());
  return benchbox::allocator::adapter_main<benchbox::allocator::MallocFree>(adapter, argc, argv);
}
