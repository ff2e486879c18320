// uthash: an intrusive hash table of C macros. The caller owns the elements: each insert mallocs
// one struct holding the key, the value and the UT_hash_handle (HASH_FIND first: HASH_ADD does
// not check for duplicates), each erase HASH_DELs and frees it. Default hash: Jenkins (HASH_JEN),
// chaining, buckets doubled when chains grow long, every element on a doubly linked list.
#include <uthash.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "../common/hashmap_adapter.hpp"

namespace {

// An element and the bytes of its key, which uthash hashes and compares (HASH_FIND,
// HASH_ADD_KEYPTR). The caller allocates it with its key; HASH_DEL leaves freeing it to the caller.
struct Item64 {
  std::uint64_t key;
  std::uint64_t value;
  UT_hash_handle hh;

  static Item64* make(std::uint64_t k, std::uint64_t v) {
    auto* e = static_cast<Item64*>(std::malloc(sizeof(Item64)));
    e->key = k;
    e->value = v;
    return e;
  }
  const void* key_bytes() const { return &key; }
};

struct ItemString {
  std::uint64_t value;
  UT_hash_handle hh;
  char key[1];  // the key's bytes follow (allocated with the struct)

  static ItemString* make(const std::string& k, std::uint64_t v) {
    auto* e = static_cast<ItemString*>(std::malloc(sizeof(ItemString) + k.size()));
    std::memcpy(e->key, k.c_str(), k.size() + 1);
    e->value = v;
    return e;
  }
  const void* key_bytes() const { return key; }
};

const void* key_bytes(const std::uint64_t& k) { return &k; }
std::size_t key_size(const std::uint64_t& k) { return sizeof k; }
const void* key_bytes(const std::string& k) { return k.data(); }
std::size_t key_size(const std::string& k) { return k.size(); }

// The table of one key type: a head pointer, as uthash's tables are.
template <class Key, class Item>
class UtTable {
 public:
  explicit UtTable(std::size_t) {}
  ~UtTable() {
    Item *e, *tmp;
    HASH_ITER(hh, head_, e, tmp) {
      HASH_DEL(head_, e);
      std::free(e);
    }
  }
  UtTable(const UtTable&) = delete;
  UtTable& operator=(const UtTable&) = delete;
  bool insert(const Key& k, std::uint64_t v) {
    if (lookup(k)) return false;  // HASH_ADD does not check for duplicates
    Item* e = Item::make(k, v);
    HASH_ADD_KEYPTR(hh, head_, e->key_bytes(), key_size(k), e);
    return true;
  }
  bool find(const Key& k, std::uint64_t& v) const {
    const Item* e = lookup(k);
    if (!e) return false;
    v = e->value;
    return true;
  }
  bool erase(const Key& k) {
    Item* e = lookup(k);
    if (!e) return false;
    HASH_DEL(head_, e);
    std::free(e);
    return true;
  }
  template <class F>
  void for_each(F&& f) const {
    for (const Item* e = head_; e; e = static_cast<const Item*>(e->hh.next)) f(e->value);
  }
  std::size_t size() const { return HASH_COUNT(head_); }

 private:
  Item* lookup(const Key& k) const {
    Item* e = nullptr;
    HASH_FIND(hh, head_, key_bytes(k), key_size(k), e);
    return e;
  }

  Item* head_ = nullptr;
};

using Ut64 = UtTable<std::uint64_t, Item64>;
using UtString = UtTable<std::string, ItemString>;

#define BB_STR2(x) #x
#define BB_STR(x) BB_STR2(x)

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("uthash", BB_STR(UTHASH_VERSION));
  adapter.add<Ut64, UtString>();
  return adapter.main(argc, argv);
}
