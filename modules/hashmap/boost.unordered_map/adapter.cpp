// boost::unordered_map<K, uint64_t> with its default boost::hash: node-based, closed addressing
// (the fast std-compatible implementation rewritten in Boost 1.80).
#include <boost/unordered/unordered_map.hpp>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("boost.unordered_map", BB_LIBRARY_VERSION);
  adapter.add_std_like<boost::unordered_map<std::uint64_t, std::uint64_t>,
                       boost::unordered_map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
