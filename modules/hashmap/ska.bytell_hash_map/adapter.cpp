// ska::bytell_hash_map<K, uint64_t> with its default std::hash: blocks of 8 slots with one
// control byte each, chains linked through jump distances, Fibonacci hashing.
#include <bytell_hash_map.hpp>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  using benchbox::hashmap::StdLike;
  benchbox::Adapter adapter("ska.bytell_hash_map", BB_LIBRARY_VERSION);
  benchbox::hashmap::add_cases<StdLike<ska::bytell_hash_map<std::uint64_t, std::uint64_t>>,
                               StdLike<ska::bytell_hash_map<std::string, std::uint64_t>>>(
      adapter, {.layout = "flat",
                .hash64 = "std::hash (identity) + Fibonacci hashing",
                .hash_string = "std::hash (murmur2 in libstdc++) + Fibonacci hashing",
                .notes = "emplace(k, v), find(k), erase(k), range-for; byte-linked chains in blocks of 8, max load 0.9375",
                .bytes64 = 40,
                .bytes_string = 130});
  return adapter.main(argc, argv);
}
