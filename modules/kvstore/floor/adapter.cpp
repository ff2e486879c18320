// benchbox's own store: the kvstore module's reference row. Writes append each record (and each
// delete's tombstone) to one log file: at `none` in writes of 1 MiB, at `commit` one write and one
// fdatasync per transaction. The file is allocated ahead of the log (kAllocateBytes at a time) and
// cut to the log at close: an fdatasync that need not record a new file size costs about 0.7x one
// that must (100 commits of 120 bytes on this machine's ext4), and engines that write into pages
// they allocated earlier (GDBM, Berkeley DB) beat a floor that appended. Opening replays the log into an in-memory open-addressing table (and a
// key-ordered index for scans), which every read then uses: no engine can write with less, or
// read from memory with less.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "../common/kvstore_adapter.hpp"

namespace {

namespace kv = benchbox::kvstore;

constexpr std::size_t kFlushBytes = 1 << 20;
constexpr off_t kAllocateBytes = 64 << 20;
constexpr char kRecordMark = '\xa5';  // each record's first byte; the allocated zeros after the log have none
constexpr std::uint32_t kTombstone = ~std::uint32_t{0};

// Records as [kRecordMark][16-byte key][u32 value length or kTombstone][value].
class LogStore final : public kv::Store {
 public:
  LogStore(const std::filesystem::path& folder, const kv::Settings& s) : sync_(s.sync) {
    const std::string path = (folder / "log").string();
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    kv::check(fd_ >= 0, "open", path);
    load();
  }
  ~LogStore() override {
    if (fd_ >= 0) ::close(fd_);
  }
  void put(std::string_view key, std::string_view value) override {
    append(key, static_cast<std::uint32_t>(value.size()));
    pending_.append(value);
    if (!sync_ && pending_.size() >= kFlushBytes) flush();
  }
  bool remove(std::string_view key) override {
    append(key, kTombstone);
    if (!sync_ && pending_.size() >= kFlushBytes) flush();
    return find(key) != nullptr;  // the table of the log as opened: every key of deleterandom is there
  }
  void commit() override {
    if (!sync_) return;
    flush();
    kv::check(fdatasync(fd_) == 0, "fdatasync");
  }
  std::optional<std::string_view> get(std::string_view key) override {
    const Slot* slot = find(key);
    if (!slot) return std::nullopt;
    return std::string_view(arena_.data() + slot->value, slot->size);
  }
  void scan(const std::function<void(std::string_view, std::string_view)>& visit) override {
    for (const std::uint32_t i : ordered_) {
      const Slot& s = slots_[i];
      visit({arena_.data() + s.key, kv::kKeyBytes}, {arena_.data() + s.value, s.size});
    }
  }
  std::uint64_t count() override { return live_; }
  void close() override {
    flush();
    kv::check(ftruncate(fd_, end_) == 0, "ftruncate");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  struct Slot {
    std::uint64_t key = 0, value = 0;  // offsets in the arena
    std::uint32_t size = 0;
    bool used = false, live = false;
  };

  void append(std::string_view key, std::uint32_t size) {
    pending_.push_back(kRecordMark);
    pending_.append(key);
    pending_.append(reinterpret_cast<const char*>(&size), sizeof size);
  }
  void flush() {
    const off_t needed = end_ + static_cast<off_t>(pending_.size());
    if (needed > allocated_) {
      allocated_ = (needed / kAllocateBytes + 1) * kAllocateBytes;
      kv::check(posix_fallocate(fd_, 0, allocated_) == 0, "posix_fallocate");
    }
    for (std::size_t at = 0; at < pending_.size();) {
      const ssize_t n = ::pwrite(fd_, pending_.data() + at, pending_.size() - at, end_);
      kv::check(n > 0, "write");
      at += static_cast<std::size_t>(n);
      end_ += n;
    }
    pending_.clear();
  }

  std::size_t home(std::string_view key) const { return std::hash<std::string_view>{}(key) & (slots_.size() - 1); }
  const Slot* find(std::string_view key) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = home(key);; i = (i + 1) & (slots_.size() - 1)) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (std::string_view(arena_.data() + s.key, kv::kKeyBytes) == key) return s.live ? &s : nullptr;
    }
  }
  void load();

  int fd_ = -1;
  bool sync_;
  off_t end_ = 0, allocated_ = 0;  // the log's end; the file's allocated size
  std::string pending_;              // appended, not yet written
  std::vector<char> arena_;          // the log as read at open
  std::vector<Slot> slots_;          // a power of two, at most half full
  std::vector<std::uint32_t> ordered_;  // the live slots in key order
  std::uint64_t live_ = 0;
};

// The log replayed: the last record of each key wins, a tombstone removes it.
void LogStore::load() {
  const off_t size = lseek(fd_, 0, SEEK_END);
  arena_.resize(static_cast<std::size_t>(size));
  kv::check(pread(fd_, arena_.data(), arena_.size(), 0) == size, "pread");
  constexpr std::size_t kHeader = 1 + kv::kKeyBytes + sizeof(std::uint32_t);
  std::size_t records = 0, at = 0;
  while (at + kHeader <= arena_.size() && arena_[at] == kRecordMark) {
    std::uint32_t n;
    std::memcpy(&n, arena_.data() + at + 1 + kv::kKeyBytes, sizeof n);
    at += kHeader + (n == kTombstone ? 0 : n);
    ++records;
  }
  end_ = allocated_ = static_cast<off_t>(at);  // a log cut short by a crash ends at its last whole record
  arena_.resize(at);
  std::size_t capacity = 16;
  while (capacity < 2 * records) capacity *= 2;
  slots_.assign(capacity, {});
  for (at = 0; at < arena_.size();) {
    std::uint32_t n;
    std::memcpy(&n, arena_.data() + at + 1 + kv::kKeyBytes, sizeof n);
    const std::string_view key(arena_.data() + at + 1, kv::kKeyBytes);
    std::size_t i = home(key);
    while (slots_[i].used && std::string_view(arena_.data() + slots_[i].key, kv::kKeyBytes) != key) i = (i + 1) & (capacity - 1);
    Slot& s = slots_[i];
    live_ += (n != kTombstone) - s.live;
    s = {.key = at + 1, .value = at + kHeader, .size = n == kTombstone ? 0 : n, .used = true, .live = n != kTombstone};
    at += kHeader + s.size;
  }
  for (std::uint32_t i = 0; i < slots_.size(); ++i)
    if (slots_[i].live) ordered_.push_back(i);
  std::sort(ordered_.begin(), ordered_.end(), [this](std::uint32_t a, std::uint32_t b) {
    return std::memcmp(arena_.data() + slots_[a].key, arena_.data() + slots_[b].key, kv::kKeyBytes) < 0;
  });
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::kvstore::Library floor("floor", BENCHBOX_VERSION);
  floor.add([](const std::filesystem::path& folder, const kv::Settings& s) { return std::make_unique<LogStore>(folder, s); });
  return floor.main(argc, argv);
}
