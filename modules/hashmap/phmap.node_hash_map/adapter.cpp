// phmap::node_hash_map<K, uint64_t> (greg7mdp/parallel-hashmap) with its default hash,
// phmap::Hash<K> (identity for uint64_t; std::hash<std::string_view> for std::string), post-mixed
// by the table (phmap_mix): the same Swiss table as phmap::flat_hash_map holding pointers to heap
// nodes, one allocation per element (stable addresses).
#include <parallel_hashmap/phmap.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("phmap.node_hash_map", BB_LIBRARY_VERSION);
  adapter.add_std_like<phmap::node_hash_map<std::uint64_t, std::uint64_t>,
                       phmap::node_hash_map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
