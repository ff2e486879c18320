// A test adapter: an in-memory ordered store driven by the module's shared case code, wrong on
// demand (BENCHBOX_KVSTORE_CHEAT), so that the tests see what a real engine's fault would do:
//   none    honest: every row must be verified;
//   drop    the put of record 1234 is lost: fills and reads must fail naming its key;
//   stale   the overwrite of record 1234 is lost, its old value kept: overwrite must fail naming it;
//   keep    the delete of record 1234 is lost: deleterandom must fail naming it;
//   swap    a scan returns records 1234 and 1235 in each other's place: readseq must fail naming 1234;
//   nosync  a commit at `commit` returns without its fdatasync: the row must fail on the sync count.
// The databases live in the process's memory, keyed by folder, so that a reopen finds them; at
// `commit` each commit fdatasyncs a file in the folder, as an engine's log.
#include <fcntl.h>
#include <unistd.h>

#include <map>
#include <string>

#include <benchbox/adapter/environment.hpp>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

const std::string kFaulty = kv::key_text(1234);

class FaultyStore final : public kv::Store {
 public:
  FaultyStore(const std::filesystem::path& folder, const kv::Settings& s, std::map<std::string, std::string>& records, std::string cheat)
      : records_(records), cheat_(std::move(cheat)), sync_(s.sync) {
    fd_ = ::open((folder / "log").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    kv::check(fd_ >= 0, "open");
  }
  ~FaultyStore() override { close(); }
  void commit() override {
    if (sync_ && cheat_ != "nosync") kv::check(fdatasync(fd_) == 0, "fdatasync");
  }
  void put(std::string_view key, std::string_view value) override {
    auto it = records_.find(std::string(key));
    if (key == kFaulty && ((cheat_ == "drop" && it == records_.end()) || (cheat_ == "stale" && it != records_.end()))) return;
    records_[std::string(key)] = value;
  }
  bool remove(std::string_view key) override {
    if (key == kFaulty && cheat_ == "keep") return true;
    return records_.erase(std::string(key)) == 1;
  }
  std::optional<std::string_view> get(std::string_view key) override {
    auto it = records_.find(std::string(key));
    if (it == records_.end()) return std::nullopt;
    return it->second;
  }
  void scan(const std::function<void(std::string_view, std::string_view)>& visit) override {
    for (auto it = records_.begin(); it != records_.end(); ++it) {
      auto next = std::next(it);
      if (cheat_ == "swap" && it->first == kFaulty && next != records_.end()) {
        visit(next->first, next->second);
        visit(it->first, it->second);
        it = next;
        continue;
      }
      visit(it->first, it->second);
    }
  }
  std::uint64_t count() override { return records_.size(); }
  void close() override {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  std::map<std::string, std::string>& records_;
  std::string cheat_;
  bool sync_;
  int fd_ = -1;
};

}  // namespace

int main(int argc, char** argv) {
  static std::map<std::string, std::map<std::string, std::string>> databases;  // folder -> its records
  static const std::string cheat = benchbox::env_or("BENCHBOX_KVSTORE_CHEAT", "none");
  benchbox::kvstore::Library faulty("faulty", "1");
  faulty.add([](const std::filesystem::path& folder, const kv::Settings& s) {
    return std::make_unique<FaultyStore>(folder, s, databases[folder.string()], cheat);
  });
  return faulty.main(argc, argv);
}
