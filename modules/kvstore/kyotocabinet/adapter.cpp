// Kyoto Cabinet: its file hash database (HashDB) and its B+ tree database (TreeDB), through the
// same calls; at `commit` a hard transaction per commit, at `none` no transaction.
#include <kchashdb.h>

#include <memory>
#include <string>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

template <class Db>
class KyotoStore final : public kv::Store {
 public:
  KyotoStore(const std::filesystem::path& folder, const kv::Settings& s) : sync_(s.sync) {
    ok(db_.open((folder / "kv.kc").string(), Db::OWRITER | Db::OCREATE), "open");
  }
  ~KyotoStore() override { close(); }
  void begin() override {
    if (sync_) ok(db_.begin_transaction(true), "begin_transaction");
  }
  void commit() override {
    if (sync_) ok(db_.end_transaction(true), "end_transaction");
  }
  void put(std::string_view key, std::string_view value) override { ok(db_.set(key.data(), key.size(), value.data(), value.size()), "set"); }
  bool remove(std::string_view key) override { return db_.remove(key.data(), key.size()); }
  std::optional<std::string_view> get(std::string_view key) override {
    std::size_t size = 0;
    value_.reset(db_.get(key.data(), key.size(), &size));  // new[]'d by Kyoto Cabinet
    if (!value_) return std::nullopt;
    return std::string_view(value_.get(), size);
  }
  void scan(const std::function<void(std::string_view, std::string_view)>& visit) override {
    std::unique_ptr<kyotocabinet::BasicDB::Cursor> cursor(db_.cursor());
    cursor->jump();
    std::size_t key_size, value_size;
    const char* value;
    while (char* key = cursor->get(&key_size, &value, &value_size, true)) {
      const std::unique_ptr<char[]> record(key);  // the key and the value in one new[]'d block
      visit({key, key_size}, {value, value_size});
    }
  }
  std::uint64_t count() override { return static_cast<std::uint64_t>(db_.count()); }
  void close() override {
    if (closed_) return;
    value_.reset();
    ok(db_.close(), "close");
    closed_ = true;
  }

 private:
  void ok(bool done, const char* call) { kv::check(done, call, done ? "" : db_.error().message()); }

  Db db_;
  bool sync_;
  bool closed_ = false;
  std::unique_ptr<char[]> value_;
};

template <class Db>
kv::Opener opener() {
  return [](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<KyotoStore<Db>>(f, s); };
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::kvstore::Library kyoto("kyotocabinet", kyotocabinet::VERSION);
  kyoto.add("hash", opener<kyotocabinet::HashDB>());
  kyoto.add("tree", opener<kyotocabinet::TreeDB>());
  return kyoto.main(argc, argv);
}
