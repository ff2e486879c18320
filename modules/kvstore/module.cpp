// The kvstore module, driver side: its cases, axes and how each trial's proof is checked.
// Definitions (modules/kvstore/README.md): one operation is one put, get or delete of a record
// with a 16-byte key (records.hpp), or one record visited by a scan; a write case's clock ends
// after the engine's own close. The proof, outside the clock: every value read folded into a
// check whose sum has a closed form (records.hpp), hits and misses counted exactly, the database
// reopened after every write case and read back whole (its record count, every value at its
// version), and the adapter's own search for the first wrong key when a sum does not match.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>

#include "cases.hpp"
#include "records.hpp"
#include <benchbox/module.hpp>

namespace {

using benchbox::AxisValue;
using benchbox::CaseContext;
using benchbox::FigureSpec;
using benchbox::TrialProof;
namespace kv = benchbox::kvstore;
using kv::Case;

std::uint64_t axis_of(const CaseContext& c, const char* name) { return static_cast<std::uint64_t>(*c.point.find(name)->number); }

std::uint64_t count_of(const TrialProof& p, const char* name) {
  auto it = p.counts.find(name);
  return it == p.counts.end() ? ~std::uint64_t{0} : it->second;
}

std::string shown(std::uint64_t v) { return v == ~std::uint64_t{0} ? std::string("no count") : std::to_string(v); }

// The full read-back's checksum, the same for every trial at a point: computed once.
std::uint64_t scan_checksum(std::uint64_t n, unsigned version, std::size_t size) {
  static std::mutex lock;
  static std::map<std::tuple<std::uint64_t, unsigned, std::size_t>, std::uint64_t> known;
  const std::lock_guard<std::mutex> hold(lock);
  auto [it, fresh] = known.try_emplace({n, version, size}, 0);
  if (fresh) it->second = kv::scan_checksum(n, version, size);
  return it->second;
}

// The adapter's own search after the clock names the first wrong record, when there was one.
std::optional<std::string> wrong_key(const TrialProof& p) {
  const std::uint64_t key = count_of(p, kv::proof::kWrongKey);
  if (key == ~std::uint64_t{0}) return std::nullopt;
  const auto kind = static_cast<kv::WrongKind>(count_of(p, kv::proof::kWrongKind));
  const std::string name = "key " + kv::key_text(key - 1) + " (record " + std::to_string(key - 1) + ")";
  switch (kind) {
    case kv::WrongKind::missing: return name + ": written, not found";
    case kv::WrongKind::stale_value: return name + ": its value read back is not the value last written";
    case kv::WrongKind::out_of_order: return name + ": the scan did not return it in its place in key order";
    case kv::WrongKind::present: return name + ": deleted, still found";
  }
  return name + ": wrong";
}

std::optional<std::string> expect(const TrialProof& p, const char* count, std::uint64_t expected, const char* what) {
  const std::uint64_t got = count_of(p, count);
  if (got == expected) return std::nullopt;
  return std::string(what) + ": " + shown(got) + ", expected " + std::to_string(expected);
}

std::optional<std::string> verify_reads(Case c, const CaseContext& ctx, const TrialProof& p) {
  const std::uint64_t n = axis_of(ctx, kv::kRecordsAxis);
  const auto size = static_cast<std::size_t>(axis_of(ctx, kv::kValueAxis));
  if (c == Case::readseq) {
    if (p.ops % n) return "asked for " + std::to_string(p.ops) + " records scanned, not whole scans of " + std::to_string(n);
    if (p.checksum != (p.ops / n) * scan_checksum(n, 0, size)) return "the scans' values or their order differ from the records written";
    return std::nullopt;
  }
  const bool present = c == Case::readrandom;
  if (auto e = expect(p, kv::proof::kHits, present ? p.ops : 0, "reads that found their key")) return e;
  if (auto e = expect(p, kv::proof::kMisses, present ? 0 : p.ops, "reads that missed")) return e;
  std::uint64_t sum = 0;
  if (present)
    for (std::uint64_t i = 0; i < p.ops; ++i) sum += kv::expected_check(kv::random_key(i, n), 0, size);
  if (p.checksum != sum) return "the values read differ from the values written";
  return std::nullopt;
}

std::optional<std::string> verify_writes(Case c, const CaseContext& ctx, const TrialProof& p) {
  const std::uint64_t n = axis_of(ctx, kv::kRecordsAxis);
  const auto size = static_cast<std::size_t>(axis_of(ctx, kv::kValueAxis));
  if (p.ops % n) return "asked for " + std::to_string(p.ops) + " writes, not whole rounds of " + std::to_string(n);
  const std::uint64_t rounds = p.ops / n;
  const bool deletes = c == Case::deleterandom;
  if (auto e = expect(p, kv::proof::kUserRecords, p.ops, "records written")) return e;
  const std::uint64_t transaction = axis_of(ctx, kv::kTransactionAxis), commits = rounds * ((n + transaction - 1) / transaction);
  if (auto e = expect(p, kv::proof::kCommits, commits, "transactions committed")) return e;
  const std::uint64_t syncs = count_of(p, kv::proof::kSyncs);
  if (ctx.point.find(kv::kDurabilityAxis)->text == kv::kCommit && (syncs == ~std::uint64_t{0} || syncs < commits))
    return "made " + shown(syncs) + " sync calls for " + std::to_string(commits) + " durable commits: a commit returned before its data were synced";
  if (auto e = expect(p, kv::proof::kRecords, deletes ? 0 : p.ops, "records in the database after close (every round)")) return e;
  const std::uint64_t expected = deletes ? 0 : rounds * scan_checksum(n, kv::version_after(c), size);
  if (p.checksum != expected) return "the values read back after close differ from the values written";
  return std::nullopt;
}

benchbox::Verifier verifier(Case c) {
  return [c](const CaseContext& ctx, const TrialProof& p) -> std::optional<std::string> {
    if (p.done != p.ops) return "made " + std::to_string(p.done) + " operations, asked for " + std::to_string(p.ops);
    if (auto named = wrong_key(p)) return named;
    return kv::writes(c) ? verify_writes(c, ctx, p) : verify_reads(c, ctx, p);
  };
}

benchbox::AxisSpec records_axis() {
  return {.name = kv::kRecordsAxis,
          .min = 1,
          .max = 100'000'000,
          .default_value = "10000",
          .suite = {"10000"},
          .help = "records in the database (keys of 16 bytes)",
          .describe = [](const AxisValue& v) { return v.text + " records"; }};
}

benchbox::AxisSpec value_axis() {
  return {.name = kv::kValueAxis,
          .min = 1,
          .max = 1 << 24,
          .default_value = "100",
          .suite = {"100"},
          .help = "bytes per value",
          .describe = [](const AxisValue& v) { return v.text + " B values"; }};
}

benchbox::AxisSpec durability_axis() {
  return {.name = kv::kDurabilityAxis,
          .choices = {kv::kNone, kv::kCommit},
          .default_value = kv::kNone,
          .suite = {kv::kNone},
          .help = "none: no sync, the engine's fastest documented setting; commit: each transaction durable when its commit returns",
          .describe = [](const AxisValue& v) { return v.text == kv::kNone ? std::string("no sync") : std::string("durable commits"); }};
}

benchbox::AxisSpec transaction_axis() {
  return {.name = kv::kTransactionAxis,
          .min = 1,
          .max = 100'000'000,
          .default_value = "1000",
          .suite = {"1000"},
          .help = "operations per transaction (per commit)",
          .describe = [](const AxisValue& v) { return v.text + " ops/commit"; }};
}

// What a write case reports beside its time: the database's size after close per record written,
// the sync calls per commit, and the bytes the process (every thread of it) caused to be written
// to the device per byte of keys and values.
std::vector<FigureSpec> write_figures() {
  return {{.id = "disk_bytes_per_record",
           .kind = benchbox::FigureKind::bytes,
           .unit = "B/record",
           .label = "disk B/record",
           .description = "the database's files' allocated bytes (st_blocks) after close, per record written",
           .from = kv::proof::kDiskBytes,
           .per = kv::proof::kUserRecords},
          {.id = "syncs_per_commit",
           .kind = benchbox::FigureKind::count,
           .unit = "/commit",
           .label = "syncs/commit",
           .description = "fsync, fdatasync, msync(MS_SYNC) and sync_file_range calls of the process over the timed region, "
                          "per transaction committed (counted by the adapter's own definitions of those calls)",
           .from = kv::proof::kSyncs,
           .per = kv::proof::kCommits},
          {.id = "write_amplification",
           .kind = benchbox::FigureKind::ratio,
           .unit = "x",
           .label = "write amp",
           .description = "bytes the process caused to be written to the device (/proc/self/io write_bytes, open to close) "
                          "per byte of keys and values written",
           .from = kv::proof::kDeviceBytes,
           .per = kv::proof::kUserBytes}};
}

// Calibration's probes and every trial of a write case or a scan are whole rounds of the records.
std::uint64_t whole_rounds(const benchbox::Point& p, std::uint64_t ops) {
  const auto n = static_cast<std::uint64_t>(*p.find(kv::kRecordsAxis)->number);
  return ops <= n ? n : (ops + n - 1) / n * n;
}

std::uint64_t one_round(const benchbox::Point& p) { return static_cast<std::uint64_t>(*p.find(kv::kRecordsAxis)->number); }

const char* const kWriteTimed =
    "a fresh database in a fresh folder opened before the clock (overwrite and deleterandom: filled before it too); "
    "inside: the writes, a commit every TRANSACTION operations, then the engine's close (its flush, sync at `commit`, "
    "background work waited for: each engine's call in its notes); proven after the clock: the database reopened, its "
    "records counted and every value read back against the value last written";

benchbox::CaseSpec write_case(Case c, std::string description) {
  return {.id = kv::case_id(c),
          .unit = c == Case::deleterandom ? "deletes" : "puts",
          .description = std::move(description),
          .timed = kWriteTimed,
          .axes = {records_axis(), value_axis(), durability_axis(), transaction_axis()},
          // A durable commit costs 2.8 ms here, and Kyoto Cabinet's and Tokyo Cabinet's hash databases
          // sync at every write of a transaction: the suite's `commit` point is 100 records, one
          // put a commit, about 100 syncs for every engine (README, "Cases").
          .suite_points = {{"10000", "100", kv::kNone, "1"}, {"10000", "100", kv::kNone, "1000"}, {"100", "100", kv::kCommit, "1"}},
          .extra_figures = write_figures(),
          .first_probe_ops = one_round,
          .legal_ops = whole_rounds,
          .verify = verifier(c)};
}

benchbox::CaseSpec read_case(Case c, std::string unit, std::string description, std::string timed) {
  benchbox::CaseSpec spec{.id = kv::case_id(c),
                          .unit = std::move(unit),
                          .description = std::move(description),
                          .timed = std::move(timed),
                          .axes = {records_axis(), value_axis()},
                          .first_probe_ops = one_round,
                          .verify = verifier(c)};
  if (c == Case::readseq) spec.legal_ops = whole_rounds;
  return spec;
}

const char* const kReadTimed =
    "the database built and closed before the clock, reopened; inside: the gets, each value found folded into a check "
    "(records.hpp); proven after the clock: the checks' sum against its closed form, hits and misses counted exactly";

const benchbox::Module kvstore_module{
    .id = "kvstore",
    .description = "embedded key-value stores at matched durability: puts, gets, scans and deletes, every value read checked",
    .reference_note = "reads: an in-memory open-addressing table of the same records; writes: the records appended to one "
                      "file with large writes, and at `commit` one write and one fdatasync per transaction: this file "
                      "system's limit",
    .default_processes = 3,
    .cases = {
        write_case(Case::fillseq, "put N records into a fresh database in key order"),
        write_case(Case::fillrandom, "put N records into a fresh database in a random order"),
        write_case(Case::overwrite, "put a new value for each of N records in a random order"),
        read_case(Case::readrandom, "gets", "get present keys chosen at random", kReadTimed),
        read_case(Case::readmissing, "gets", "get absent keys chosen at random (between present keys in key order)", kReadTimed),
        read_case(Case::readseq, "records",
                  "scan every record in key order (n/a for hash engines: they keep no order)",
                  "the database built and closed before the clock, reopened; inside: whole scans with a cursor, each value "
                  "folded into a check weighted by its place; proven after the clock: that sum (every key once, in order)"),
        write_case(Case::deleterandom, "delete each of N records in a random order"),
    }};

const benchbox::ModuleRegistration registration{kvstore_module};

}  // namespace
