// boost::unordered_flat_map<K, uint64_t> with its default boost::hash: open addressing, groups of
// 15 slots with SIMD metadata, elements in one array; boost::hash is post-mixed by the map.
#include <boost/unordered/unordered_flat_map.hpp>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("boost.unordered_flat_map", BB_LIBRARY_VERSION);
  adapter.add_std_like<boost::unordered_flat_map<std::uint64_t, std::uint64_t>,
                       boost::unordered_flat_map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
