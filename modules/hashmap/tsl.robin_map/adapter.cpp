// tsl::robin_map<K, uint64_t> with its default std::hash: open addressing with Robin Hood
// probing and backward-shift deletion, elements in one array, power-of-two sizes.
#include <tsl/robin_map.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::Adapter adapter("tsl.robin_map", BB_LIBRARY_VERSION);
  benchbox::hashmap::add_std_like_cases<tsl::robin_map<std::uint64_t, std::uint64_t>,
                                        tsl::robin_map<std::string, std::uint64_t>>(adapter);
  return adapter.main(argc, argv);
}
