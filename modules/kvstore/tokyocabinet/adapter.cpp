// Tokyo Cabinet: its B+ tree database (TCBDB) and its hash database (TCHDB); at `commit` a
// transaction per commit, opened with the transactions synchronised (BDBOTSYNC, HDBOTSYNC); at
// `none` no transaction.
#include <tcbdb.h>
#include <tchdb.h>

#include <cstdlib>
#include <string>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

// The calls of one of Tokyo Cabinet's database kinds, which differ by prefix only.
struct BTree {
  using Handle = TCBDB;
  static constexpr const char* kFile = "kv.tcb";
  static Handle* create() { return tcbdbnew(); }
  static bool open(Handle* h, const char* path, bool sync) { return tcbdbopen(h, path, BDBOWRITER | BDBOCREAT | (sync ? BDBOTSYNC : 0)); }
  static const char* error(Handle* h) { return tcbdberrmsg(tcbdbecode(h)); }
  static bool begin(Handle* h) { return tcbdbtranbegin(h); }
  static bool commit(Handle* h) { return tcbdbtrancommit(h); }
  static bool put(Handle* h, std::string_view k, std::string_view v) { return tcbdbput(h, k.data(), int(k.size()), v.data(), int(v.size())); }
  static bool out(Handle* h, std::string_view k) { return tcbdbout(h, k.data(), int(k.size())); }
  static void* get(Handle* h, std::string_view k, int* size) { return tcbdbget(h, k.data(), int(k.size()), size); }
  static std::uint64_t count(Handle* h) { return tcbdbrnum(h); }
  static bool close(Handle* h) { return tcbdbclose(h); }
  static void destroy(Handle* h) { tcbdbdel(h); }
};
struct Hash {
  using Handle = TCHDB;
  static constexpr const char* kFile = "kv.tch";
  static Handle* create() { return tchdbnew(); }
  static bool open(Handle* h, const char* path, bool sync) { return tchdbopen(h, path, HDBOWRITER | HDBOCREAT | (sync ? HDBOTSYNC : 0)); }
  static const char* error(Handle* h) { return tchdberrmsg(tchdbecode(h)); }
  static bool begin(Handle* h) { return tchdbtranbegin(h); }
  static bool commit(Handle* h) { return tchdbtrancommit(h); }
  static bool put(Handle* h, std::string_view k, std::string_view v) { return tchdbput(h, k.data(), int(k.size()), v.data(), int(v.size())); }
  static bool out(Handle* h, std::string_view k) { return tchdbout(h, k.data(), int(k.size())); }
  static void* get(Handle* h, std::string_view k, int* size) { return tchdbget(h, k.data(), int(k.size()), size); }
  static std::uint64_t count(Handle* h) { return tchdbrnum(h); }
  static bool close(Handle* h) { return tchdbclose(h); }
  static void destroy(Handle* h) { tchdbdel(h); }
};

template <class Kind>
class TokyoStore final : public kv::Store {
 public:
  TokyoStore(const std::filesystem::path& folder, const kv::Settings& s) : db_(Kind::create()), sync_(s.sync) {
    ok(Kind::open(db_, (folder / Kind::kFile).c_str(), s.sync), "open");
  }
  ~TokyoStore() override {
    close();
    Kind::destroy(db_);
  }
  void begin() override {
    if (sync_) ok(Kind::begin(db_), "tranbegin");
  }
  void commit() override {
    if (sync_) ok(Kind::commit(db_), "trancommit");
  }
  void put(std::string_view key, std::string_view value) override { ok(Kind::put(db_, key, value), "put"); }
  bool remove(std::string_view key) override { return Kind::out(db_, key); }
  std::optional<std::string_view> get(std::string_view key) override {
    std::free(value_);
    int size = 0;
    value_ = Kind::get(db_, key, &size);  // malloc'd by Tokyo Cabinet: freed at the next get
    if (!value_) return std::nullopt;
    return std::string_view(static_cast<const char*>(value_), static_cast<std::size_t>(size));
  }
  void scan(const std::function<void(std::string_view, std::string_view)>& visit) override;
  std::uint64_t count() override { return Kind::count(db_); }
  void close() override {
    if (closed_) return;
    std::free(value_);
    value_ = nullptr;
    ok(Kind::close(db_), "close");
    closed_ = true;
  }

 private:
  void ok(bool done, const char* call) { kv::check(done, call, done ? "" : Kind::error(db_)); }

  typename Kind::Handle* db_;
  bool sync_;
  bool closed_ = false;
  void* value_ = nullptr;
};

template <>
void TokyoStore<BTree>::scan(const std::function<void(std::string_view, std::string_view)>& visit) {
  BDBCUR* cursor = tcbdbcurnew(db_);
  for (bool at = tcbdbcurfirst(cursor); at; at = tcbdbcurnext(cursor)) {
    int key_size = 0, value_size = 0;
    const char* key = static_cast<const char*>(tcbdbcurkey3(cursor, &key_size));  // the cursor's own memory
    const char* value = static_cast<const char*>(tcbdbcurval3(cursor, &value_size));
    visit({key, static_cast<std::size_t>(key_size)}, {value, static_cast<std::size_t>(value_size)});
  }
  tcbdbcurdel(cursor);
}

template <>
void TokyoStore<Hash>::scan(const std::function<void(std::string_view, std::string_view)>&) {
  throw std::logic_error("Tokyo Cabinet's hash database keeps no key order");
}

template <class Kind>
kv::Opener opener() {
  return [](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<TokyoStore<Kind>>(f, s); };
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::kvstore::Library tokyo("tokyocabinet", tcversion);
  tokyo.add("btree", opener<BTree>());
  tokyo.add("hash", opener<Hash>());
  return tokyo.main(argc, argv);
}
