// google::sparse_hash_map<K, uint64_t> with its default std::hash: quadratic probing over a
// sparsetable (groups of 48 slots with an occupancy bitmap, only occupied slots allocated): built
// for memory, not speed. Erase needs a deleted key (tombstone); the adapter gives it one no case
// uses.
#include <sparsehash/sparse_hash_map>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

namespace {

namespace hm = benchbox::hashmap;

struct Sparse64 : hm::StdLike<google::sparse_hash_map<std::uint64_t, std::uint64_t>> {
  explicit Sparse64(std::size_t n) : StdLike(n) { map_.set_deleted_key(hm::reserved_key(1)); }
};
struct SparseString : hm::StdLike<google::sparse_hash_map<std::string, std::uint64_t>> {
  explicit SparseString(std::size_t n) : StdLike(n) { map_.set_deleted_key(std::string("\x01")); }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("google.sparse_hash_map", BB_LIBRARY_VERSION);
  adapter.add<Sparse64, SparseString>();
  return adapter.main(argc, argv);
}
