// The store's default database: one SQLite file (Debian's libsqlite3), in write-ahead-log mode so
// that `history` reads while a run writes; writers queue on SQLite's lock for up to a minute.
#include <sqlite3.h>
#include <sys/stat.h>

#include <filesystem>

#include "store/database.hpp"

namespace benchbox::store {
namespace {

namespace fs = std::filesystem;

class Sqlite final : public Database {
 public:
  Sqlite(const std::string& path, Access access) : path_(path) {
    check_path(access);
    open(path, access == Access::write ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY);
    // To read a store in write-ahead-log mode, SQLite creates its shared-memory file beside it,
    // which it cannot in a folder this user may not write (another user's store, a read-only
    // mount). No -wal or -shm file there means no writer has it open: it is read as it is.
    if (access == Access::read && sqlite3_exec(db_, "PRAGMA schema_version", nullptr, nullptr, nullptr) == SQLITE_READONLY_DIRECTORY) {
      sqlite3_close(db_);
      open(immutable_uri(path), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
    }
    sqlite3_busy_timeout(db_, 60'000);
    // SQLite opens a file it may not write read-only, and would say so only at the first write.
    if (access == Access::write && sqlite3_db_readonly(db_, "main") == 1) {
      sqlite3_close(db_);
      throw StoreError("the store " + path + " is read-only: benchbox adds every run to it");
    }
    // A file that is not a database fails here, on its first read, with SQLite's own words. A
    // constructor that throws runs no destructor: the connection is closed here.
    try {
      query(access == Access::write ? "PRAGMA journal_mode=WAL" : "PRAGMA schema_version");
      query("PRAGMA foreign_keys=ON");
    } catch (...) {
      sqlite3_close_v2(db_);
      throw;
    }
  }
  ~Sqlite() override { sqlite3_close_v2(db_); }

  std::vector<Row> execute(const std::string& sql, const std::vector<Value>& params) override {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &raw, nullptr) != SQLITE_OK) fail("prepare");
    std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> statement(raw, sqlite3_finalize);
    for (std::size_t i = 0; i < params.size(); ++i) {
      const int at = static_cast<int>(i + 1);
      const int rc = params[i] ? sqlite3_bind_text(raw, at, params[i]->c_str(), static_cast<int>(params[i]->size()), SQLITE_TRANSIENT)
                               : sqlite3_bind_null(raw, at);
      if (rc != SQLITE_OK) fail("bind");
    }
    std::vector<Row> rows;
    for (int rc; (rc = sqlite3_step(raw)) != SQLITE_DONE;) {
      if (rc != SQLITE_ROW) fail("run");
      rows.push_back(row_of(raw));
    }
    return rows;
  }

  void begin_write() override { query("BEGIN IMMEDIATE"); }
  void commit() override { query("COMMIT"); }
  void rollback() noexcept override { sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr); }
  std::string id_column() const override { return "INTEGER PRIMARY KEY"; }
  std::string where() const override { return path_; }

 private:
  void open(const std::string& name, int flags) {
    db_ = nullptr;
    if (sqlite3_open_v2(name.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
      const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError("cannot open the store " + path_ + ": " + why);
    }
    sqlite3_extended_result_codes(db_, 1);
  }

  // The file as a URI of an immutable database: its absolute path, '?', '#' and '%' escaped.
  static std::string immutable_uri(const std::string& path) {
    std::string uri = "file:";
    for (const char c : fs::absolute(path).lexically_normal().string()) {
      if (c == '?' || c == '#' || c == '%') {
        static const char* hex = "0123456789ABCDEF";
        uri += {'%', hex[static_cast<unsigned char>(c) >> 4], hex[c & 15]};
      } else {
        uri += c;
      }
    }
    return uri + "?immutable=1";
  }

  // A folder where the file should be, or a folder that cannot be made: said before SQLite's
  // less telling "unable to open database file".
  void check_path(Access access) const {
    const fs::path file(path_);
    std::error_code ec;
    if (fs::is_directory(file, ec)) throw StoreError("the store " + path_ + " is a directory, not a database file");
    if (access == Access::read && !fs::exists(file, ec))
      throw StoreError("no store at " + path_ + ": a run creates it (or --store names another)");
    const fs::path folder = file.parent_path();
    if (!folder.empty() && !fs::exists(folder, ec) && !fs::create_directories(folder, ec))
      throw StoreError("cannot create the store's folder " + folder.string() + ": " + ec.message());
  }

  // Every column as text; a double with all its digits (SQLite's own text has 15).
  static Row row_of(sqlite3_stmt* s) {
    Row row;
    for (int c = 0; c < sqlite3_column_count(s); ++c) {
      switch (sqlite3_column_type(s, c)) {
        case SQLITE_NULL: row.emplace_back(); break;
        case SQLITE_FLOAT: row.push_back(value(sqlite3_column_double(s, c))); break;
        default: row.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(s, c)));
      }
    }
    return row;
  }

  [[noreturn]] void fail(const char* what) const {
    throw StoreError("the store " + path_ + ": " + sqlite3_errmsg(db_) + " (" + what + ")");
  }

  std::string path_;
  sqlite3* db_ = nullptr;
};

}  // namespace

std::unique_ptr<Database> open_sqlite(const std::string& path, Access access) { return std::make_unique<Sqlite>(path, access); }

}  // namespace benchbox::store
