// ska::flat_hash_map<K, uint64_t> with its default std::hash: open addressing with Robin Hood
// probing and a bounded probe length, Fibonacci hashing of std::hash's value.
#include <flat_hash_map.hpp>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::Adapter adapter("ska.flat_hash_map", BB_LIBRARY_VERSION);
  benchbox::hashmap::add_std_like_cases<ska::flat_hash_map<std::uint64_t, std::uint64_t>,
                                        ska::flat_hash_map<std::string, std::uint64_t>>(adapter);
  return adapter.main(argc, argv);
}
