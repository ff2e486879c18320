// std::map<K, uint64_t> with std::less<K>: libstdc++'s red-black tree, the ordered baseline.
#include <cstdint>
#include <map>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("std.map", "libstdc++ (g++ " __VERSION__ ")");
  adapter.add_std_like<std::map<std::uint64_t, std::uint64_t>,
                       std::map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
