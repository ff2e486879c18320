// std::map<K, uint64_t> with std::less<K>: libstdc++'s red-black tree, the ordered baseline.
#include <cstdint>
#include <map>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  using benchbox::hashmap::StdLike;
  benchbox::Adapter adapter("std.map", "libstdc++ (g++ " __VERSION__ ")");
  benchbox::hashmap::add_cases<StdLike<std::map<std::uint64_t, std::uint64_t>>,
                               StdLike<std::map<std::string, std::uint64_t>>>(
      adapter, {.layout = "tree",
                .hash64 = "none (ordered: std::less)",
                .hash_string = "none (ordered: std::less)",
                .notes = "emplace(k, v), find(k), erase(k), range-for (in key order); one node per element",
                .bytes64 = 64,
                .bytes_string = 120});
  return adapter.main(argc, argv);
}
