// GLib's GHashTable with the hash functions GLib provides for the key type: g_int64_hash and
// g_int64_equal (keys are pointers to gint64 the caller allocates: one g_new per insert, freed by
// the table) and g_str_hash / g_str_equal (keys g_strdup'ed). Values are stored in the value
// pointer itself (GSIZE_TO_POINTER; the module's values are never 0, GLib's "absent").
#include <glib.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"

namespace {

// What both tables do alike: own the GHashTable, walk its values, count them.
class Table {
 public:
  explicit Table(GHashTable* table) : table_(table) {}
  ~Table() { g_hash_table_destroy(table_); }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;
  template <class F>
  void for_each(F&& f) const {
    GHashTableIter it;
    gpointer value = nullptr;
    g_hash_table_iter_init(&it, table_);
    while (g_hash_table_iter_next(&it, nullptr, &value)) f(GPOINTER_TO_SIZE(value));
  }
  std::size_t size() const { return g_hash_table_size(table_); }

 protected:
  GHashTable* table_;
};

class Int64Table : public Table {
 public:
  explicit Int64Table(std::size_t) : Table(g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, nullptr)) {}
  bool insert(std::uint64_t k, std::uint64_t v) {
    auto* key = g_new(gint64, 1);
    *key = static_cast<gint64>(k);
    return g_hash_table_insert(table_, key, GSIZE_TO_POINTER(v));
  }
  bool find(std::uint64_t k, std::uint64_t& v) const {
    const auto key = static_cast<gint64>(k);
    const gpointer p = g_hash_table_lookup(table_, &key);
    v = GPOINTER_TO_SIZE(p);
    return p != nullptr;
  }
  bool erase(std::uint64_t k) {
    const auto key = static_cast<gint64>(k);
    return g_hash_table_remove(table_, &key);
  }
};

class StringTable : public Table {
 public:
  explicit StringTable(std::size_t) : Table(g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nullptr)) {}
  bool insert(const std::string& k, std::uint64_t v) {
    return g_hash_table_insert(table_, g_strdup(k.c_str()), GSIZE_TO_POINTER(v));
  }
  bool find(const std::string& k, std::uint64_t& v) const {
    const gpointer p = g_hash_table_lookup(table_, k.c_str());
    v = GPOINTER_TO_SIZE(p);
    return p != nullptr;
  }
  bool erase(const std::string& k) { return g_hash_table_remove(table_, k.c_str()); }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("glib.hash_table", std::to_string(glib_major_version) + "." +
                                                            std::to_string(glib_minor_version) + "." + std::to_string(glib_micro_version));
  adapter.add<Int64Table, StringTable>();
  return adapter.main(argc, argv);
}
