// LevelDB: one DB per folder, Snappy off; a transaction is one WriteBatch written at its commit.
#include <leveldb/db.h>
#include <leveldb/write_batch.h>

#include <memory>
#include <string>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

void ok(const leveldb::Status& s, const char* call) { kv::check(s.ok(), call, s.ok() ? "" : s.ToString()); }
leveldb::Slice slice(std::string_view s) { return {s.data(), s.size()}; }

class LeveldbStore final : public kv::Store {
 public:
  LeveldbStore(const std::filesystem::path& folder, const kv::Settings& s) {
    leveldb::Options options;
    options.create_if_missing = true;
    options.compression = leveldb::kNoCompression;
    leveldb::DB* db = nullptr;
    ok(leveldb::DB::Open(options, folder.string(), &db), "leveldb::DB::Open");
    db_.reset(db);
    write_.sync = s.sync;
  }
  void begin() override { batch_.Clear(); }
  void put(std::string_view key, std::string_view value) override { batch_.Put(slice(key), slice(value)); }
  // LevelDB's Delete does not say whether the key was there: the read-back after the clock proves every record gone.
  bool remove(std::string_view key) override {
    batch_.Delete(slice(key));
    return true;
  }
  void commit() override { ok(db_->Write(write_, &batch_), "leveldb::DB::Write"); }
  std::optional<std::string_view> get(std::string_view key) override {
    const leveldb::Status s = db_->Get(read_, slice(key), &value_);
    if (s.IsNotFound()) return std::nullopt;
    ok(s, "leveldb::DB::Get");
    return value_;
  }
  void scan(const std::function<void(std::string_view, std::string_view)>& visit) override {
    std::unique_ptr<leveldb::Iterator> it(db_->NewIterator(read_));
    for (it->SeekToFirst(); it->Valid(); it->Next())
      visit({it->key().data(), it->key().size()}, {it->value().data(), it->value().size()});
    ok(it->status(), "leveldb::Iterator");
  }
  std::uint64_t count() override {
    std::uint64_t n = 0;
    scan([&](std::string_view, std::string_view) { ++n; });
    return n;
  }
  void close() override { db_.reset(); }

 private:
  std::unique_ptr<leveldb::DB> db_;
  leveldb::WriteOptions write_;
  leveldb::ReadOptions read_;
  leveldb::WriteBatch batch_;
  std::string value_;
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::kvstore::Library leveldb("leveldb", std::to_string(leveldb::kMajorVersion) + "." + std::to_string(leveldb::kMinorVersion));
  leveldb.add([](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<LeveldbStore>(f, s); });
  return leveldb.main(argc, argv);
}
