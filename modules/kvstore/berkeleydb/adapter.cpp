// Berkeley DB 5.3: a private transactional environment per folder and one database in it, as a
// B-tree and as a hash; a transaction per commit, reads outside transactions.
#include <db.h>

#include <string>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

void ok(int rc, const char* call) { kv::check(rc == 0, call, rc == 0 ? "" : db_strerror(rc)); }

DBT dbt(std::string_view s) {
  DBT d{};
  d.data = const_cast<char*>(s.data());
  d.size = static_cast<u_int32_t>(s.size());
  return d;
}

class BdbStore final : public kv::Store {
 public:
  BdbStore(const std::filesystem::path& folder, const kv::Settings& s, DBTYPE type) : sync_(s.sync) {
    ok(db_env_create(&env_, 0), "db_env_create");
    ok(env_->set_cachesize(env_, 0, 64u << 20, 1), "DB_ENV->set_cachesize");
    if (!s.sync) ok(env_->set_flags(env_, DB_TXN_NOSYNC, 1), "DB_ENV->set_flags(DB_TXN_NOSYNC)");
    const u_int32_t flags = DB_CREATE | DB_PRIVATE | DB_INIT_MPOOL | DB_INIT_LOCK | DB_INIT_LOG | DB_INIT_TXN;
    ok(env_->open(env_, folder.c_str(), flags, 0), "DB_ENV->open");
    ok(db_create(&db_, env_, 0), "db_create");
    ok(db_->open(db_, nullptr, "kv.db", nullptr, type, DB_CREATE | DB_AUTO_COMMIT, 0644), "DB->open");
  }
  ~BdbStore() override { close(); }
  void begin() override { ok(env_->txn_begin(env_, nullptr, &txn_, 0), "DB_ENV->txn_begin"); }
  void commit() override {
    ok(txn_->commit(txn_, 0), "DB_TXN->commit");
    txn_ = nullptr;
  }
  void put(std::string_view key, std::string_view value) override {
    DBT k = dbt(key), v = dbt(value);
    ok(db_->put(db_, txn_, &k, &v, 0), "DB->put");
  }
  bool remove(std::string_view key) override {
    DBT k = dbt(key);
    const int rc = db_->del(db_, txn_, &k, 0);
    if (rc == DB_NOTFOUND) return false;
    ok(rc, "DB->del");
    return true;
  }
  std::optional<std::string_view> get(std::string_view key) override {
    DBT k = dbt(key), v{};  // v's memory is the handle's, valid until its next call
    const int rc = db_->get(db_, nullptr, &k, &v, 0);
    if (rc == DB_NOTFOUND) return std::nullopt;
    ok(rc, "DB->get");
    return std::string_view(static_cast<const char*>(v.data), v.size);
  }
  void scan(const std::function<void(std::string_view, std::string_view)>& visit) override {
    DBC* cursor;
    ok(db_->cursor(db_, nullptr, &cursor, 0), "DB->cursor");
    DBT k{}, v{};
    int rc;
    while ((rc = cursor->get(cursor, &k, &v, DB_NEXT)) == 0)
      visit({static_cast<const char*>(k.data), k.size}, {static_cast<const char*>(v.data), v.size});
    cursor->close(cursor);
    kv::check(rc == DB_NOTFOUND, "DBC->get", db_strerror(rc));
  }
  std::uint64_t count() override {
    std::uint64_t n = 0;
    scan([&](std::string_view, std::string_view) { ++n; });
    return n;
  }
  void close() override {
    if (!env_) return;
    ok(db_->close(db_, sync_ ? 0 : DB_NOSYNC), "DB->close");
    ok(env_->close(env_, 0), "DB_ENV->close");
    env_ = nullptr;
  }

 private:
  DB_ENV* env_ = nullptr;
  DB* db_ = nullptr;
  DB_TXN* txn_ = nullptr;
  bool sync_;
};

}  // namespace

int main(int argc, char** argv) {
  int major, minor, patch;
  db_version(&major, &minor, &patch);
  benchbox::kvstore::Library bdb("berkeleydb", std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch));
  bdb.add("btree", [](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<BdbStore>(f, s, DB_BTREE); });
  bdb.add("hash", [](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<BdbStore>(f, s, DB_HASH); });
  return bdb.main(argc, argv);
}
