// boost::unordered_map<K, uint64_t> with its default boost::hash: node-based, closed addressing
// (the fast std-compatible implementation rewritten in Boost 1.80).
#include <boost/unordered/unordered_map.hpp>
#include <boost/version.hpp>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  using benchbox::hashmap::StdLike;
  benchbox::Adapter adapter("boost.unordered_map", std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
                                                std::to_string(BOOST_VERSION % 100));
  benchbox::hashmap::add_cases<StdLike<boost::unordered_map<std::uint64_t, std::uint64_t>>,
                               StdLike<boost::unordered_map<std::string, std::uint64_t>>>(
      adapter, {.layout = "node",
                .hash64 = "boost::hash (identity), prime bucket counts (fast modulo)",
                .hash_string = "boost::hash (Boost.ContainerHash hash_range)",
                .notes = "emplace(k, v), find(k), erase(k), range-for; one node per element, bucket groups",
                .bytes64 = 64,
                .bytes_string = 130});
  return adapter.main(argc, argv);
}
