// tsl::robin_map<K, uint64_t> with its default std::hash: open addressing with Robin Hood
// probing and backward-shift deletion, elements in one array, power-of-two sizes.
#include <tsl/robin_map.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  using benchbox::hashmap::StdLike;
  benchbox::Adapter adapter("tsl.robin_map", BB_LIBRARY_VERSION);
  benchbox::hashmap::add_cases<StdLike<tsl::robin_map<std::uint64_t, std::uint64_t>>,
                               StdLike<tsl::robin_map<std::string, std::uint64_t>>>(
      adapter, {.layout = "flat",
                .hash64 = "std::hash (identity), power-of-two mask",
                .hash_string = "std::hash (murmur2 in libstdc++)",
                .notes = "emplace(k, v), find(k), erase(k), range-for; Robin Hood probing, max load 0.5, hashes not stored",
                .bytes64 = 64,
                .bytes_string = 160});
  return adapter.main(argc, argv);
}
