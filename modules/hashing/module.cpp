// The hashing module, driver side: its cases, axes and how each trial's proof is checked.
// Definitions (modules/hashing/README.md):
//  - bulk ALGORITHM SIZE: one operation is one digest of SIZE bytes by the library's call for one
//    message (its one-shot call where it has one); the figure is ns per hash, with MB/s beside it (small sizes are a latency, large ones
//    a throughput);
//  - keys ALGORITHM: one operation is one digest of a short key (1024 keys of 4-64 bytes, in turn),
//    as a hash table calls it.
// The proof, outside the clock: the digests of the algorithm's published test vectors
// (algorithms.hpp) checked here against the published digests; the digest of the input the last
// timed call made (bulk) or of every key (keys) compared with the other libraries' of the same
// algorithm when the run ends (CaseSpec::same_checksum); the bytes hashed counted exactly. The floor computes no algorithm: its sum
// of the input's words is checked against the sum computed here.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "algorithms.hpp"
#include "cases.hpp"
#include <benchbox/module.hpp>

namespace {

using benchbox::AxisValue;
using benchbox::CaseContext;
using benchbox::TrialProof;
namespace hashing = benchbox::hashing;
using hashing::Case;

std::string fmt_byte(unsigned char b) {
  const char* digits = "0123456789abcdef";
  return {digits[b >> 4], digits[b & 15]};
}

std::vector<std::string> algorithm_names() {
  std::vector<std::string> out;
  for (const auto& a : hashing::algorithms()) out.emplace_back(a.name);
  return out;
}

std::string size_label(std::int64_t n) {
  if (n >= (1 << 20) && n % (1 << 20) == 0) return std::to_string(n >> 20) + " MiB";
  if (n >= 1024 && n % 1024 == 0) return std::to_string(n >> 10) + " KiB";
  return std::to_string(n) + " B";
}

// The bytes the calls of a trial hashed: SIZE per call (bulk), the keys in turn (keys).
std::uint64_t bytes_hashed(const CaseContext& c, std::uint64_t ops) {
  if (const AxisValue* size = c.point.find(hashing::kSizeAxis)) return static_cast<std::uint64_t>(*size->number) * ops;
  static const hashing::KeySet keys = hashing::key_set();
  std::uint64_t bytes = (ops / hashing::kKeys) * keys.total();
  for (std::uint64_t k = 0; k < ops % hashing::kKeys; ++k) bytes += keys.offsets[k + 1] - keys.offsets[k];
  return bytes;
}

// The floor's checksum: the fingerprint of the sum of the input's 64-bit little-endian words (a
// last partial word padded with zeros); for keys, each key's sum's fingerprint, chained.
std::uint64_t word_sum(const std::uint8_t* p, std::size_t n) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < n; i += 8) {
    std::uint64_t w = 0;
    for (std::size_t b = 0; b < 8 && i + b < n; ++b) w |= static_cast<std::uint64_t>(p[i + b]) << (8 * b);
    sum += w;
  }
  return sum;
}

std::uint64_t floor_checksum(const CaseContext& c) {
  auto print = [](std::uint64_t sum, std::uint64_t h) {
    std::uint8_t bytes[8];
    for (int b = 0; b < 8; ++b) bytes[b] = static_cast<std::uint8_t>(sum >> (8 * b));
    return hashing::fingerprint(bytes, 8, h);
  };
  const std::uint64_t start = 14695981039346656037ull;
  if (const AxisValue* size = c.point.find(hashing::kSizeAxis)) {
    const auto in = hashing::input_bytes(static_cast<std::size_t>(*size->number));
    return print(word_sum(in.data(), in.size()), start);
  }
  const hashing::KeySet keys = hashing::key_set();  // each key's sum, chained as the adapter does
  std::uint64_t h = start;
  for (std::size_t k = 0; k < hashing::kKeys; ++k)
    h = print(word_sum(keys.bytes.data() + keys.offsets[k], keys.offsets[k + 1] - keys.offsets[k]), h);
  return h;
}

// A published vector's message as an error message shows it: its text, or its bytes' range.
std::string shown(const hashing::KnownAnswer& k) {
  const bool printable = std::all_of(k.text.begin(), k.text.end(), [](char c) { return c == '\n' || (c >= 0x20 && c < 0x7f); });
  const std::size_t n = hashing::message_length(k);
  const bool cycled = k.length != hashing::kAsRepeated;  // `text` over and over, cut at n bytes
  if (!printable) {
    if (n == 0) return "\"\"";
    auto hex = [](char c) { return fmt_byte(static_cast<unsigned char>(c)); };
    const char last = k.text[std::min(n, k.text.size()) - 1];
    return std::to_string(n) + " bytes " + hex(k.text.front()) + ".." + hex(last) + (n > k.text.size() && cycled ? " over and over" : "");
  }
  const std::string text = "\"" + std::string(k.text) + "\"";
  if (cycled) return std::to_string(n) + " bytes of " + text + " over and over";
  return k.repeat > 1 ? std::to_string(k.repeat) + " x " + text : text;
}

std::optional<std::string> known_answers(const hashing::AlgorithmInfo& a, const TrialProof& p) {
  for (std::size_t i = 0; i < a.known_answers.size(); ++i) {
    const auto& k = a.known_answers[i];
    auto it = p.counts.find(hashing::proof::kKnownAnswerPrefix + std::to_string(i + 1));
    if (it == p.counts.end()) return "the adapter reported no digest of the published test vectors";
    const auto expected = hashing::from_hex(k.digest_hex);
    if (it->second != hashing::fingerprint(expected.data(), expected.size())) {
      return "wrong " + std::string(a.label) + " digest of the published test vector " + shown(k) + " (" +
             std::string(k.source) + "; expected " + std::string(k.digest_hex) + ")";
    }
  }
  return std::nullopt;
}

std::optional<std::string> verify(const CaseContext& c, const TrialProof& p) {
  if (p.done != p.ops) return "made " + std::to_string(p.done) + " digests, asked for " + std::to_string(p.ops);
  auto bytes = p.counts.find(hashing::proof::kBytes);
  const std::uint64_t expected_bytes = bytes_hashed(c, p.ops);
  if (bytes == p.counts.end() || bytes->second != expected_bytes)
    return "hashed " + (bytes == p.counts.end() ? std::string("no count of") : std::to_string(bytes->second)) + " bytes, expected " +
           std::to_string(expected_bytes);
  if (c.reference)  // the floor: a sum of words, no algorithm
    return p.checksum == floor_checksum(c) ? std::nullopt : std::optional<std::string>("the sum of the input's words is wrong");
  const hashing::AlgorithmInfo* a = hashing::find_algorithm(c.point.first().text);
  if (!a) return "no algorithm '" + c.point.first().text + "'";
  return known_answers(*a, p);  // the digests of the input: compared across libraries at the run's end (same_checksum)
}

std::string algorithm_label(const AxisValue& v) {
  const auto* a = hashing::find_algorithm(v.text);
  return a ? std::string(a->label) : v.text;
}

benchbox::AxisSpec algorithm_axis() {
  const auto names = algorithm_names();
  std::string all;
  for (const auto& n : names) all += (all.empty() ? "" : ",") + n;
  return {.name = hashing::kAlgorithmAxis,
          .choices = names,
          .default_value = all,
          .suite = names,
          .help = "the algorithm: " + all,
          .describe = algorithm_label};
}

benchbox::AxisSpec size_axis() {
  return {.name = hashing::kSizeAxis,
          .min = 1,
          .max = 1 << 28,
          .default_value = "16",
          .suite = {"16", "4096", "1048576"},
          .help = "bytes per digest: 16 (a key) to 1048576 (a file) and beyond",
          .describe = [](const AxisValue& v) { return size_label(*v.number); }};
}

// Where the input starts past a 64-byte boundary: a design choice that moves AVX-512 code by up to
// 1.4x (xxhash:dispatch at 100 KiB, README "Design choices"), so a row of its own, on demand. 16 by
// default: where glibc's malloc puts a block of its own (mmap'd, 16 bytes past a page) and where
// xxhsum's buffer starts; before, wherever the vector landed (32 at 100 KiB, 16 at 1 MiB).
benchbox::AxisSpec offset_axis() {
  return {.name = hashing::kOffsetAxis,
          .min = 0,
          .max = 63,
          .default_value = std::to_string(hashing::kDefaultOffset),
          .suite = {std::to_string(hashing::kDefaultOffset)},
          .help = "bytes from a 64-byte boundary to the input's start: 16 (where malloc puts a large block) or any "
                  "of 0 to 63; the AVX-512 rows move with it",
          .describe = [](const AxisValue& v) { return "input at 64n+" + v.text; },
          // Left out of a point at its default: the bulk points of runs before the axis stay the same points.
          .optional = true};
}

// "SHA-256, 16 B": the offset only where it is not the default.
std::string bulk_label(const benchbox::Point& p) {
  std::string out = algorithm_label(p.first());
  if (const AxisValue* size = p.find(hashing::kSizeAxis)) out += ", " + size_label(*size->number);
  if (const AxisValue* offset = p.find(hashing::kOffsetAxis); offset && offset->number != hashing::kDefaultOffset)
    out += ", input at 64n+" + offset->text;
  return out;
}

const char* const kTimed =
    "the library's call for one message (its one-shot call where it has one; library.json's notes say which), each "
    "digest written to a buffer the compiler must keep, the calls independent (a throughput; no call waits for the "
    "last digest) on an input already in cache; proven after the clock: "
    "the digests of the algorithm's published test vectors, the last call's digest (written over a poisoned buffer) "
    "the same as every other library's of the algorithm, the bytes hashed";

const benchbox::Module hashing_module{
    .id = "hashing",
    .description = "hash functions and checksums, each algorithm from every library that has it: ns per hash, MB/s, memory",
    .reference_note = "a vectorised sum of the input's 64-bit words: the limit of any function that reads every byte",
    // A hash's trial is steady CPU work on a buffer already in memory: 10 ms trials (each process
    // warms up first); 548 rows at 9 processes took 196 s of the 180 here, so 5 first (a 94%
    // interval), then the budget's rounds for the open rows (modules/hashing/README.md, "The suite's budget").
    .default_processes = 5,
    .default_target_ms = 10,
    .cases = {
        {.id = hashing::case_id(Case::bulk),
         .unit = "hashes",
         .description = "one digest of SIZE bytes by the library's call for one message, the same input again and again",
         .timed = kTimed,
         .axes = {algorithm_axis(), size_axis(), offset_axis()},
         .rate = {.count = hashing::proof::kBytes, .scale = 1e6, .unit = "MB/s"},
         // About 4 MB a probe (a millisecond at a few GB/s): calibration's probes start near their
         // goal instead of climbing tenfold from 10 hashes, each climb a process.
         .first_probe_ops = [](const benchbox::Point& p) -> std::uint64_t {
           return std::max<std::uint64_t>(10, (std::uint64_t{1} << 22) / static_cast<std::uint64_t>(*p.find(hashing::kSizeAxis)->number));
         },
         .verify = verify,
         .same_checksum = true,
         .ranked = true,
         .rank_within = hashing::kSizeAxis,
         .describe_point = bulk_label},
        {.id = hashing::case_id(Case::keys),
         .unit = "hashes",
         .description = "one digest of a short key: 1024 keys of 4-64 bytes in turn, as a hash table calls it",
         .timed = "the library's call for one message on each key in turn, the first 4 bytes of every digest added up in a local; "
                  "proven after the clock: the sum again from one pass over the keys, their digests the same as every "
                  "other library's, the published test vectors",
         .axes = {algorithm_axis()},
         .rate = {.count = hashing::proof::kBytes, .scale = 1e6, .unit = "MB/s"},
         .first_probe_ops = [](const benchbox::Point&) -> std::uint64_t { return 10'000; },  // about 340 KB
         .verify = verify,
         .same_checksum = true,
         .ranked = true},
    }};

const benchbox::ModuleRegistration registration{hashing_module};

}  // namespace
