// emhash7::HashMap<K, uint64_t> with its default hash, std::hash<K> (emhash7 mixes integers only
// when built with EMH_INT_HASH, strings with wyhash only with EMH_WY_HASH: neither is defined
// here, as a user gets it): open addressing in one array of (value, next-bucket index, key)
// entries, a collision chain linked through the indices, no tombstones (erase repairs the chain),
// power-of-two bucket count, max load 0.8. The author's recommended general-purpose variant.
#include <emhash/hash_table7.hpp>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("emhash7.HashMap", BB_LIBRARY_VERSION);
  adapter.add_std_like<emhash7::HashMap<std::uint64_t, std::uint64_t>,
                       emhash7::HashMap<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
