// TDB (Samba's trivial database): one file per folder; at `commit` a TDB transaction per commit,
// at `none` no transaction.
#include <fcntl.h>
#include <tdb.h>

#include <cstdlib>
#include <string>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

constexpr int kHashSize = 131071;  // buckets; tdb_open's default (131) is for small tables

TDB_DATA data(std::string_view s) { return {reinterpret_cast<unsigned char*>(const_cast<char*>(s.data())), s.size()}; }

class TdbStore final : public kv::Store {
 public:
  TdbStore(const std::filesystem::path& folder, const kv::Settings& s) : sync_(s.sync) {
    const std::string path = (folder / "kv.tdb").string();
    db_ = tdb_open(path.c_str(), kHashSize, s.sync ? TDB_DEFAULT : TDB_NOSYNC, O_RDWR | O_CREAT, 0644);
    kv::check(db_ != nullptr, "tdb_open", path);
  }
  ~TdbStore() override { close(); }
  void begin() override {
    if (sync_) ok(tdb_transaction_start(db_) == 0, "tdb_transaction_start");
  }
  void commit() override {
    if (sync_) ok(tdb_transaction_commit(db_) == 0, "tdb_transaction_commit");
  }
  void put(std::string_view key, std::string_view value) override { ok(tdb_store(db_, data(key), data(value), TDB_REPLACE) == 0, "tdb_store"); }
  bool remove(std::string_view key) override {
    if (tdb_delete(db_, data(key)) == 0) return true;
    ok(tdb_error(db_) == TDB_ERR_NOEXIST, "tdb_delete");
    return false;
  }
  std::optional<std::string_view> get(std::string_view key) override {
    std::free(value_.dptr);
    value_ = tdb_fetch(db_, data(key));  // malloc'd by TDB: freed at the next get
    if (!value_.dptr) return std::nullopt;
    return std::string_view(reinterpret_cast<const char*>(value_.dptr), value_.dsize);
  }
  void scan(const std::function<void(std::string_view, std::string_view)>&) override { throw std::logic_error("TDB keeps no key order"); }
  std::uint64_t count() override {
    const int n = tdb_traverse(db_, nullptr, nullptr);
    ok(n >= 0, "tdb_traverse");
    return static_cast<std::uint64_t>(n);
  }
  void close() override {
    if (!db_) return;
    std::free(value_.dptr);
    value_.dptr = nullptr;
    kv::check(tdb_close(db_) == 0, "tdb_close");
    db_ = nullptr;
  }

 private:
  void ok(bool done, const char* call) { kv::check(done, call, done ? "" : tdb_errorstr(db_)); }

  TDB_CONTEXT* db_ = nullptr;
  bool sync_;
  TDB_DATA value_{nullptr, 0};
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::kvstore::Library tdb("tdb", BENCHBOX_TDB_VERSION);
  tdb.add([](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<TdbStore>(f, s); });
  return tdb.main(argc, argv);
}
