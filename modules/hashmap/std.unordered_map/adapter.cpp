// std::unordered_map<K, uint64_t> with std::hash<K>: libstdc++'s node-based, chained hash table.
#include <cstdint>
#include <string>
#include <unordered_map>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("std.unordered_map", "libstdc++ (g++ " __VERSION__ ")");
  adapter.add_std_like<std::unordered_map<std::uint64_t, std::uint64_t>,
                       std::unordered_map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
