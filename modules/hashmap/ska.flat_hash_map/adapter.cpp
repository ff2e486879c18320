// ska::flat_hash_map<K, uint64_t> with its default std::hash: open addressing with Robin Hood
// probing and a bounded probe length, Fibonacci hashing of std::hash's value.
#include <flat_hash_map.hpp>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("ska.flat_hash_map", BB_LIBRARY_VERSION);
  adapter.add_std_like<ska::flat_hash_map<std::uint64_t, std::uint64_t>,
                       ska::flat_hash_map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
