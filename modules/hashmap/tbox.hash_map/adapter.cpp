// tbox's tb_hash_map with its element types' own hashes: tb_element_long() for 64-bit keys
// (multiplicative hash) and tb_element_str(tb_true) for strings (BKDR hash; the map copies the
// string). A fixed number of buckets chosen at creation, each a sorted array searched by bisection;
// the table never rehashes. The adapter passes tbox's default bucket count (256) up to 10000
// elements and TB_HASH_MAP_BUCKET_SIZE_LARGE (65536) above, as tbox's header suggests for big maps.
// tbox is initialised with its native allocator (malloc and free underneath): its default one is a
// pool that takes large regions up front, which would hide the map's own memory from the
// allocation count every other map is measured with.
#include <tbox/tbox.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"

namespace {

tb_size_t bucket_size(std::size_t n) { return n > 10000 ? TB_HASH_MAP_BUCKET_SIZE_LARGE : 0; }

template <class Key>
class TboxMap {
 public:
  explicit TboxMap(std::size_t n) {
    if constexpr (std::is_same_v<Key, std::string>) map_ = tb_hash_map_init(bucket_size(n), tb_element_str(tb_true), tb_element_long());
    else map_ = tb_hash_map_init(bucket_size(n), tb_element_long(), tb_element_long());
  }
  ~TboxMap() { tb_hash_map_exit(map_); }
  TboxMap(const TboxMap&) = delete;
  TboxMap& operator=(const TboxMap&) = delete;
  bool insert(const Key& k, std::uint64_t v) {
    const tb_size_t before = tb_hash_map_size(map_);
    tb_hash_map_insert(map_, name(k), reinterpret_cast<tb_cpointer_t>(static_cast<tb_long_t>(v)));
    return tb_hash_map_size(map_) > before;
  }
  bool find(const Key& k, std::uint64_t& v) const {
    // Values are never 0, so tb_hash_map_get's 0 means absent.
    v = static_cast<std::uint64_t>(reinterpret_cast<tb_long_t>(tb_hash_map_get(map_, name(k))));
    return v != 0;
  }
  bool erase(const Key& k) {
    const tb_size_t before = tb_hash_map_size(map_);
    tb_hash_map_remove(map_, name(k));
    return tb_hash_map_size(map_) < before;
  }
  template <class F>
  void for_each(F&& f) const {
    const tb_size_t tail = tb_iterator_tail(map_);
    for (tb_size_t it = tb_iterator_head(map_); it != tail; it = tb_iterator_next(map_, it)) {
      const auto* item = static_cast<tb_hash_map_item_ref_t>(tb_iterator_item(map_, it));
      f(static_cast<std::uint64_t>(reinterpret_cast<tb_long_t>(item->data)));
    }
  }
  std::size_t size() const { return tb_hash_map_size(map_); }

 private:
  static tb_cpointer_t name(const Key& k) {
    if constexpr (std::is_same_v<Key, std::string>) return k.c_str();
    else return reinterpret_cast<tb_cpointer_t>(static_cast<tb_long_t>(k));
  }
  tb_hash_map_ref_t map_;
};

}  // namespace

int main(int argc, char** argv) {
  if (!tb_init(tb_null, tb_native_allocator())) return 3;
  benchbox::hashmap::Library adapter("tbox.hash_map", std::to_string(TB_VERSION_MAJOR) + "." + std::to_string(TB_VERSION_MINOR) +
                                                          "." + std::to_string(TB_VERSION_ALTER));
  adapter.add<TboxMap<std::uint64_t>, TboxMap<std::string>>();
  return adapter.main(argc, argv);
}
