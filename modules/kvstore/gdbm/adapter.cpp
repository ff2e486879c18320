// GNU dbm: one hash file per folder; a commit at the `commit` level is gdbm_sync().
#include <gdbm.h>

#include <cstdlib>
#include <string>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

datum dat(std::string_view s) { return {const_cast<char*>(s.data()), static_cast<int>(s.size())}; }

class GdbmStore final : public kv::Store {
 public:
  GdbmStore(const std::filesystem::path& folder, const kv::Settings& s) : sync_(s.sync) {
    const std::string path = (folder / "kv.gdbm").string();
    db_ = gdbm_open(path.c_str(), 0, GDBM_WRCREAT | GDBM_NOLOCK, 0644, nullptr);
    kv::check(db_ != nullptr, "gdbm_open", gdbm_strerror(gdbm_errno));
  }
  ~GdbmStore() override { close(); }
  void put(std::string_view key, std::string_view value) override {
    kv::check(gdbm_store(db_, dat(key), dat(value), GDBM_REPLACE) == 0, "gdbm_store", gdbm_db_strerror(db_));
  }
  bool remove(std::string_view key) override { return gdbm_delete(db_, dat(key)) == 0; }
  void commit() override {
    if (sync_) kv::check(gdbm_sync(db_) == 0, "gdbm_sync", gdbm_db_strerror(db_));
  }
  std::optional<std::string_view> get(std::string_view key) override {
    std::free(value_.dptr);
    value_ = gdbm_fetch(db_, dat(key));  // malloc'd by GDBM: freed at the next get
    if (!value_.dptr) return std::nullopt;
    return std::string_view(value_.dptr, static_cast<std::size_t>(value_.dsize));
  }
  void scan(const std::function<void(std::string_view, std::string_view)>&) override {
    throw std::logic_error("GDBM keeps no key order");
  }
  std::uint64_t count() override {
    gdbm_count_t n = 0;
    kv::check(gdbm_count(db_, &n) == 0, "gdbm_count", gdbm_db_strerror(db_));
    return n;
  }
  void close() override {
    if (!db_) return;
    std::free(value_.dptr);
    value_.dptr = nullptr;
    kv::check(gdbm_close(db_) == 0, "gdbm_close");
    db_ = nullptr;
  }

 private:
  GDBM_FILE db_ = nullptr;
  bool sync_;
  datum value_{nullptr, 0};
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::kvstore::Library gdbm("gdbm", std::to_string(gdbm_version_number[0]) + "." + std::to_string(gdbm_version_number[1]) + "." +
                                              std::to_string(gdbm_version_number[2]));
  gdbm.add([](const std::filesystem::path& f, const kv::Settings& s) { return std::make_unique<GdbmStore>(f, s); });
  return gdbm.main(argc, argv);
}
