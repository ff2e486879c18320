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

struct Item64 {
  std::uint64_t key;
  std::uint64_t value;
  UT_hash_handle hh;
};

struct ItemString {
  std::uint64_t value;
  UT_hash_handle hh;
  char key[1];  // the key's bytes follow (allocated with the struct)
};

template <class Item>
void free_all(Item*& head) {
  Item *e, *tmp;
  HASH_ITER(hh, head, e, tmp) {
    HASH_DEL(head, e);
    std::free(e);
  }
}

class Ut64 {
 public:
  explicit Ut64(std::size_t) {}
  ~Ut64() { free_all(head_); }
  Ut64(const Ut64&) = delete;
  Ut64& operator=(const Ut64&) = delete;
  bool insert(std::uint64_t k, std::uint64_t v) {
    Item64* e = nullptr;
    HASH_FIND(hh, head_, &k, sizeof k, e);
    if (e) return false;
    e = static_cast<Item64*>(std::malloc(sizeof *e));
    e->key = k;
    e->value = v;
    HASH_ADD(hh, head_, key, sizeof k, e);
    return true;
  }
  bool find(std::uint64_t k, std::uint64_t& v) const {
    Item64* e = nullptr;
    HASH_FIND(hh, head_, &k, sizeof k, e);
    if (!e) return false;
    v = e->value;
    return true;
  }
  bool erase(std::uint64_t k) {
    Item64* e = nullptr;
    HASH_FIND(hh, head_, &k, sizeof k, e);
    if (!e) return false;
    HASH_DEL(head_, e);
    std::free(e);
    return true;
  }
  template <class F>
  void for_each(F&& f) const {
    for (const Item64* e = head_; e; e = static_cast<const Item64*>(e->hh.next)) f(e->value);
  }
  std::size_t size() const { return HASH_COUNT(head_); }

 private:
  Item64* head_ = nullptr;
};

class UtString {
 public:
  explicit UtString(std::size_t) {}
  ~UtString() { free_all(head_); }
  UtString(const UtString&) = delete;
  UtString& operator=(const UtString&) = delete;
  bool insert(const std::string& k, std::uint64_t v) {
    ItemString* e = nullptr;
    HASH_FIND(hh, head_, k.data(), k.size(), e);
    if (e) return false;
    e = static_cast<ItemString*>(std::malloc(sizeof(ItemString) + k.size()));
    std::memcpy(e->key, k.c_str(), k.size() + 1);
    e->value = v;
    HASH_ADD_KEYPTR(hh, head_, e->key, k.size(), e);
    return true;
  }
  bool find(const std::string& k, std::uint64_t& v) const {
    ItemString* e = nullptr;
    HASH_FIND(hh, head_, k.data(), k.size(), e);
    if (!e) return false;
    v = e->value;
    return true;
  }
  bool erase(const std::string& k) {
    ItemString* e = nullptr;
    HASH_FIND(hh, head_, k.data(), k.size(), e);
    if (!e) return false;
    HASH_DEL(head_, e);
    std::free(e);
    return true;
  }
  template <class F>
  void for_each(F&& f) const {
    for (const ItemString* e = head_; e; e = static_cast<const ItemString*>(e->hh.next)) f(e->value);
  }
  std::size_t size() const { return HASH_COUNT(head_); }

 private:
  ItemString* head_ = nullptr;
};

#define BB_STR2(x) #x
#define BB_STR(x) BB_STR2(x)

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("uthash", BB_STR(UTHASH_VERSION));
  benchbox::hashmap::add_cases<Ut64, UtString>(
      adapter, {.layout = "node (intrusive)",
                .hash64 = "HASH_JEN (Bob Jenkins) over the key's 8 bytes",
                .hash_string = "HASH_JEN (Bob Jenkins) over the key's bytes",
                .notes = "malloc + HASH_FIND + HASH_ADD / HASH_ADD_KEYPTR, HASH_FIND, HASH_FIND + HASH_DEL + free, "
                         "hh.next list; chained buckets",
                .bytes64 = 96,
                .bytes_string = 150});
  return adapter.main(argc, argv);
}
