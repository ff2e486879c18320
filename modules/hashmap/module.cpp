// The hashmap module, driver side: its cases, units and how each trial's proof is checked.
// Keys and values come from common/keys.hpp, the generator every adapter uses, or from a user's
// key file read with common/key_file.hpp, the adapters' parser; the expected checksums below are
// computed from them, never taken from an adapter.
// The 64-bit cases have two axes: elements, then keys (random, dense, strided; find and insert
// also a key file), optional: at random, the default, a point is `1000000` as before the axis. The
// string cases have elements alone.
//  - insert / insert-string: ops/N rounds, each inserting keys 0..N-1 into a new empty map.
//  - find / find-string: ops lookups of present keys, cycling through them in a seeded random order.
//  - find-miss: ops lookups of absent keys (keys N..2N-1).
//  - erase: ops steps at a steady size N, each erasing a present key and inserting a new one.
//  - iterate: ops/N full passes over the map, summing the values.
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "common/key_file.hpp"
#include "common/keys.hpp"
#include <benchbox/module.hpp>

namespace {

using benchbox::CaseContext;
using benchbox::FigureSpec;
using benchbox::AxisValue;
using benchbox::TrialProof;
namespace hm = benchbox::hashmap;

std::uint64_t elements_of(const benchbox::Point& p) { return static_cast<std::uint64_t>(p.first().number.value_or(0)); }
std::uint64_t elements(const CaseContext& c) { return elements_of(c.point); }

// Key files, each read and checked once (when its value is parsed), then used to size and check the
// point and to verify every trial. Entries are never changed nor removed: references stay valid.
const hm::KeyFile& key_file(const std::string& path) {
  static std::mutex lock;
  static std::map<std::string, hm::KeyFile> files;
  std::lock_guard guard(lock);
  auto it = files.find(path);
  if (it == files.end()) it = files.emplace(path, hm::read_key_file(path)).first;
  return it->second;
}

// The values the adapters store with key i of a point: those of its key set (a point without the
// keys axis has random keys), or those bound to a key file's lines.
struct Values {
  hm::KeySet set = hm::KeySet::random;
  const hm::KeyFile* file = nullptr;
  std::uint64_t operator()(std::uint64_t i) const { return file ? hm::file_value(i, file->keys[i]) : hm::set_value(set, i); }
  bool operator==(const Values&) const = default;
};

Values values_of(const CaseContext& c) {
  const AxisValue* keys = c.point.find(hm::kKeysAxis);
  if (!keys) return {};
  if (keys->file) return {.file = &key_file(keys->text)};
  return {.set = hm::key_set_named(keys->text).value_or(hm::KeySet::random)};  // the axis's choices: always named
}

std::uint64_t count(const TrialProof& p, const std::string& name) {
  auto it = p.counts.find(name);
  return it == p.counts.end() ? ~std::uint64_t{0} : it->second;
}

// Checks each named count; the first mismatch is the error.
std::optional<std::string> expect_counts(const TrialProof& p, std::initializer_list<std::pair<const char*, std::uint64_t>> want) {
  for (const auto& [name, value] : want) {
    const auto got = count(p, name);
    if (got == ~std::uint64_t{0}) return std::string("the adapter reported no '") + name + "' count";
    if (got != value) return std::string(name) + " " + std::to_string(got) + ", expected " + std::to_string(value);
  }
  return std::nullopt;
}

std::optional<std::string> expect_checksum(const TrialProof& p, std::uint64_t want, const char* what) {
  if (p.checksum == want) return std::nullopt;
  return "checksum " + std::to_string(p.checksum) + " != " + std::to_string(want) + " (" + what + ")";
}

std::optional<std::string> whole_rounds(const CaseContext& c, const TrialProof& p, const char* what) {
  const auto n = elements(c);
  if (n == 0 || p.ops % n != 0) return "ops " + std::to_string(p.ops) + " is not a whole number of " + what;
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " operations, asked for " + std::to_string(p.ops);
  return std::nullopt;
}

// Sum of the values of keys 0..n-1 (pool A) or n..2n-1 (pool B), cached: the driver verifies
// every trial of a row with the same N and keys.
std::uint64_t pool_sum(const Values& values, std::uint64_t n, bool second) {
  static std::mutex lock;
  static std::uint64_t cached_n = 0, a = 0, b = 0;
  static Values cached_values;
  std::lock_guard guard(lock);
  if (cached_n != n || !(cached_values == values)) {
    a = b = 0;
    for (std::uint64_t i = 0; i < n; ++i) a += values(i);
    for (std::uint64_t i = n; i < 2 * n && !values.file; ++i) b += values(i);  // a key file has no second pool
    cached_n = n;
    cached_values = values;
  }
  return second ? b : a;
}

// find: the sum of the values of the first `ops` lookups in the generator's order.
std::uint64_t find_sum(const Values& values, std::uint64_t n, std::uint64_t ops) {
  static std::mutex lock;
  static std::uint64_t cached_n = 0;
  static Values cached_values;
  static std::vector<std::uint64_t> prefix;  // prefix[j]: values of the first j keys of the order
  std::lock_guard guard(lock);
  if (cached_n != n || !(cached_values == values)) {
    const auto order = hm::permutation(n, hm::kFindSalt);
    prefix.assign(n + 1, 0);
    for (std::uint64_t j = 0; j < n; ++j) prefix[j + 1] = prefix[j] + values(order[j]);
    cached_n = n;
    cached_values = values;
  }
  return prefix[n] * (ops / n) + prefix[ops % n];
}

std::optional<std::string> verify_insert(const CaseContext& c, const TrialProof& p) {
  if (auto wrong = whole_rounds(c, p, "rounds of N inserts")) return wrong;
  const auto n = elements(c);
  if (auto wrong = expect_counts(p, {{hm::proof::kInserted, p.ops}, {hm::proof::kSize, p.ops}, {hm::proof::kHits, n}}))
    return wrong;
  return expect_checksum(p, pool_sum(values_of(c), n, false), "values of the N keys looked up after the last round");
}

std::optional<std::string> verify_find(const CaseContext& c, const TrialProof& p) {
  const auto n = elements(c);
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " finds, asked for " + std::to_string(p.ops);
  if (auto wrong = expect_counts(p, {{hm::proof::kSize, n}})) return wrong;
  return expect_checksum(p, find_sum(values_of(c), n, p.ops), "sum of the values found");
}

std::optional<std::string> verify_find_miss(const CaseContext& c, const TrialProof& p) {
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " finds, asked for " + std::to_string(p.ops);
  if (auto wrong = expect_counts(p, {{hm::proof::kSize, elements(c)}})) return wrong;
  return expect_checksum(p, 0, "an absent key was found");
}

// erase: prefix sums of both pools' values in index order and in erase order, cached per N and keys.
std::uint64_t erase_sum(const Values& values, std::uint64_t n, std::uint64_t ops) {
  static std::mutex lock;
  static std::uint64_t cached_n = 0;
  static Values cached_values;
  static std::vector<std::uint64_t> prefix[2][2];  // [pool B][erase order]
  std::lock_guard guard(lock);
  if (cached_n != n || !(cached_values == values)) {
    for (int b = 0; b < 2; ++b) {
      const auto order = hm::permutation(n, b ? hm::kEraseSaltB : hm::kEraseSaltA);
      const std::uint64_t first = b ? n : 0;
      for (int permuted = 0; permuted < 2; ++permuted) {
        auto& p = prefix[b][permuted];
        p.assign(n + 1, 0);
        for (std::uint64_t j = 0; j < n; ++j) p[j + 1] = p[j] + values(first + (permuted ? order[j] : j));
      }
    }
    cached_n = n;
    cached_values = values;
  }
  return hm::expected_erase_sum(n, ops, [](bool b, bool permuted, std::uint64_t r) { return prefix[b][permuted][r]; });
}

std::optional<std::string> verify_erase(const CaseContext& c, const TrialProof& p) {
  const auto n = elements(c);
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " replacements, asked for " + std::to_string(p.ops);
  if (auto wrong = expect_counts(
          p, {{hm::proof::kErased, p.ops}, {hm::proof::kInserted, p.ops}, {hm::proof::kSize, n}, {hm::proof::kVisited, n}}))
    return wrong;
  return expect_checksum(p, erase_sum(values_of(c), n, p.ops), "sum of the values in the map at the end");
}

std::optional<std::string> verify_iterate(const CaseContext& c, const TrialProof& p) {
  if (auto wrong = whole_rounds(c, p, "passes over the N elements")) return wrong;
  const auto n = elements(c);
  if (auto wrong = expect_counts(p, {{hm::proof::kSize, n}})) return wrong;
  return expect_checksum(p, pool_sum(values_of(c), n, false) * (p.ops / n), "sum of the values visited");
}

// insert and iterate run whole rounds of N operations.
std::uint64_t whole_rounds_of_n(const benchbox::Point& p, std::uint64_t ops) {
  const auto n = std::max<std::uint64_t>(elements_of(p), 1);
  return (std::max<std::uint64_t>(ops, 1) + n - 1) / n * n;
}

std::string elements_label(const AxisValue& p) { return p.text + (p.number == 1 ? " element" : " elements"); }

benchbox::AxisSpec elements_param(bool strings, bool files) {
  return {.name = hm::kElementsAxis,
          .min = 1,
          .max = strings ? 100'000'000 : hm::kMaxElements,
          .default_value = strings ? "100000" : "1000000",
          .suite = strings ? std::vector<std::string>{"1000", "100000"} : std::vector<std::string>{"1000", "1000000"},
          .help = strings ? "string keys in the map (8 to 64 printable bytes)"
                  : files ? "keys in the map (of a key file: its first N, all of it when the file is given alone)"
                          : "64-bit keys in the map",
          .describe = elements_label};
}

// What keys a case takes: generated strings (elements alone), a named 64-bit key set, or also a
// key file (find and insert: a file gives no absent keys nor a second pool).
enum class Keys { strings, named, named_or_file };

std::string keys_label(const AxisValue& v) { return v.text + " keys"; }

// The driver's one check of a key file (key_file.hpp): unusable, an error line before anything runs.
std::optional<std::string> check_key_file(const std::filesystem::path& path) {
  const hm::KeyFile& f = key_file(path.string());
  if (!f.error.empty()) return f.error;
  return std::nullopt;
}

// A key file given alone (`-n find my-keys.txt`) runs all of its keys.
std::optional<std::string> elements_of_file(const AxisValue& keys) {
  if (!keys.file) return std::nullopt;
  return std::to_string(key_file(keys.text).keys.size());
}

benchbox::AxisSpec keys_param(bool files) {
  std::vector<std::string> names(std::begin(hm::kKeySetNames), std::end(hm::kKeySetNames));
  return {.name = hm::kKeysAxis,
          .choices = names,
          .default_value = hm::kDefaultKeys,
          .suite = {hm::kDefaultKeys},
          .help = std::string("random (the default), dense (ids 1..N), strided (multiples of 2^32)") +
                  (files ? ", or your key file (one key a line; alone after -n CASE: all of it)" : ""),
          .describe = keys_label,
          .user_file = files ? check_key_file : nullptr,
          .optional = true,
          .first_of = elements_of_file};
}

// More elements than a key file holds: refused, not cut, so that a point runs what it says.
std::optional<std::string> refuse_beyond_file(const std::string& case_id, const benchbox::Point& p) {
  const AxisValue* keys = p.find(hm::kKeysAxis);
  if (!keys || !keys->file) return std::nullopt;
  const std::uint64_t count = key_file(keys->text).keys.size();
  if (elements_of(p) <= count) return std::nullopt;
  const std::string name = std::filesystem::path(keys->text).filename().string();
  return "the file holds " + std::to_string(count) + " keys: give at most " + std::to_string(count) +
         " elements, or the file alone (-n " + case_id + " " + name + ") for all of them";
}

std::vector<FigureSpec> memory_figures() {
  return {FigureSpec::bytes(hm::figure::kBytesPerElement, "element",
                            "heap bytes the map holds per element once N elements are in (keys included)")};
}

constexpr const char* kInsertTimed =
    "the inserts of each round into an empty map (no reserve) created and destroyed outside the clock, "
    "counts in locals; proven after the clock: sizes, and every key found with its value on the last map";
constexpr const char* kFindTimed =
    "the lookups over an array of keys (copies, in a random order) into a map built untimed, the sum of the found "
    "values in a local (no hit counter: the sum proves every lookup); proven: that sum against the keys' known values";
constexpr const char* kFindMissTimed =
    "the lookups over an array of absent keys (in index order) into a map built untimed, the sum of anything found in "
    "a local (no hit counter); proven: that sum is 0 (every value is odd, and a hit without a value adds 1)";

benchbox::CaseSpec make_case(std::string id, std::string unit, std::string description, std::string timed, Keys keys,
                             benchbox::Verifier verify, bool rounds) {
  const bool strings = keys == Keys::strings;
  std::vector<benchbox::AxisSpec> axes{elements_param(strings, keys == Keys::named_or_file)};
  if (!strings) axes.push_back(keys_param(keys == Keys::named_or_file));
  benchbox::CaseSpec c{.id = std::move(id),
                       .unit = std::move(unit),
                       .description = std::move(description),
                       .timed = std::move(timed),
                       .axes = std::move(axes),
                       .extra_figures = memory_figures(),
                       // every probe process builds its N-element map first: probe a round of N
                       .first_probe_ops = [](const benchbox::Point& p) { return std::max<std::uint64_t>(elements_of(p), 1); },
                       .verify = std::move(verify)};
  c.refuse_point = [id = c.id](const benchbox::Point& p) { return refuse_beyond_file(id, p); };
  if (rounds) c.legal_ops = whole_rounds_of_n;
  return c;
}

// The suite runs a case at other sizes than the default: every process of a row builds its map
// (10^6 elements: 0.5 to 1.4 s of set-up per process for a node map), so 10^6 stays in the suite for
// the headline case, find, and the others run it by name (`-n insert 1000000`): the suite within
// its three minutes (docs/measurement.md, "Suite durations").
benchbox::CaseSpec with_suite(benchbox::CaseSpec c, std::vector<std::string> sizes) {
  for (auto& axis : c.axes)
    if (axis.name == hm::kElementsAxis) axis.suite = std::move(sizes);
  return c;
}

const benchbox::Module hashmap_module{
    .id = "hashmap",
    .description = "hash maps (and std::map): insert, find, erase, iterate; time and memory per element",
    // Every trial builds its map (10^6 elements at the suite's large points) untimed: three fresh
    // processes per row, not nine, keep the suite within minutes (--processes overrides).
    .default_processes = 3,
    .cases = {
        with_suite(make_case(hm::case_id(hm::Case::insert), "inserts",
                             "insert N distinct 64-bit keys (or a key file's) into an empty map (rounds of N)", kInsertTimed,
                             Keys::named_or_file, verify_insert, true),
                   {"1000", "100000"}),
        make_case(hm::case_id(hm::Case::find), "finds", "look up present keys (64-bit, or a key file's) in a random order",
                  kFindTimed, Keys::named_or_file, verify_find, false),
        with_suite(make_case(hm::case_id(hm::Case::find_miss), "finds", "look up absent keys", kFindMissTimed, Keys::named,
                             verify_find_miss, false),
                   {"1000", "100000"}),
        with_suite(make_case(hm::case_id(hm::Case::erase), "replacements",
                             "at size N, one replacement = erase a present key, then insert a new one",
                             "the erase and insert calls, their results added in locals; proven after the clock: the "
                             "counts, the map's size and the sum of its values by a full visit",
                             Keys::named, verify_erase, false),
                   {"1000", "100000"}),
        with_suite(make_case(hm::case_id(hm::Case::iterate), "visits", "visit every element, summing the values (passes of N)",
                             "passes over the map built untimed, summing the values in a local; proven: the sum and the "
                             "count against the keys' known values",
                             Keys::named, verify_iterate, true),
                   {"1000", "100000"}),
        make_case(hm::case_id(hm::Case::insert_string), "inserts",
                  "insert N distinct string keys (8 to 64 bytes) into an empty map", kInsertTimed, Keys::strings, verify_insert,
                  true),
        make_case(hm::case_id(hm::Case::find_string), "finds", "look up present string keys in a random order", kFindTimed,
                  Keys::strings, verify_find, false),
    }};

const benchbox::ModuleRegistration registration{hashmap_module};

}  // namespace
