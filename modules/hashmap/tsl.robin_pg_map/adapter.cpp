// tsl::robin_pg_map<K, uint64_t>: tsl::robin_map (../tsl.robin_map) with tsl::rh::prime_growth_policy,
// the alias robin_map.h declares: the same std::hash, taken modulo a prime bucket count instead of
// masked to a power of two.
#include <tsl/robin_map.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("tsl.robin_pg_map", BB_LIBRARY_VERSION);
  adapter.add_std_like<tsl::robin_pg_map<std::uint64_t, std::uint64_t>,
                       tsl::robin_pg_map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
