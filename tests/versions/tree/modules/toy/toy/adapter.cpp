// The toy library's adapter: its version from the library itself (toy_version), the search
// through units.cpp; `describe` says which C++ standard each source was compiled as, and which
// version of toy's generator wrote toy_generated.h.
#include <benchbox/adapter.hpp>

#include <toy.h>

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "toy_generated.h"
#include "units.hpp"

int main(int argc, char** argv) {
  benchbox::Adapter adapter("toy", toy_version());
  adapter.info("units_standard", std::to_string(toy_units::standard()));
  adapter.info("adapter_standard", std::to_string(__cplusplus));
  adapter.info("generated_by", TOY_GENERATED_BY);
  adapter.add("find", {.notes = "toy_find, one call per search", .min_param = 1, .bytes_per_param = 8}, [](benchbox::Trial& t) {
    const auto n = static_cast<std::uint64_t>(t.param());
    std::vector<std::uint64_t> a(n);
    std::iota(a.begin(), a.end(), std::uint64_t{1});
    std::uint64_t positions = 0, value = 1;
    t.start();
    for (std::uint64_t i = 0; i < t.ops(); ++i) {
      positions += toy_units::find(a.data(), n, value);
      value = value == n ? 1 : value + 1;
    }
    t.stop();
    t.finish(t.ops(), positions);
  });
  return adapter.main(argc, argv);
}
