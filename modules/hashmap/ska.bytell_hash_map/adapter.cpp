// ska::bytell_hash_map<K, uint64_t> with its default std::hash: blocks of 8 slots with one
// control byte each, chains linked through jump distances, Fibonacci hashing.
#include <bytell_hash_map.hpp>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("ska.bytell_hash_map", BB_LIBRARY_VERSION);
  adapter.add_std_like<ska::bytell_hash_map<std::uint64_t, std::uint64_t>,
                       ska::bytell_hash_map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
