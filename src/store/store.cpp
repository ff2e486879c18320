#include "store/store.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <set>

#include "results/results.hpp"
#include "results/results_file.hpp"
#include "results/standing.hpp"

namespace benchbox::store {

using nlohmann::json;

const std::vector<Migration>& schema_migrations() {
  static const std::vector<Migration> steps = {
      // 1: runs and their rows; a row's full results-file object in `data`, its figures in columns.
      {"CREATE TABLE benchbox_runs (id {id}, run_key TEXT NOT NULL UNIQUE, started TEXT NOT NULL, machine TEXT NOT NULL,"
       " host TEXT NOT NULL, cpu_model TEXT NOT NULL, kernel TEXT NOT NULL, modules TEXT NOT NULL,"
       " benchbox_version TEXT NOT NULL, benchbox_revision TEXT NOT NULL, mode TEXT NOT NULL, command_line TEXT NOT NULL,"
       " interrupted INTEGER NOT NULL, row_count INTEGER NOT NULL, source TEXT NOT NULL, stored TEXT NOT NULL,"
       " context TEXT NOT NULL, warnings TEXT NOT NULL)",
       "CREATE TABLE benchbox_rows (run_id BIGINT NOT NULL REFERENCES benchbox_runs(id) ON DELETE CASCADE,"
       " ordinal INTEGER NOT NULL, module TEXT NOT NULL, case_id TEXT NOT NULL, point TEXT NOT NULL,"
       " point_label TEXT NOT NULL, library TEXT NOT NULL, variant TEXT NOT NULL, row_id TEXT NOT NULL,"
       " row_name TEXT NOT NULL, version TEXT NOT NULL, status TEXT NOT NULL, verified INTEGER NOT NULL,"
       " figure_id TEXT NOT NULL, unit TEXT NOT NULL, lower_is_better INTEGER NOT NULL, median DOUBLE PRECISION,"
       " ci_low DOUBLE PRECISION, ci_high DOUBLE PRECISION, reps INTEGER NOT NULL, ratio DOUBLE PRECISION,"
       " ratio_low DOUBLE PRECISION, ratio_high DOUBLE PRECISION, peak_rss_bytes BIGINT NOT NULL, data TEXT NOT NULL,"
       " PRIMARY KEY (run_id, ordinal))",
       "CREATE INDEX benchbox_rows_by_case ON benchbox_rows (module, case_id, point, row_id)"},
  };
  return steps;
}

namespace {

std::string with_id_column(std::string sql, const Database& db) {
  if (const auto at = sql.find("{id}"); at != std::string::npos) sql.replace(at, 4, db.id_column());
  return sql;
}

int stored_version(Database& db) {
  // The meta table is the schema's first table: without it the database is empty (of ours).
  const auto rows = db.query("SELECT value FROM benchbox_meta WHERE name = 'schema_version'");
  return rows.empty() || !rows[0][0] ? 0 : std::stoi(*rows[0][0]);
}

std::string newer_schema(const std::string& where, int version, std::size_t known = kStoreSchemaVersion) {
  return "the store " + where + " has schema version " + std::to_string(version) + ", newer than this benchbox reads (" +
         std::to_string(known) + "): use a newer benchbox";
}

bool has_meta_table(Database& db) {
  try {
    db.query("SELECT 1 FROM benchbox_meta WHERE 1 = 0");
    return true;
  } catch (const StoreError&) {
    return false;
  }
}

}  // namespace

void migrate_schema(Database& db, const std::vector<Migration>& steps) {
  const auto target = static_cast<int>(steps.size());
  if (has_meta_table(db) && stored_version(db) == target) return;  // the usual case: nothing to write
  in_transaction(db, [&] {
    // No probing inside: a failed statement ends a PostgreSQL transaction.
    db.query("CREATE TABLE IF NOT EXISTS benchbox_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)");
    const int version = stored_version(db);
    if (version > target) throw StoreError(newer_schema(db.where(), version, steps.size()));
    for (int v = version; v < target; ++v)
      for (const auto& sql : steps[static_cast<std::size_t>(v)]) db.query(with_id_column(sql, db));
    db.query(version == 0 ? "INSERT INTO benchbox_meta (name, value) VALUES ('schema_version', ?)"
                          : "UPDATE benchbox_meta SET value = ? WHERE name = 'schema_version'",
             {value(static_cast<long long>(target))});
  });
}

namespace {

std::string sha256_hex(const std::string& bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr) != 1) throw StoreError("SHA-256 unavailable");
  static const char* hex = "0123456789abcdef";
  std::string text;
  for (unsigned i = 0; i < size; ++i) text += {hex[digest[i] >> 4], hex[digest[i] & 15]};
  return text;
}

// A context field as text, whatever its type in the file ("" when absent).
std::string text_of(const json& context, const char* key) {
  const auto it = context.find(key);
  if (it == context.end() || it->is_null()) return "";
  return it->is_string() ? it->get<std::string>() : it->dump();
}

// The command line as the user typed it: the program by its name, the arguments after it.
std::string command_text(const json& context) {
  const auto it = context.find("command_line");
  if (it == context.end() || !it->is_array()) return text_of(context, "command_line");
  std::string text;
  for (const auto& word : *it) {
    std::string w = word.is_string() ? word.get<std::string>() : word.dump();
    if (text.empty()) w = w.substr(w.rfind('/') + 1);
    text += (text.empty() ? "" : " ") + w;
  }
  return text;
}

std::string now_utc() {
  const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return text;
}

std::string modules_of(const Results& results) {
  std::set<std::string> modules;
  for (const auto& m : results.measurements) modules.insert(m.module);
  std::string text;
  for (const auto& m : modules) text += (text.empty() ? "" : ",") + m;
  return text;
}

std::vector<Value> run_values(const Results& r, const std::string& key, const std::string& source) {
  const json& c = r.context;
  const json settings = c.value("settings", json::object());
  return {value(key), value(text_of(c, "date")), value(machine_identity(c)), value(text_of(c, "host")),
          value(text_of(c, "cpu_model")), value(text_of(c, "kernel")), value(modules_of(r)),
          value(text_of(c, "benchbox_version")), value(text_of(c, "benchbox_revision")),
          value(settings.is_object() && settings.contains("mode") ? text_of(settings, "mode") : "time"),
          value(command_text(c)), value(static_cast<long long>(r.interrupted)),
          value(static_cast<long long>(r.measurements.size())), value(source), value(now_utc()), value(c.dump()),
          value(json(r.warnings).dump())};
}

std::vector<Value> row_values(long long run, std::size_t ordinal, const Measurement& m, const json& data) {
  const bool ok = m.ok();
  auto figure = [ok](double v) { return ok ? value(v) : null(); };
  const auto& ratio = m.others_ratio;
  return {value(run), value(static_cast<long long>(ordinal)), value(m.module), value(m.case_id), value(m.point.key()),
          value(m.param_label), value(m.library), value(m.variant), value(m.row_id()), value(m.row_name()), value(m.version),
          value(to_string(m.status)), value(static_cast<long long>(m.verified)), value(m.figure.id), value(m.figure.unit),
          value(static_cast<long long>(m.figure.lower_is_better)), figure(m.summary.median), figure(m.summary.ci_low),
          figure(m.summary.ci_high), value(static_cast<long long>(m.values.size())),
          ok && ratio ? value(ratio->median) : null(), ok && ratio ? value(ratio->ci_low) : null(),
          ok && ratio ? value(ratio->ci_high) : null(), value(static_cast<long long>(m.peak_rss_bytes)), value(data.dump())};
}

std::string placeholders(std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += i ? ", ?" : "?";
  return text;
}

const std::string kRunColumns =
    "run_key, started, machine, host, cpu_model, kernel, modules, benchbox_version, benchbox_revision, mode, command_line,"
    " interrupted, row_count, source, stored, context, warnings";
const std::string kRowColumns =
    "run_id, ordinal, module, case_id, point, point_label, library, variant, row_id, row_name, version, status, verified,"
    " figure_id, unit, lower_is_better, median, ci_low, ci_high, reps, ratio, ratio_low, ratio_high, peak_rss_bytes, data";

long long number(const Value& v) { return v ? std::stoll(*v) : 0; }
std::string text(const Value& v) { return v ? *v : ""; }
std::optional<double> real(const Value& v) {
  if (!v) return std::nullopt;
  return std::strtod(v->c_str(), nullptr);
}

}  // namespace

Store::Store(std::unique_ptr<Database> db, Access access) : db_(std::move(db)) {
  if (access == Access::write) {
    migrate_schema(*db_);
    return;
  }
  const int version = has_meta_table(*db_) ? stored_version(*db_) : 0;
  if (version == 0) throw StoreError(db_->where() + " holds no benchbox store");
  if (version != kStoreSchemaVersion)
    throw StoreError(version > kStoreSchemaVersion ? newer_schema(db_->where(), version)
                                                   : "the store " + db_->where() + " has schema version " + std::to_string(version) +
                                                         ", older than this benchbox reads (" + std::to_string(kStoreSchemaVersion) +
                                                         "): a run, which writes to it, migrates it");
}

Added Store::add(const Results& results, const std::string& source) {
  const json document = to_json(results);
  const std::string key = run_key(results);
  return in_transaction(*db_, [&]() -> Added {
    const auto inserted = db_->query("INSERT INTO benchbox_runs (" + kRunColumns + ") VALUES (" + placeholders(17) +
                                         ") ON CONFLICT (run_key) DO NOTHING RETURNING id",
                                     run_values(results, key, source));
    if (inserted.empty()) return {number(db_->query("SELECT id FROM benchbox_runs WHERE run_key = ?", {value(key)}).at(0).at(0)), false};
    const long long run = number(inserted[0][0]);
    // Rows a statement at a time in batches: one round trip per batch, not per row, while a
    // PostgreSQL writer holds the team's lock.
    constexpr std::size_t kBatch = 64;  // 64 x 25 parameters, well under SQLite's 32766
    const json& rows = document["results"];
    for (std::size_t first = 0; first < results.measurements.size(); first += kBatch) {
      const std::size_t end = std::min(first + kBatch, results.measurements.size());
      std::string sql = "INSERT INTO benchbox_rows (" + kRowColumns + ") VALUES ";
      std::vector<Value> params;
      for (std::size_t i = first; i < end; ++i) {
        sql += (i > first ? ", (" : "(") + placeholders(25) + ")";
        auto values = row_values(run, i, results.measurements[i], rows[i]);
        params.insert(params.end(), values.begin(), values.end());
      }
      db_->query(sql, params);
    }
    return {run, true};
  });
}

std::vector<RunEntry> Store::runs(const std::string& module) {
  std::string sql =
      "SELECT id, run_key, started, machine, host, cpu_model, kernel, modules, benchbox_revision, mode, command_line,"
      " interrupted, row_count, source FROM benchbox_runs";
  std::vector<Value> params;
  if (!module.empty()) {
    sql += " WHERE id IN (SELECT run_id FROM benchbox_rows WHERE module = ?)";
    params.push_back(value(module));
  }
  std::vector<RunEntry> runs;
  for (const auto& r : db_->query(sql + " ORDER BY started, id", params))
    runs.push_back({number(r[0]), text(r[1]), text(r[2]), text(r[3]), text(r[4]), text(r[5]), text(r[6]), text(r[7]), text(r[8]),
                    text(r[9]), text(r[10]), number(r[11]) != 0, number(r[12]), text(r[13])});
  return runs;
}

std::vector<TrendRow> Store::trend(const TrendQuery& q) {
  std::string sql =
      "SELECT r.run_id, u.started, u.benchbox_revision, u.machine, r.point, r.point_label, r.row_id, r.row_name, r.library,"
      " r.version, r.status, r.verified, r.figure_id, r.unit, r.lower_is_better, r.median, r.ci_low, r.ci_high, r.ratio,"
      " r.ratio_low, r.ratio_high, r.peak_rss_bytes FROM benchbox_rows r JOIN benchbox_runs u ON u.id = r.run_id"
      " WHERE r.module = ? AND r.case_id = ?";
  std::vector<Value> params = {value(q.module), value(q.case_id)};
  if (q.point) {
    sql += " AND r.point = ?";
    params.push_back(value(*q.point));
  }
  if (!q.rows.empty()) {
    sql += " AND r.row_id IN (" + placeholders(q.rows.size()) + ")";
    for (const auto& row : q.rows) params.push_back(value(row));
  }
  std::vector<TrendRow> rows;
  for (const auto& r : db_->query(sql + " ORDER BY u.started, r.run_id, r.ordinal", params))
    rows.push_back({number(r[0]), text(r[1]), text(r[2]), text(r[3]), text(r[4]), text(r[5]), text(r[6]), text(r[7]), text(r[8]),
                    text(r[9]), text(r[10]), number(r[11]) != 0, text(r[12]), text(r[13]), number(r[14]) != 0, real(r[15]),
                    real(r[16]), real(r[17]), real(r[18]), real(r[19]), real(r[20]), number(r[21]), ""});
  add_ranks(q, rows);
  return rows;
}

void Store::add_ranks(const TrendQuery& q, std::vector<TrendRow>& rows) {
  std::map<std::pair<long long, std::string>, std::map<std::string, std::string>> ranks;  // (run, point): row id -> rank
  for (const auto& row : rows) {
    auto [it, added] = ranks.try_emplace({row.run_id, row.point});
    if (!added) continue;
    json document = {{"schema", "benchbox-results"}, {"schema_version", kResultsSchemaVersion}, {"context", json::object()},
                     {"warnings", json::array()}, {"interrupted", false}, {"results", json::array()}};
    for (const auto& r : db_->query("SELECT data FROM benchbox_rows WHERE run_id = ? AND module = ? AND case_id = ? AND point = ?",
                                    {value(row.run_id), value(q.module), value(q.case_id), value(row.point)}))
      document["results"].push_back(json::parse(text(r[0])));
    for (const auto& m : results_from_json(document).measurements) it->second[m.row_id()] = rank_text(m);
  }
  for (auto& row : rows) row.rank = ranks[{row.run_id, row.point}][row.row_id];
}

Results Store::results_of(long long run, const std::string& module) {
  const auto found = db_->query("SELECT context, warnings, interrupted FROM benchbox_runs WHERE id = ?", {value(run)});
  if (found.empty()) throw StoreError("no run " + std::to_string(run) + " in the store " + db_->where());
  json document = {{"schema", "benchbox-results"}, {"schema_version", kResultsSchemaVersion},
                   {"context", json::parse(text(found[0][0]))}, {"warnings", json::parse(text(found[0][1]))},
                   {"interrupted", number(found[0][2]) != 0}, {"results", json::array()}};
  for (const auto& row : db_->query("SELECT data FROM benchbox_rows WHERE run_id = ? AND module = ? ORDER BY ordinal",
                                    {value(run), value(module)}))
    document["results"].push_back(json::parse(text(row[0])));
  return results_from_json(document);
}

std::unique_ptr<Store> open_store(const std::string& location, Access access) {
  if (location.empty()) throw StoreError("no store given: --store needs a file or a postgresql:// URL");
  const bool server = location.rfind("postgresql://", 0) == 0 || location.rfind("postgres://", 0) == 0;
  return std::make_unique<Store>(server ? open_postgresql(location) : open_sqlite(location, access), access);
}

std::string default_store_location() {
  if (const char* given = std::getenv("BENCHBOX_STORE"); given && *given) return given;
  if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data) return std::string(data) + "/benchbox/results.sqlite";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.local/share/benchbox/results.sqlite";
}

std::string run_key(const Results& results) {
  std::string identity = results.context.dump();
  for (const auto& m : results.measurements) {
    identity += "\n" + m.module + " " + m.case_id + " " + m.point.key() + " " + m.row_id() + " " + to_string(m.status);
    for (double v : m.values) identity += " " + value(v).value_or("-");
  }
  return sha256_hex(identity);
}

std::string machine_identity(const json& context) {
  return text_of(context, "host") + " / " + text_of(context, "cpu_model") + " / " + text_of(context, "cpu_count") + " CPUs / " +
         text_of(context, "arch");
}

}  // namespace benchbox::store
