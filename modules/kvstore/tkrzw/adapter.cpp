// Tkrzw: its file hash database (HashDBM) and its B+ tree database (TreeDBM), through the same
// calls; a commit at the `commit` level is Synchronize(true).
#include <tkrzw_dbm_hash.h>
#include <tkrzw_dbm_tree.h>
#include <tkrzw_lib_common.h>

#include <memory>
#include <string>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

void ok(const tkrzw::Status& s, const char* call) { kv::check(s.IsOK(), call, s.IsOK() ? "" : s.GetMessage()); }

template <class Dbm>
class TkrzwStore final : public kv::Store {
 public:
  TkrzwStore(const std::filesystem::path& folder, const kv::Settings& s) : sync_(s.sync) {
    ok(dbm_.Open((folder / "kv.tkrzw").string(), true, tkrzw::File::OPEN_DEFAULT), "Open");
  }
  ~TkrzwStore() override { close(); }
  void commit() override {
    if (sync_) ok(dbm_.Synchronize(true), "Synchronize");
  }
  void put(std::string_view key, std::string_view value) override { ok(dbm_.Set(key, value, true), "Set"); }
  bool remove(std::string_view key) override {
    const tkrzw::Status s = dbm_.Remove(key);
    if (s == tkrzw::Status::NOT_FOUND_ERROR) return false;
    ok(s, "Remove");
    return true;
  }
  std::optional<std::string_view> get(std::string_view key) override {
    const tkrzw::Status s = dbm_.Get(key, &value_);
    if (s == tkrzw::Status::NOT_FOUND_ERROR) return std::nullopt;
    ok(s, "Get");
    return value_;
  }
  void scan(const std::function<void(std::string_view, std::string_view)>& visit) override {
    auto it = dbm_.MakeIterator();
    ok(it->First(), "Iterator::First");
    std::string key, value;
    while (it->Get(&key, &value).IsOK()) {
      visit(key, value);
      ok(it->Next(), "Iterator::Next");
    }
  }
  std::uint64_t count() override {
    int64_t n = 0;
    ok(dbm_.Count(&n), "Count");
    return static_cast<std::uint64_t>(n);
  }
  void close() override {
    if (!dbm_.IsOpen()) return;
    ok(dbm_.Close(), "Close");
  }

 private:
  Dbm dbm_;
  bool sync_;
  std::string value_;
};

template <class Dbm>
kv::Opener opener() {
  return [](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<TkrzwStore<Dbm>>(f, s); };
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::kvstore::Library tkrzw("tkrzw", tkrzw::PACKAGE_VERSION);
  tkrzw.add("hash", opener<tkrzw::HashDBM>());
  tkrzw.add("tree", opener<tkrzw::TreeDBM>());
  return tkrzw.main(argc, argv);
}
