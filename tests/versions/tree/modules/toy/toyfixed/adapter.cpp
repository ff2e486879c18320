// The toy library, reporting the version its folder gave it at configure (BB_LIBRARY_VERSION)
// instead of asking the library: a version row must report its own (cmake/BenchboxOtherRows.cmake).
#include <benchbox/adapter.hpp>

#include <toy.h>

#include <cstdint>
#include <numeric>
#include <vector>

int main(int argc, char** argv) {
  benchbox::Adapter adapter("toyfixed", BB_LIBRARY_VERSION);
  adapter.add("find", {.notes = "toy_find, one call per search", .min_param = 1, .bytes_per_param = 8}, [](benchbox::Trial& t) {
    const auto n = static_cast<std::uint64_t>(t.param());
    std::vector<std::uint64_t> a(n);
    std::iota(a.begin(), a.end(), std::uint64_t{1});
    std::uint64_t positions = 0, value = 1;
    t.start();
    for (std::uint64_t i = 0; i < t.ops(); ++i) {
      positions += toy_find(a.data(), n, value);
      value = value == n ? 1 : value + 1;
    }
    t.stop();
    t.finish(t.ops(), positions);
  });
  return adapter.main(argc, argv);
}
