// The kvstore cases written once for every engine: the records made before the clock, the timed
// loops, the folder each database lives in, and the proof after the clock (modules/kvstore/README.md).
#pragma once

#include <benchbox/adapter.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../cases.hpp"
#include "../records.hpp"
#include "store.hpp"
#include "sync_counter.hpp"

namespace benchbox::kvstore {

namespace fs = std::filesystem;

// The records of a point: every key (and every missing key) and every value, made once.
struct Records {
  std::uint64_t n = 0;
  std::size_t size = 0;
  std::vector<char> keys, missing, values[2];  // values by version
  std::uint64_t scan_sums[2] = {0, 0};           // scan_checksum by version, once computed

  Records(std::uint64_t records, std::size_t value_bytes) : n(records), size(value_bytes) {
    // Both versions of every value may be made (overwrite): refuse a point that needs over a
    // quarter of this machine's memory for them, before allocating.
    const std::uint64_t need = n * (2 * kKeyBytes + 2 * size + 4);
    const auto memory = static_cast<std::uint64_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<std::uint64_t>(sysconf(_SC_PAGE_SIZE));
    if (need > memory / 4)
      throw NotApplicable("the point's keys and values need " + std::to_string(need >> 20) + " MiB, over a quarter of this machine's memory");
    keys.resize(n * kKeyBytes);
    missing.resize(n * kKeyBytes);
    for (std::uint64_t k = 0; k < n; ++k) {
      key_of(k, keys.data() + k * kKeyBytes);
      key_of(k, missing.data() + k * kKeyBytes, 'b');
    }
  }
  std::string_view key(std::uint64_t k) const { return {keys.data() + k * kKeyBytes, kKeyBytes}; }
  // Record k's value at `version`; every value of that version is made at the first call, which
  // the cases make before their first clock.
  std::string_view value(std::uint64_t k, unsigned version) {
    std::vector<char>& v = values[version];
    if (v.empty()) {
      v.resize(n * size);
      for (std::uint64_t r = 0; r < n; ++r) value_of(r, version, size, v.data() + r * size);
    }
    return {v.data() + k * size, size};
  }
  std::uint64_t scan_sum(unsigned version) {
    if (!scan_sums[version]) scan_sums[version] = scan_checksum(n, version, size);
    return scan_sums[version];
  }
};

// Where this process's databases live: $BENCHBOX_KVSTORE_DIR, else in a build tree (the adapter
// at <build>/libexec/benchbox/kvstore/bin/) <build>/kvstore-databases, on the build's file system,
// else /var/tmp (disk, where /tmp may be memory); a folder of the process's own, removed at exit.
inline fs::path databases_base() {
  if (const char* dir = std::getenv("BENCHBOX_KVSTORE_DIR")) return dir;
  std::error_code ec;
  const fs::path build = fs::read_symlink("/proc/self/exe", ec).parent_path().parent_path().parent_path().parent_path().parent_path();
  if (!ec && fs::exists(build / "CMakeCache.txt")) {
    fs::create_directories(build / "kvstore-databases", ec);
    if (!ec) return build / "kvstore-databases";
  }
  return "/var/tmp";
}

inline const fs::path& process_folder() {
  static const struct Folder {
    fs::path path;
    Folder() {
      std::string name = (databases_base() / "kvstore-XXXXXX").string();
      check(mkdtemp(name.data()) != nullptr, "mkdtemp", name);
      path = name;
    }
    ~Folder() {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  } folder;
  return folder.path;
}

// A fresh, empty folder for one database.
inline fs::path fresh_folder() {
  static std::uint64_t made = 0;
  fs::path p = process_folder() / ("db" + std::to_string(made++));
  fs::create_directories(p);
  return p;
}

// The allocated bytes (st_blocks) of every file under the folder, as du counts them.
inline std::uint64_t disk_bytes(const fs::path& folder) {
  std::uint64_t bytes = 0;
  for (const auto& e : fs::recursive_directory_iterator(folder)) {
    struct stat st {};
    if (lstat(e.path().c_str(), &st) == 0 && S_ISREG(st.st_mode)) bytes += static_cast<std::uint64_t>(st.st_blocks) * 512;
  }
  return bytes;
}

// The bytes this process and its threads caused to be written to the device (/proc/self/io).
inline std::uint64_t device_write_bytes() {
  std::ifstream io("/proc/self/io");
  std::string name;
  std::uint64_t value = 0;
  while (io >> name >> value)
    if (name == "write_bytes:") return value;
  return 0;
}

// Puts records [0, n) at `version` in `order` (null: key order), `batch` to a transaction.
inline void put_all(Store& s, Records& r, unsigned version, const std::uint32_t* order, std::uint64_t batch) {
  for (std::uint64_t i = 0; i < r.n; ++i) {
    const std::uint64_t k = order ? order[i] : i;
    if (i % batch == 0) s.begin();
    s.put(r.key(k), r.value(k, version));
    if ((i + 1) % batch == 0 || i + 1 == r.n) s.commit();
  }
}

// Every file under the folder synced: its pages clean, so that the next writes dirty them again
// and /proc/self/io counts them (a page dirtied twice before its write-back is counted once).
inline void sync_folder(const fs::path& folder) {
  for (const auto& e : fs::recursive_directory_iterator(folder)) {
    if (!e.is_regular_file()) continue;
    const int fd = ::open(e.path().c_str(), O_RDONLY | O_CLOEXEC);
    check(fd >= 0 && fsync(fd) == 0, "fsync", e.path().string());
    ::close(fd);
  }
}

// A database of the point's records at version 0, built in transactions of 10000 at `none`,
// closed and synced, in a fresh folder.
inline fs::path built(const Opener& open, Records& r) {
  fs::path folder = fresh_folder();
  auto s = open(folder, Settings{.sync = false});
  put_all(*s, r, 0, nullptr, 10000);
  s->close();
  s.reset();
  sync_folder(folder);
  return folder;
}

// The first record the database holds wrongly (every record at `version`, or none where
// `deleted`), as the proof's counts; false when every record is right.
inline bool report_first_wrong(Trial& t, Store& s, Records& r, unsigned version, bool deleted) {
  for (std::uint64_t k = 0; k < r.n; ++k) {
    const auto v = s.get(r.key(k));
    WrongKind kind{};
    if (deleted && v) kind = WrongKind::present;
    else if (!deleted && !v) kind = WrongKind::missing;
    else if (!deleted && *v != r.value(k, version)) kind = WrongKind::stale_value;
    else continue;
    t.count(proof::kWrongKey, k + 1);
    t.count(proof::kWrongKind, static_cast<std::uint64_t>(kind));
    return true;
  }
  return false;
}

// The proof of one round of a write case: the database reopened, its records counted, every
// record read back in key order, weighted by position (records.hpp's scan_checksum).
struct ReadBack {
  std::uint64_t records = 0, checksum = 0;
  bool wrong = false;
};
inline ReadBack read_back(Trial& t, const Opener& open, const fs::path& folder, Records& r, unsigned version, bool deleted) {
  auto s = open(folder, Settings{.sync = false});
  ReadBack out{.records = s->count()};
  for (std::uint64_t k = 0; k < r.n; ++k)
    if (const auto v = s->get(r.key(k))) out.checksum += (k + 1) * value_check(v->data(), v->size());
  const std::uint64_t expected = deleted ? 0 : r.scan_sum(version);
  if (out.checksum != expected) out.wrong = report_first_wrong(t, *s, r, version, deleted);
  s->close();
  return out;
}

}  // namespace benchbox::kvstore

namespace benchbox::kvstore {

// One round of a write case on a fresh database: the folder, made before the clock, and the
// database opened in it (filled first for overwrite and deleterandom).
inline std::unique_ptr<Store> prepare_round(Case c, const Opener& open, Records& r, const Settings& settings, fs::path& folder) {
  if (c == Case::overwrite || c == Case::deleterandom) {
    folder = built(open, r);
  } else {
    folder = fresh_folder();
  }
  return open(folder, settings);
}

// The timed writes of one round: every record once, in the case's order, `batch` to a
// transaction, then the engine's close.
inline void write_round(Case c, Store& s, Records& r, const std::uint32_t* order, std::uint64_t batch) {
  if (c != Case::deleterandom) {
    put_all(s, r, version_after(c), order, batch);
  } else {
    std::uint64_t absent = 0;
    for (std::uint64_t i = 0; i < r.n; ++i) {
      if (i % batch == 0) s.begin();
      absent += !s.remove(r.key(order[i]));
      if ((i + 1) % batch == 0 || i + 1 == r.n) s.commit();
    }
    if (absent) throw std::runtime_error(std::to_string(absent) + " deletes found no record");
  }
  s.close();
}

// fillseq, fillrandom, overwrite, deleterandom: ops / N rounds, each on a fresh database; the
// set-up of every round but the first and every round's proof are paused out of the clock.
inline void run_writes(Trial& t, Case c, const Opener& open) {
  static Records r(static_cast<std::uint64_t>(t.axis_number(kRecordsAxis)), static_cast<std::size_t>(t.axis_number(kValueAxis)));
  static const std::vector<std::uint32_t> order = c == Case::fillseq ? std::vector<std::uint32_t>{} : shuffled(r.n);
  r.value(0, version_after(c));  // the values this case writes, made before the first clock
  const Settings settings{.sync = t.axis_text(kDurabilityAxis) == kCommit};
  const auto batch = static_cast<std::uint64_t>(t.axis_number(kTransactionAxis));
  const std::uint64_t rounds = t.ops() / r.n;
  const bool deleted = c == Case::deleterandom;
  std::uint64_t records = 0, checksum = 0, disk = 0, device = 0, syncs = 0;
  bool wrong = false;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    fs::path folder;
    auto s = prepare_round(c, open, r, settings, folder);
    const std::uint64_t written_before = device_write_bytes(), syncs_before = sync_calls.load();
    round == 0 ? t.start() : t.resume();
    write_round(c, *s, r, order.empty() ? nullptr : order.data(), batch);
    round + 1 == rounds ? t.stop() : t.pause();
    syncs += sync_calls.load() - syncs_before;
    device += device_write_bytes() - written_before;
    s.reset();
    disk += disk_bytes(folder);
    if (!wrong) {
      const ReadBack back = read_back(t, open, folder, r, version_after(c), deleted);
      records += back.records;
      checksum += back.checksum;
      wrong = back.wrong;
    }
    fs::remove_all(folder);
  }
  t.count(proof::kRecords, records);
  t.count(proof::kUserRecords, rounds * r.n);
  t.count(proof::kUserBytes, rounds * r.n * (kKeyBytes + (deleted ? 0 : r.size)));
  t.count(proof::kDiskBytes, disk);
  t.count(proof::kDeviceBytes, device);
  t.count(proof::kSyncs, syncs);
  t.count(proof::kCommits, rounds * ((r.n + batch - 1) / batch));
  t.finish(rounds * r.n, checksum);
}

// The database the read cases of this process read: built once, before the first clock, then
// reopened at `none`.
inline Store& read_database(const Opener& open, Records& r) {
  static std::unique_ptr<Store> s = [&] {
    const fs::path folder = built(open, r);
    return open(folder, Settings{.sync = false});
  }();
  return *s;
}

// readrandom, readmissing: `ops` gets of keys chosen at random (records.hpp's random_key), each
// value found folded into a check.
inline void run_reads(Trial& t, Case c, const Opener& open) {
  static Records r(static_cast<std::uint64_t>(t.axis_number(kRecordsAxis)), static_cast<std::size_t>(t.axis_number(kValueAxis)));
  Store& s = read_database(open, r);
  const bool present = c == Case::readrandom;
  const char* keys = present ? r.keys.data() : r.missing.data();
  const std::uint64_t ops = t.ops(), n = r.n;
  std::uint64_t hits = 0, sum = 0;
  t.start();
  for (std::uint64_t i = 0; i < ops; ++i) {
    if (const auto v = s.get({keys + random_key(i, n) * kKeyBytes, kKeyBytes})) {
      ++hits;
      sum += value_check(v->data(), v->size());
    }
  }
  t.stop();
  if (present) {
    std::uint64_t expected = 0;
    for (std::uint64_t i = 0; i < ops; ++i) expected += expected_check(random_key(i, n), 0, r.size);
    if (expected != sum) report_first_wrong(t, s, r, 0, false);
  }
  t.count(proof::kHits, hits);
  t.count(proof::kMisses, ops - hits);
  t.finish(ops, sum);
}

// The first place a scan of the database differs from the records in key order, as the proof's counts.
inline void report_scan_order(Trial& t, Store& s, Records& r) {
  std::uint64_t at = 0, first = 0;
  s.scan([&](std::string_view key, std::string_view value) {
    if (!first && (at >= r.n || key != r.key(at) || value != r.value(at, 0))) first = at + 1;
    ++at;
  });
  if (!first && at != r.n) first = at + 1;
  if (!first) return;
  t.count(proof::kWrongKey, first < r.n + 1 ? first : r.n);
  t.count(proof::kWrongKind, static_cast<std::uint64_t>(WrongKind::out_of_order));
}

// readseq: ops / N whole scans, each record's value folded into a check weighted by its place.
inline void run_scans(Trial& t, const Opener& open) {
  static Records r(static_cast<std::uint64_t>(t.axis_number(kRecordsAxis)), static_cast<std::size_t>(t.axis_number(kValueAxis)));
  Store& s = read_database(open, r);
  const std::uint64_t rounds = t.ops() / r.n;
  std::uint64_t visited = 0, sum = 0;
  t.start();
  for (std::uint64_t round = 0; round < rounds; ++round) {
    std::uint64_t place = 0;
    s.scan([&](std::string_view, std::string_view value) { sum += ++place * value_check(value.data(), value.size()); });
    visited += place;
  }
  t.stop();
  if (sum != rounds * r.scan_sum(0)) report_scan_order(t, s, r);
  t.finish(visited, sum);
}

}  // namespace benchbox::kvstore
