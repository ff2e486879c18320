// The toy library, reporting the version its folder gave it at configure (BB_LIBRARY_VERSION)
// instead of asking the library: a version row must report its own (cmake/BenchboxOtherRows.cmake).
#include <toy.h>

#include "../common/toy_adapter.hpp"

int main(int argc, char** argv) {
  benchbox::Adapter adapter("toyfixed", BB_LIBRARY_VERSION);
  add_find_case(adapter, [](const std::uint64_t* a, std::uint64_t n, std::uint64_t v) { return toy_find(a, n, v); });
  return adapter.main(argc, argv);
}
