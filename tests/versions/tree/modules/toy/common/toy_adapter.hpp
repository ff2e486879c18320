// The toy module's one case, as each toy library's adapter adds it with its own search call (as a
// real module's common/ header holds what its adapters share).
#pragma once

#include <benchbox/adapter.hpp>

#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <vector>

// `find(values, n, value)`: the position of `value` among n ascending values. The trait `toy_env`
// says what the adapter's environment holds of TOY_ENV (the row toy@env sets it).
template <class Find>
void add_find_case(benchbox::Adapter& adapter, Find find) {
  const char* env = std::getenv("TOY_ENV");
  adapter.add("find", {.notes = "toy_find, one call per search", .min_value = 1, .bytes_per_unit = 8,
                       .traits = {{"toy_env", env ? env : "unset"}}},
              [find](benchbox::Trial& t) {
    const auto n = static_cast<std::uint64_t>(t.axis_number());
    std::vector<std::uint64_t> a(n);
    std::iota(a.begin(), a.end(), std::uint64_t{1});
    std::uint64_t positions = 0, value = 1;
    t.start();
    for (std::uint64_t i = 0; i < t.ops(); ++i) {
      positions += find(a.data(), n, value);
      value = value == n ? 1 : value + 1;
    }
    t.stop();
    t.finish(t.ops(), positions);
  });
}
