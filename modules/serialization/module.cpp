// The serialization module, driver side: its cases, its axis and how each trial's proof is checked.
// Definitions (modules/serialization/README.md):
//  - serialize RECORDS: one operation is the library's object graph of a message of RECORDS
//    records (workload.hpp) encoded into bytes by the library's call;
//  - deserialize RECORDS: one operation is the library's own bytes of that message decoded into a
//    fresh object (for a zero-copy format: what its API gives to read fields), then that object's end;
//  - access RECORDS: deserialize, then every field read through the library's accessors;
//  - on every row, the size: bytes on the wire per message, exact (the same on every call).
// The proof, outside the clock: the adapter walks the decoded graph (serialize: the last call's
// bytes decoded; the others: the last call's object) and compares it field by field with the
// original; its checksum is checked here against the original's, computed here.
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cases.hpp"
#include "workload.hpp"
#include <benchbox/module.hpp>

namespace {

using benchbox::AxisValue;
using benchbox::CaseContext;
using benchbox::FigureSpec;
using benchbox::TrialProof;
namespace ser = benchbox::serialization;
using ser::Case;

// The original graph's walks, computed once per size: its checksum and its Touch sum.
struct Expected {
  std::uint64_t checksum = 0;
  std::uint64_t touched = 0;
};

const Expected& expected(std::int64_t records) {
  static std::map<std::int64_t, Expected> computed;
  auto [it, fresh] = computed.try_emplace(records);
  if (fresh) {
    const auto batch = ser::workload::generate(static_cast<std::size_t>(records));
    it->second = {ser::workload::folded<ser::workload::Checksum>(batch).h, ser::workload::folded<ser::workload::Touch>(batch).sum};
  }
  return it->second;
}

std::optional<std::string> count_is(const TrialProof& p, const char* name, std::uint64_t want, const std::string& what) {
  auto it = p.counts.find(name);
  if (it == p.counts.end()) return "the adapter reported no '" + std::string(name) + "' count";
  if (it->second != want) return what + ": " + std::to_string(it->second) + ", expected " + std::to_string(want);
  return std::nullopt;
}

std::optional<std::string> verify(Case kind, const CaseContext& c, const TrialProof& p) {
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " messages, asked for " + std::to_string(p.ops);
  const Expected& want = expected(*c.point.first().number);
  if (p.checksum != want.checksum)
    return "the decoded message's checksum " + std::to_string(p.checksum) + " is not the original's " + std::to_string(want.checksum) +
           " (a field lost or changed)";
  if (auto wrong = count_is(p, ser::proof::kMessages, p.done, "messages")) return wrong;
  auto size = p.counts.find(ser::proof::kSize);
  if (size == p.counts.end() || size->second == 0) return std::string("the adapter reported no size");
  if (auto wrong = count_is(p, ser::proof::kWireBytes, size->second * p.done, "bytes on the wire of all calls (every call the same size)"))
    return wrong;
  if (kind == Case::access)
    if (auto wrong = count_is(p, ser::proof::kTouched, want.touched, "the sum of every field read")) return wrong;
  if (const AxisValue* heap = c.point.find(ser::kHeapAxis); heap && heap->text != ser::kDefaultHeap) {
    const bool no_mmap = heap->text == ser::kNoTrimNoMmapHeap;
    const std::string in = " in the adapter's process (heap " + heap->text;
    if (auto wrong = count_is(p, ser::proof::kTrimThreshold, ser::kNoTrimThreshold, std::string("glibc's ") + ser::kTrimTunable + in + " sets it)"))
      return wrong;
    if (auto wrong = count_is(p, ser::proof::kMmapThreshold, no_mmap ? ser::kNoMmapThreshold : 0,
                              std::string("glibc's ") + ser::kMmapTunable + in + (no_mmap ? " sets it)" : " leaves it unset)")))
      return wrong;
  }
  return std::nullopt;
}

benchbox::AxisSpec records_axis() {
  return {.name = ser::kRecordsAxis,
          .min = 1,
          .max = 1 << 20,
          .default_value = "1",
          .suite = {"1", "64", "6400"},
          .help = "records per message: 1 (a message of about a hundred bytes) to 6400 (a batch of about a megabyte) and beyond",
          .describe = [](const AxisValue& v) { return std::to_string(*v.number) + (*v.number == 1 ? " record" : " records"); }};
}

// glibc's heap settings: its defaults, or its trimming off as a user turns it off, in the
// environment, alone or with large blocks kept in the heap too (README, "Design choices that move a
// figure": the heap's history moves the rows with many page faults). Optional, `default` in the
// suite: its points are those of before.
std::string heap_label(const AxisValue& v) {
  if (v.text == ser::kNoTrimHeap) return "trimming off";
  if (v.text == ser::kNoTrimNoMmapHeap) return "trimming and mmap off";
  return "glibc's heap as is";
}

std::string tunables_of(const AxisValue& v) {
  const std::string trim = std::string(ser::kTrimTunable) + "=" + std::to_string(ser::kNoTrimThreshold);
  if (v.text == ser::kNoTrimHeap) return trim;
  if (v.text == ser::kNoTrimNoMmapHeap) return trim + ":" + ser::kMmapTunable + "=" + std::to_string(ser::kNoMmapThreshold);
  return "";
}

benchbox::AxisSpec heap_axis() {
  return {.name = ser::kHeapAxis,
          .choices = {ser::kDefaultHeap, ser::kNoTrimHeap, ser::kNoTrimNoMmapHeap},
          .default_value = ser::kDefaultHeap,
          .suite = {ser::kDefaultHeap},
          .help = "glibc's heap: default (as a program gets it), no-trim (GLIBC_TUNABLES=" +
                  tunables_of(AxisValue::named(ser::kNoTrimHeap)) + ": it keeps its heap's free top, and its mmap threshold "
                  "stays at 128 KiB) or no-trim-no-mmap (" + tunables_of(AxisValue::named(ser::kNoTrimNoMmapHeap)) +
                  ": blocks up to 32 MiB from the heap too)",
          .describe = heap_label,
          .optional = true,
          .env = [](const AxisValue& v) {
            std::vector<std::pair<std::string, std::string>> env;
            if (const std::string tunables = tunables_of(v); !tunables.empty()) env.emplace_back("GLIBC_TUNABLES", tunables);
            return env;
          }};
}

// "6400 records", and the heap's settings where they are not the default.
std::string point_label(const benchbox::Point& p) {
  const auto n = *p.first().number;
  std::string out = std::to_string(n) + (n == 1 ? " record" : " records");
  if (const AxisValue* heap = p.find(ser::kHeapAxis); heap && heap->text != ser::kDefaultHeap) out += ", " + heap_label(*heap);
  return out;
}

// Bytes per message: exact, and traded against the time (the frontier: rows no other row beats on both).
FigureSpec size_figure() {
  FigureSpec f = FigureSpec::bytes("bytes_per_message", "message", "bytes on the wire per message");
  f.from = ser::proof::kWireBytes;
  f.per = ser::proof::kMessages;
  f.summary = benchbox::FigureSummary::exact;
  f.trade_off = true;
  return f;
}

// Minor page faults per message in the clock: memory the heap gave back and faults in again (heap
// history: a figure that moves the time of large messages, shown beside it).
FigureSpec faults_figure() {
  FigureSpec f = FigureSpec::count("faults", "message", "minor page faults per message in the clock (memory the heap gave back, faulted in again)");
  f.from = ser::proof::kPageFaults;
  f.per = ser::proof::kMessages;
  return f;
}

benchbox::CaseSpec make_case(Case c, std::string unit, std::string description, std::string timed) {
  return {.id = ser::case_id(c),
          .unit = std::move(unit),
          .description = std::move(description),
          .timed = std::move(timed),
          .axes = {records_axis(), heap_axis()},
          .extra_figures = {size_figure(), faults_figure()},
          // About 64 KB of records a probe: calibration starts near its goal at every size.
          .first_probe_ops = [](const benchbox::Point& p) -> std::uint64_t {
            return std::max<std::uint64_t>(1, 512 / static_cast<std::uint64_t>(*p.first().number));
          },
          .verify = [c](const CaseContext& context, const TrialProof& p) { return verify(c, context, p); },
          .describe_point = point_label};
}

const benchbox::Module serialization_module{
    .id = "serialization",
    .description = "binary serialization libraries on one schema of records: serialize, deserialize, read every field; bytes on the wire, memory",
    .reference_note = "the fields laid out as packed structs, copied by memcpy (serialize) and read in place (deserialize, access): the limit of any library",
    .cases = {
        make_case(Case::serialize, "messages", "the library's object graph of a message encoded into bytes",
                  "the library's encode call on its object graph (made before the clock), into its output buffer, sizes "
                  "summed in a local; proven after the clock: the last call's bytes decoded by the library and compared "
                  "field by field with the original, every call the same size"),
        make_case(Case::deserialize, "messages", "the library's bytes of a message decoded into a fresh object, then its end",
                  "the library's decode call on its own bytes (made before the clock) into a fresh object each time, and "
                  "that object's end; proven with the clock paused: the last call's object compared field by field with "
                  "the original"),
        make_case(Case::access, "messages", "deserialize, then every field read through the library's accessors",
                  "deserialize's calls, then every field of the object read through the library's accessors and added "
                  "up (strings: length and first byte); proven: the sum of all calls, and the last object compared "
                  "field by field with the original"),
    }};

const benchbox::ModuleRegistration registration{serialization_module};

}  // namespace
