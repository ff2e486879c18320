// std::unordered_map<K, uint64_t> with std::hash<K>: libstdc++'s node-based, chained hash table.
#include <cstdint>
#include <string>
#include <unordered_map>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  using benchbox::hashmap::StdLike;
  benchbox::Adapter adapter("std.unordered_map", "libstdc++ (g++ " __VERSION__ ")");
  benchbox::hashmap::add_cases<StdLike<std::unordered_map<std::uint64_t, std::uint64_t>>,
                               StdLike<std::unordered_map<std::string, std::uint64_t>>>(
      adapter, {.layout = "node",
                .hash64 = "std::hash (identity)",
                .hash_string = "std::hash (murmur2 in libstdc++)",
                .notes = "emplace(k, v), find(k), erase(k), range-for; prime bucket counts, one node per element",
                .bytes64 = 64,
                .bytes_string = 120});
  return adapter.main(argc, argv);
}
