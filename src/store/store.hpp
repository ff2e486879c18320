// The results store (docs/store.md): every run appended to a database, SQLite by default,
// PostgreSQL for a team; read back by `history` and `trend`.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "results/results.hpp"
#include "store/database.hpp"

namespace benchbox::store {

// The store's own schema version (benchbox_meta.schema_version); older stores are migrated
// forward when opened, newer ones refused.
inline constexpr int kStoreSchemaVersion = 1;

// The schema, version by version: the statements that take a store from version N to N + 1 are
// the N-th (from 0), `{id}` standing for the database's generated row id (Database::id_column).
// A new version is a new migration at the end; kStoreSchemaVersion is their count.
using Migration = std::vector<std::string>;
const std::vector<Migration>& schema_migrations();

// Creates the schema in an empty database or runs an older store's missing migrations in order,
// in one write transaction: a writer that dies leaves the store as it was, and of writers that open
// a new store at once (SQLite's lock, PostgreSQL's advisory lock in begin_write) one creates it and
// the others see it. Throws StoreError for a store newer than `steps` knows. A Store opened to
// write calls it; tests give their own steps.
void migrate_schema(Database& db, const std::vector<Migration>& steps = schema_migrations());

// A run as `history` lists it.
struct RunEntry {
  long long id = 0;
  std::string key;           // run_key(): one run, one key, however often it is stored
  std::string started;       // context.date: UTC, ISO 8601
  std::string machine;       // machine_identity()
  std::string host, cpu_model, kernel;
  std::string modules;       // the modules of its rows, comma-separated
  std::string revision;      // benchbox_revision of the build that ran it
  std::string mode;          // time, instructions
  std::string command_line;
  bool interrupted = false;
  long long rows = 0;
  std::string source;        // "run", or the results file it was imported from
};

struct Added {
  long long id = 0;
  bool added = false;  // false: the same run was stored before (run_key), nothing written
};

// Which rows `trend` follows: one case, one point or all, some rows or all.
struct TrendQuery {
  std::string module, case_id;
  std::optional<std::string> point;  // Point::key(): "2", "data=text,size=1000"
  std::vector<std::string> rows;     // row ids: "tbox", "zstd:3"; empty: every row
};

// One row of one stored run, as `trend` draws it.
struct TrendRow {
  long long run_id = 0;
  std::string started, revision, machine;
  std::string point, point_label;  // Point::key(), and its label ("2 coroutines")
  std::string row_id, row_name, library, version;
  std::string status;  // ok, failed, not_applicable, unavailable
  bool verified = false;
  std::string figure_id, unit;
  bool lower_is_better = true;
  std::optional<double> median, ci_low, ci_high;  // the figure and its median's 95% interval
  // The row's figure over the geometric mean of the point's other rows, round by round in its
  // run (Measurement::others_ratio): what a slow host day cancels out of.
  std::optional<double> ratio, ratio_low, ratio_high;
  long long peak_rss_bytes = 0;
  // Its place among the point's rows in that run ("2=" shared, standing.hpp), recomputed from the
  // stored rows as a results file's reader does; "-" unranked.
  std::string rank;
};

class Store {
 public:
  // To write: creates the schema in an empty database, migrates an older one. To read: checks
  // that the database holds a store this benchbox reads. Throws StoreError.
  Store(std::unique_ptr<Database> db, Access access);
  // Appends the run and all its rows in one transaction, unless it is stored already.
  Added add(const Results& results, const std::string& source);
  // Runs oldest first; only those with rows of `module` when one is given.
  std::vector<RunEntry> runs(const std::string& module = "");
  // The query's rows over every stored run, oldest run first.
  std::vector<TrendRow> trend(const TrendQuery& query);
  // A stored run as a results file holds it, with only the rows of `module`.
  Results results_of(long long run, const std::string& module);
  std::string where() const { return db_->where(); }
  Database& database() { return *db_; }

 private:
  // Each row's rank among its point's rows in its run (TrendRow::rank).
  void add_ranks(const TrendQuery& q, std::vector<TrendRow>& rows);
  std::unique_ptr<Database> db_;
};

// A path (SQLite) or a postgresql:// URL. Throws StoreError with a one-line message.
std::unique_ptr<Store> open_store(const std::string& location, Access access = Access::write);

// $BENCHBOX_STORE when set, else $XDG_DATA_HOME/benchbox/results.sqlite, else
// ~/.local/share/benchbox/results.sqlite.
std::string default_store_location();

// The run's identity: the SHA-256 of its context as the run wrote it (its start, machine, command
// line, settings and seed) and of every row's name, status and repetition values. A run stored as
// it ran and its --json file imported later are one run, whatever schema version the file has or
// a later benchbox writes.
std::string run_key(const Results& results);

// Runs of one machine are drawn as one line: its host name, CPU model, CPU count and
// architecture, "host / cpu model / N CPUs / arch" (kernel, load and governor may differ between
// its runs; they are shown, not part of the identity).
std::string machine_identity(const nlohmann::json& context);

}  // namespace benchbox::store
