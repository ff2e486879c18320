// tsl::hopscotch_map<K, uint64_t> with its default std::hash: open addressing with hopscotch
// neighbourhoods of 62 buckets, elements in one array, power-of-two sizes.
#include <tsl/hopscotch_map.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  using benchbox::hashmap::StdLike;
  benchbox::Adapter adapter("tsl.hopscotch_map", BB_LIBRARY_VERSION);
  benchbox::hashmap::add_cases<StdLike<tsl::hopscotch_map<std::uint64_t, std::uint64_t>>,
                               StdLike<tsl::hopscotch_map<std::string, std::uint64_t>>>(
      adapter, {.layout = "flat",
                .hash64 = "std::hash (identity), power-of-two mask",
                .hash_string = "std::hash (murmur2 in libstdc++)",
                .notes = "emplace(k, v), find(k), erase(k), range-for; hopscotch neighbourhood 62, max load 0.8",
                .bytes64 = 64,
                .bytes_string = 160});
  return adapter.main(argc, argv);
}
