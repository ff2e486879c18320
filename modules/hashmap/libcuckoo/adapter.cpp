// libcuckoo::cuckoohash_map<K, uint64_t> with its default std::hash: bucketized cuckoo hashing
// (4 slots per bucket, two candidate buckets), a concurrent map: every call takes the bucket locks
// even from one thread, and iteration needs lock_table() (taken once per pass here, as a user must).
#include <libcuckoo/cuckoohash_map.hh>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"

namespace {

template <class Key>
class Cuckoo {
 public:
  explicit Cuckoo(std::size_t) {}
  bool insert(const Key& k, std::uint64_t v) { return map_.insert(k, v); }
  bool find(const Key& k, std::uint64_t& v) const { return map_.find(k, v); }
  bool erase(const Key& k) { return map_.erase(k); }
  template <class F>
  void for_each(F&& f) {
    const auto locked = map_.lock_table();
    for (const auto& e : locked) f(e.second);
  }
  std::size_t size() const { return map_.size(); }

 private:
  libcuckoo::cuckoohash_map<Key, std::uint64_t> map_;
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("libcuckoo", BB_LIBRARY_VERSION);
  adapter.add<Cuckoo<std::uint64_t>, Cuckoo<std::string>>();
  return adapter.main(argc, argv);
}
