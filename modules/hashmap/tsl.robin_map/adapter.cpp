// tsl::robin_map<K, uint64_t> with its default std::hash: open addressing with Robin Hood
// probing and backward-shift deletion, elements in one array, power-of-two sizes.
#include <tsl/robin_map.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("tsl.robin_map", BB_LIBRARY_VERSION);
  adapter.add_std_like<tsl::robin_map<std::uint64_t, std::uint64_t>,
                       tsl::robin_map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
