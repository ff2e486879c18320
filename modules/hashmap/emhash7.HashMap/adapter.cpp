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
  using benchbox::hashmap::StdLike;
  benchbox::Adapter adapter("emhash7.HashMap", BB_LIBRARY_VERSION);
  benchbox::hashmap::add_cases<StdLike<emhash7::HashMap<std::uint64_t, std::uint64_t>>,
                               StdLike<emhash7::HashMap<std::string, std::uint64_t>>>(
      adapter, {.layout = "flat",
                .hash64 = "std::hash (identity), power-of-two mask",
                .hash_string = "std::hash (murmur2 in libstdc++), power-of-two mask",
                .notes = "emplace(k, v), find(k), erase(k), range-for; entries chained through bucket indices in one array, "
                         "no tombstones (erase relinks the chain), max load 0.8",
                .bytes64 = 64,
                .bytes_string = 180});
  return adapter.main(argc, argv);
}
