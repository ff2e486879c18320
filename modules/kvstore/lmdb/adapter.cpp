// LMDB (liblmdb): one environment per database folder, its unnamed database; a write transaction
// per commit, one read-only transaction kept for the reads (reset and renewed after writes).
#include <lmdb.h>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

void ok(int rc, const char* call) { kv::check(rc == MDB_SUCCESS, call, rc == MDB_SUCCESS ? "" : mdb_strerror(rc)); }

MDB_val val(std::string_view s) { return {s.size(), const_cast<char*>(s.data())}; }

class LmdbStore final : public kv::Store {
 public:
  LmdbStore(const std::filesystem::path& folder, const kv::Settings& s) {
    ok(mdb_env_create(&env_), "mdb_env_create");
    ok(mdb_env_set_mapsize(env_, std::size_t{1} << 36), "mdb_env_set_mapsize");  // 64 GiB of address space, not of disk
    ok(mdb_env_open(env_, folder.c_str(), s.sync ? 0 : MDB_NOSYNC, 0644), "mdb_env_open");
    MDB_txn* txn;
    ok(mdb_txn_begin(env_, nullptr, 0, &txn), "mdb_txn_begin");
    ok(mdb_dbi_open(txn, nullptr, 0, &dbi_), "mdb_dbi_open");
    ok(mdb_txn_commit(txn), "mdb_txn_commit");
  }
  ~LmdbStore() override { close(); }

  void begin() override {
    end_reads();
    ok(mdb_txn_begin(env_, nullptr, 0, &write_), "mdb_txn_begin");
  }
  void put(std::string_view key, std::string_view value) override {
    MDB_val k = val(key), v = val(value);
    ok(mdb_put(write_, dbi_, &k, &v, 0), "mdb_put");
  }
  bool remove(std::string_view key) override {
    MDB_val k = val(key);
    const int rc = mdb_del(write_, dbi_, &k, nullptr);
    if (rc == MDB_NOTFOUND) return false;
    ok(rc, "mdb_del");
    return true;
  }
  void commit() override {
    ok(mdb_txn_commit(write_), "mdb_txn_commit");
    write_ = nullptr;
  }
  std::optional<std::string_view> get(std::string_view key) override {
    MDB_val k = val(key), v;
    const int rc = mdb_get(reads(), dbi_, &k, &v);
    if (rc == MDB_NOTFOUND) return std::nullopt;
    ok(rc, "mdb_get");
    return std::string_view(static_cast<const char*>(v.mv_data), v.mv_size);
  }
  void scan(const std::function<void(std::string_view, std::string_view)>& visit) override {
    MDB_cursor* cursor;
    ok(mdb_cursor_open(reads(), dbi_, &cursor), "mdb_cursor_open");
    MDB_val k, v;
    for (int rc = mdb_cursor_get(cursor, &k, &v, MDB_FIRST); rc == MDB_SUCCESS; rc = mdb_cursor_get(cursor, &k, &v, MDB_NEXT))
      visit({static_cast<const char*>(k.mv_data), k.mv_size}, {static_cast<const char*>(v.mv_data), v.mv_size});
    mdb_cursor_close(cursor);
  }
  std::uint64_t count() override {
    MDB_stat st;
    ok(mdb_stat(reads(), dbi_, &st), "mdb_stat");
    return st.ms_entries;
  }
  void close() override {
    if (!env_) return;
    end_reads();
    if (read_) mdb_txn_abort(read_);
    mdb_env_close(env_);
    env_ = nullptr;
  }

 private:
  MDB_txn* reads() {
    if (!read_) ok(mdb_txn_begin(env_, nullptr, MDB_RDONLY, &read_), "mdb_txn_begin");
    else if (!reading_) ok(mdb_txn_renew(read_), "mdb_txn_renew");
    reading_ = true;
    return read_;
  }
  void end_reads() {
    if (read_ && reading_) mdb_txn_reset(read_);
    reading_ = false;
  }

  MDB_env* env_ = nullptr;
  MDB_dbi dbi_{};
  MDB_txn* write_ = nullptr;
  MDB_txn* read_ = nullptr;
  bool reading_ = false;
};

}  // namespace

int main(int argc, char** argv) {
  int major, minor, patch;
  mdb_version(&major, &minor, &patch);
  benchbox::kvstore::Library lmdb("lmdb", std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch));
  lmdb.add([](const std::filesystem::path& folder, const kv::Settings& s) { return std::make_unique<LmdbStore>(folder, s); });
  return lmdb.main(argc, argv);
}
