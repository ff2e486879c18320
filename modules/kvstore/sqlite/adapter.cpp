// SQLite as a key-value table: kv(k BLOB PRIMARY KEY, v BLOB), as a rowid table (the primary key an
// index beside it) and as a WITHOUT ROWID table (the rows in the key's B-tree), in WAL mode;
// prepared statements made once, BEGIN and COMMIT per transaction.
#include <sqlite3.h>

#include <string>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

class SqliteStore final : public kv::Store {
 public:
  SqliteStore(const std::filesystem::path& folder, const kv::Settings& s, bool without_rowid) {
    const std::string path = (folder / "kv.sqlite").string();
    ok(sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr), "sqlite3_open_v2");
    exec("PRAGMA journal_mode=WAL");
    exec(s.sync ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=OFF");
    exec(std::string("CREATE TABLE IF NOT EXISTS kv(k BLOB PRIMARY KEY, v BLOB)") + (without_rowid ? " WITHOUT ROWID" : ""));
    put_ = prepare("INSERT OR REPLACE INTO kv(k, v) VALUES(?, ?)");
    get_ = prepare("SELECT v FROM kv WHERE k = ?");
    del_ = prepare("DELETE FROM kv WHERE k = ?");
    scan_ = prepare("SELECT k, v FROM kv ORDER BY k");
    count_ = prepare("SELECT count(*) FROM kv");
    begin_ = prepare("BEGIN");
    commit_ = prepare("COMMIT");
  }
  ~SqliteStore() override { close(); }

  void begin() override { step_done(begin_, "BEGIN"); }
  void commit() override { step_done(commit_, "COMMIT"); }
  void put(std::string_view key, std::string_view value) override {
    bind(put_, 1, key);
    bind(put_, 2, value);
    step_done(put_, "INSERT");
  }
  bool remove(std::string_view key) override {
    bind(del_, 1, key);
    step_done(del_, "DELETE");
    return sqlite3_changes(db_) == 1;
  }
  std::optional<std::string_view> get(std::string_view key) override {
    sqlite3_reset(get_);
    bind(get_, 1, key);
    const int rc = sqlite3_step(get_);
    if (rc == SQLITE_DONE) return std::nullopt;
    ok(rc == SQLITE_ROW ? SQLITE_OK : rc, "SELECT");
    return column(get_, 0);  // valid until the statement is reset, at the next get
  }
  void scan(const std::function<void(std::string_view, std::string_view)>& visit) override {
    int rc;
    while ((rc = sqlite3_step(scan_)) == SQLITE_ROW) visit(column(scan_, 0), column(scan_, 1));
    ok(rc == SQLITE_DONE ? SQLITE_OK : rc, "SELECT ... ORDER BY k");
    sqlite3_reset(scan_);
  }
  std::uint64_t count() override {
    ok(sqlite3_step(count_) == SQLITE_ROW ? SQLITE_OK : SQLITE_ERROR, "SELECT count(*)");
    const auto n = static_cast<std::uint64_t>(sqlite3_column_int64(count_, 0));
    sqlite3_reset(count_);
    return n;
  }
  void close() override {
    if (!db_) return;
    for (sqlite3_stmt* s : {put_, get_, del_, scan_, count_, begin_, commit_}) sqlite3_finalize(s);
    ok(sqlite3_close(db_), "sqlite3_close");
    db_ = nullptr;
  }

 private:
  void ok(int rc, const char* what) const { kv::check(rc == SQLITE_OK, what, rc == SQLITE_OK ? "" : sqlite3_errmsg(db_)); }
  void exec(const std::string& sql) { ok(sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr), sql.c_str()); }
  sqlite3_stmt* prepare(const char* sql) {
    sqlite3_stmt* s = nullptr;
    ok(sqlite3_prepare_v2(db_, sql, -1, &s, nullptr), sql);
    return s;
  }
  void bind(sqlite3_stmt* s, int i, std::string_view b) {
    ok(sqlite3_bind_blob(s, i, b.data(), static_cast<int>(b.size()), SQLITE_STATIC), "sqlite3_bind_blob");
  }
  void step_done(sqlite3_stmt* s, const char* what) {
    const int rc = sqlite3_step(s);
    sqlite3_reset(s);
    ok(rc == SQLITE_DONE ? SQLITE_OK : rc, what);
  }
  static std::string_view column(sqlite3_stmt* s, int i) {
    const void* p = sqlite3_column_blob(s, i);
    return {static_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(s, i))};
  }

  sqlite3* db_ = nullptr;
  sqlite3_stmt *put_, *get_, *del_, *scan_, *count_, *begin_, *commit_;
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::kvstore::Library sqlite("sqlite", sqlite3_libversion());
  sqlite.add("rowid", [](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<SqliteStore>(f, s, false); });
  sqlite.add("without-rowid", [](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<SqliteStore>(f, s, true); });
  return sqlite.main(argc, argv);
}
