// A store's schema moves forward one migration at a time (store/store.hpp, migrate_schema): an
// older store gains the missing steps in one transaction and keeps its runs; a failed step leaves
// it as it was; a benchbox that knows fewer steps refuses a newer store instead of writing to it.
// Beyond the real schema's versions, the later versions here are the test's own; version 2's rewrite
// (each run's machine by name and fingerprint, no secret in a command line) is tested on a store
// of version 1 made by version 1's own steps.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "results/machine.hpp"
#include "store/store.hpp"

namespace benchbox::store {
namespace {

namespace fs = std::filesystem;

class StoreMigration : public ::testing::Test {
 protected:
  StoreMigration() : dir_(fs::temp_directory_path() / ("benchbox-migration-" + std::to_string(getpid()))) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  ~StoreMigration() override { fs::remove_all(dir_); }

  std::string path() const { return (dir_ / "store.sqlite").string(); }
  std::unique_ptr<Database> open(Access access = Access::write) const { return open_sqlite(path(), access); }

  static std::string text(Database& db, const std::string& sql) { return db.query(sql).at(0).at(0).value_or("NULL"); }
  static std::string version(Database& db) { return text(db, "SELECT value FROM benchbox_meta WHERE name = 'schema_version'"); }

  // A store at the real schema's version holding one run (the columns a run fills, by hand).
  void make_store_with_one_run() const {
    auto db = open();
    migrate_schema(*db);
    db->query("INSERT INTO benchbox_runs (run_key, started, machine, host, cpu_model, kernel, modules, benchbox_version,"
              " benchbox_revision, mode, command_line, interrupted, row_count, source, stored, context, warnings)"
              " VALUES ('k1', '2026-12-07T00:00:00Z', 'm', 'h', 'c', 'k', 'coroutine', '0', 'r', 'time', 'benchbox', 0, 0,"
              " 'run', 'now', '{}', '[]')");
  }

  // The real steps and one more: a column every run gets, with a default.
  static std::vector<Migration> with_a_second_version() {
    auto steps = schema_migrations();
    steps.push_back({{"ALTER TABLE benchbox_runs ADD COLUMN note TEXT NOT NULL DEFAULT 'none'"}});
    return steps;
  }

 private:
  fs::path dir_;
};

TEST_F(StoreMigration, TheRealSchemaHasOneMigrationPerVersion) {
  EXPECT_EQ(schema_migrations().size(), static_cast<std::size_t>(kStoreSchemaVersion));
  auto db = open();
  migrate_schema(*db);
  EXPECT_EQ(version(*db), std::to_string(kStoreSchemaVersion));
}

TEST_F(StoreMigration, AnOlderStoreGainsTheMissingStepsAndKeepsItsRuns) {
  make_store_with_one_run();
  auto db = open();
  migrate_schema(*db, with_a_second_version());
  EXPECT_EQ(version(*db), std::to_string(kStoreSchemaVersion + 1));
  EXPECT_EQ(text(*db, "SELECT COUNT(*) FROM benchbox_runs"), "1");
  EXPECT_EQ(text(*db, "SELECT note FROM benchbox_runs WHERE run_key = 'k1'"), "none");
  migrate_schema(*db, with_a_second_version());  // at its version: nothing to do
  EXPECT_EQ(version(*db), std::to_string(kStoreSchemaVersion + 1));
}

// A store of version 1 with two runs of one host name on two machines (one CPU each way), one of
// them with a password in its command line: after version 2 they are two machines of one name,
// and the password is nowhere in the store.
TEST_F(StoreMigration, Version2NamesEachRunsMachineAndHidesItsSecrets) {
  const std::vector<Migration> version1(schema_migrations().begin(), schema_migrations().begin() + 1);
  const nlohmann::json first = {{"host", "lab"}, {"cpu_model", "CPU A"}, {"cpu_count", 8}, {"arch", "x86_64"}, {"virtualized", false},
                                {"command_line", {"/usr/bin/benchbox", "json", "--store", "postgresql://u:s3cret@db/results"}}};
  nlohmann::json second = first;
  second["cpu_model"] = "CPU B";
  second["command_line"] = {"benchbox", "json"};
  {
    auto db = open();
    migrate_schema(*db, version1);
    for (const auto& [key, context] : {std::pair{"k1", first}, std::pair{"k2", second}})
      db->query("INSERT INTO benchbox_runs (run_key, started, machine, host, cpu_model, kernel, modules, benchbox_version,"
                " benchbox_revision, mode, command_line, interrupted, row_count, source, stored, context, warnings)"
                " VALUES (?, '2026-12-07T00:00:00Z', 'old', 'lab', 'c', 'k', 'json', '0', 'r', 'time',"
                " 'benchbox json --store postgresql://u:s3cret@db/results', 0, 0, 'run', 'now', ?, '[]')",
                {value(std::string(key)), value(context.dump())});
  }
  auto db = open();
  migrate_schema(*db);
  EXPECT_EQ(version(*db), std::to_string(kStoreSchemaVersion));
  const auto rows = db->query("SELECT machine, machine_name, machine_fingerprint, command_line, context FROM benchbox_runs ORDER BY run_key");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(*rows[0][1], "lab");
  EXPECT_EQ(*rows[1][1], "lab");
  EXPECT_EQ(*rows[0][2], machine_fingerprint(first));
  EXPECT_NE(*rows[0][2], *rows[1][2]);
  EXPECT_EQ(*rows[0][0], "lab [" + *rows[0][2] + "]");
  EXPECT_EQ(*rows[0][3], "benchbox json --store postgresql://u:***@db/results");
  for (const auto& row : rows)
    for (const auto& field : row) EXPECT_EQ(field->find("s3cret"), std::string::npos) << *field;
}

TEST_F(StoreMigration, AFailedStepLeavesTheStoreAsItWas) {
  make_store_with_one_run();
  auto steps = schema_migrations();
  steps.push_back({{"ALTER TABLE benchbox_runs ADD COLUMN note TEXT", "ALTER TABLE no_such_table ADD COLUMN x TEXT"}});
  auto db = open();
  EXPECT_THROW(migrate_schema(*db, steps), StoreError);
  EXPECT_EQ(version(*db), std::to_string(kStoreSchemaVersion));
  EXPECT_THROW(db->query("SELECT note FROM benchbox_runs"), StoreError);  // the first statement rolled back too
  EXPECT_EQ(text(*db, "SELECT COUNT(*) FROM benchbox_runs"), "1");
}

TEST_F(StoreMigration, ABenchboxThatKnowsFewerStepsRefusesANewerStore) {
  make_store_with_one_run();
  migrate_schema(*open(), with_a_second_version());
  try {
    migrate_schema(*open());
    FAIL() << "a newer store was written to";
  } catch (const StoreError& e) {
    const std::string newer = "has schema version " + std::to_string(kStoreSchemaVersion + 1) +
                              ", newer than this benchbox reads (" + std::to_string(kStoreSchemaVersion) + ")";
    EXPECT_NE(std::string(e.what()).find(newer), std::string::npos) << e.what();
  }
  EXPECT_THROW(Store(open(Access::read), Access::read), StoreError);
  auto db = open();
  EXPECT_EQ(version(*db), std::to_string(kStoreSchemaVersion + 1));
  EXPECT_EQ(text(*db, "SELECT COUNT(*) FROM benchbox_runs"), "1");
}

}  // namespace
}  // namespace benchbox::store
