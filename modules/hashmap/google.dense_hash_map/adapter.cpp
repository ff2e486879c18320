// google::dense_hash_map<K, uint64_t> with its default std::hash: open addressing with quadratic
// probing, elements in one array. It reserves two keys: an empty key and a deleted key (erase
// leaves a tombstone); the adapter gives it two keys no case uses (keys.hpp: reserved_key).
#include <sparsehash/dense_hash_map>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

namespace {

namespace hm = benchbox::hashmap;

struct Dense64 : hm::StdLike<google::dense_hash_map<std::uint64_t, std::uint64_t>> {
  explicit Dense64(std::size_t n) : StdLike(n) {
    map_.set_empty_key(hm::reserved_key(0));
    map_.set_deleted_key(hm::reserved_key(1));
  }
};
// Generated string keys are 8 to 64 printable bytes: the empty string and "\x01" never occur.
struct DenseString : hm::StdLike<google::dense_hash_map<std::string, std::uint64_t>> {
  explicit DenseString(std::size_t n) : StdLike(n) {
    map_.set_empty_key(std::string());
    map_.set_deleted_key(std::string("\x01"));
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("google.dense_hash_map", BB_LIBRARY_VERSION);
  adapter.add<Dense64, DenseString>();
  return adapter.main(argc, argv);
}
