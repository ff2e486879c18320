// glibc's malloc and free (ptmalloc2: per-thread tcache of 7 blocks per size class, fastbins,
// arenas per thread), with its default tunables: what every C and C++ program gets.
#include <gnu/libc-version.h>

#include <string>

#include "../common/allocator_adapter.hpp"

int main(int argc, char** argv) {
  benchbox::Adapter adapter("glibc", std::string("glibc ") + gnu_get_libc_version());
  return benchbox::allocator::adapter_main<benchbox::allocator::MallocFree>(adapter, argc, argv);
}
