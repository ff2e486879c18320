// RocksDB: one DB per folder, compression off; a transaction is one WriteBatch written at its commit.
#include <rocksdb/db.h>
#include <rocksdb/version.h>
#include <rocksdb/write_batch.h>

#include <memory>
#include <string>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

void ok(const rocksdb::Status& s, const char* call) { kv::check(s.ok(), call, s.ok() ? "" : s.ToString()); }
rocksdb::Slice slice(std::string_view s) { return {s.data(), s.size()}; }

class RocksdbStore final : public kv::Store {
 public:
  RocksdbStore(const std::filesystem::path& folder, const kv::Settings& s) {
    rocksdb::Options options;
    options.create_if_missing = true;
    options.compression = rocksdb::kNoCompression;
    rocksdb::DB* db = nullptr;
    ok(rocksdb::DB::Open(options, folder.string(), &db), "rocksdb::DB::Open");
    db_.reset(db);
    write_.sync = s.sync;
  }
  ~RocksdbStore() override { close(); }
  void begin() override { batch_.Clear(); }
  void put(std::string_view key, std::string_view value) override { ok(batch_.Put(slice(key), slice(value)), "WriteBatch::Put"); }
  // RocksDB's Delete does not say whether the key was there: the read-back after the clock proves every record gone.
  bool remove(std::string_view key) override {
    ok(batch_.Delete(slice(key)), "WriteBatch::Delete");
    return true;
  }
  void commit() override { ok(db_->Write(write_, &batch_), "rocksdb::DB::Write"); }
  std::optional<std::string_view> get(std::string_view key) override {
    value_.Reset();
    const rocksdb::Status s = db_->Get(read_, db_->DefaultColumnFamily(), slice(key), &value_);
    if (s.IsNotFound()) return std::nullopt;
    ok(s, "rocksdb::DB::Get");
    return std::string_view(value_.data(), value_.size());
  }
  void scan(const std::function<void(std::string_view, std::string_view)>& visit) override {
    std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(read_));
    for (it->SeekToFirst(); it->Valid(); it->Next())
      visit({it->key().data(), it->key().size()}, {it->value().data(), it->value().size()});
    ok(it->status(), "rocksdb::Iterator");
  }
  std::uint64_t count() override {
    std::uint64_t n = 0;
    scan([&](std::string_view, std::string_view) { ++n; });
    return n;
  }
  void close() override {
    if (!db_) return;
    value_.Reset();
    ok(db_->Close(), "rocksdb::DB::Close");
    db_.reset();
  }

 private:
  std::unique_ptr<rocksdb::DB> db_;
  rocksdb::WriteOptions write_;
  rocksdb::ReadOptions read_;
  rocksdb::WriteBatch batch_;
  rocksdb::PinnableSlice value_;
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::kvstore::Library rocksdb("rocksdb", rocksdb::GetRocksVersionAsString());
  rocksdb.add([](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<RocksdbStore>(f, s); });
  return rocksdb.main(argc, argv);
}
