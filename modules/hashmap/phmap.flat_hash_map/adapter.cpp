// phmap::flat_hash_map<K, uint64_t> (greg7mdp/parallel-hashmap) with its default hash,
// phmap::Hash<K> (identity for uint64_t; std::hash<std::string_view> for std::string), which the
// table always post-mixes (phmap_mix: a 128-bit multiply folded to 64 bits): a Swiss table derived
// from Abseil's, one control byte per slot, SSE2 groups of 16, max load 7/8, tombstones on erase.
#include <parallel_hashmap/phmap.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("phmap.flat_hash_map", BB_LIBRARY_VERSION);
  adapter.add_std_like<phmap::flat_hash_map<std::uint64_t, std::uint64_t>,
                       phmap::flat_hash_map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
