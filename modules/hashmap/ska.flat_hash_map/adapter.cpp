// ska::flat_hash_map<K, uint64_t> with its default std::hash: open addressing with Robin Hood
// probing and a bounded probe length, Fibonacci hashing of std::hash's value.
#include <flat_hash_map.hpp>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  using benchbox::hashmap::StdLike;
  benchbox::Adapter adapter("ska.flat_hash_map", BB_LIBRARY_VERSION);
  benchbox::hashmap::add_cases<StdLike<ska::flat_hash_map<std::uint64_t, std::uint64_t>>,
                               StdLike<ska::flat_hash_map<std::string, std::uint64_t>>>(
      adapter, {.layout = "flat",
                .hash64 = "std::hash (identity) + Fibonacci hashing",
                .hash_string = "std::hash (murmur2 in libstdc++) + Fibonacci hashing",
                .notes = "emplace(k, v), find(k), erase(k), range-for; Robin Hood with probe limit, max load 0.5",
                .bytes64 = 80,
                .bytes_string = 170});
  return adapter.main(argc, argv);
}
