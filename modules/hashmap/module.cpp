// The hashmap module, driver side: its cases, units and how each trial's proof is checked.
// Keys and values come from common/keys.hpp, the generator every adapter uses; the expected
// checksums below are computed from it, never taken from an adapter.
//  - insert / insert-string: ops/N rounds, each inserting keys 0..N-1 into a new empty map.
//  - find / find-string: ops lookups of present keys, cycling through them in a seeded random order.
//  - find-miss: ops lookups of absent keys (keys N..2N-1).
//  - erase: ops steps at a steady size N, each erasing a present key and inserting a new one.
//  - iterate: ops/N full passes over the map, summing the values.
#include <mutex>
#include <string>
#include <vector>

#include "common/keys.hpp"
#include <benchbox/module.hpp>

namespace {

using benchbox::CaseContext;
using benchbox::FigureSpec;
using benchbox::AxisValue;
using benchbox::TrialProof;
namespace hm = benchbox::hashmap;

std::uint64_t elements(const CaseContext& c) { return static_cast<std::uint64_t>(c.point.first().number.value_or(0)); }

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

// Sum of value_of(0..n-1) (pool A) or value_of(n..2n-1) (pool B), cached: the driver verifies
// every trial of a row with the same N.
std::uint64_t pool_sum(std::uint64_t n, bool second) {
  static std::mutex lock;
  static std::uint64_t cached_n = 0, a = 0, b = 0;
  std::lock_guard guard(lock);
  if (cached_n != n) {
    a = hm::value_sum(0, n);
    b = hm::value_sum(n, 2 * n);
    cached_n = n;
  }
  return second ? b : a;
}

// find: the sum of the values of the first `ops` lookups in the generator's order.
std::uint64_t find_sum(std::uint64_t n, std::uint64_t ops) {
  static std::mutex lock;
  static std::uint64_t cached_n = 0;
  static std::vector<std::uint64_t> prefix;  // prefix[j]: values of the first j keys of the order
  std::lock_guard guard(lock);
  if (cached_n != n) {
    const auto order = hm::permutation(n, hm::kFindSalt);
    prefix.assign(n + 1, 0);
    for (std::uint64_t j = 0; j < n; ++j) prefix[j + 1] = prefix[j] + hm::value_of(order[j]);
    cached_n = n;
  }
  return prefix[n] * (ops / n) + prefix[ops % n];
}

std::optional<std::string> verify_insert(const CaseContext& c, const TrialProof& p) {
  if (auto wrong = whole_rounds(c, p, "rounds of N inserts")) return wrong;
  const auto n = elements(c);
  if (auto wrong = expect_counts(p, {{hm::proof::kInserted, p.ops}, {hm::proof::kSize, p.ops}, {hm::proof::kHits, n}}))
    return wrong;
  return expect_checksum(p, pool_sum(n, false), "values of the N keys looked up after the last round");
}

std::optional<std::string> verify_find(const CaseContext& c, const TrialProof& p) {
  const auto n = elements(c);
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " finds, asked for " + std::to_string(p.ops);
  if (auto wrong = expect_counts(p, {{hm::proof::kSize, n}})) return wrong;
  return expect_checksum(p, find_sum(n, p.ops), "sum of the values found");
}

std::optional<std::string> verify_find_miss(const CaseContext& c, const TrialProof& p) {
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " finds, asked for " + std::to_string(p.ops);
  if (auto wrong = expect_counts(p, {{hm::proof::kSize, elements(c)}})) return wrong;
  return expect_checksum(p, 0, "an absent key was found");
}

// erase: prefix sums of both pools' values in index order and in erase order, cached per N.
std::uint64_t erase_sum(std::uint64_t n, std::uint64_t ops) {
  static std::mutex lock;
  static std::uint64_t cached_n = 0;
  static std::vector<std::uint64_t> prefix[2][2];  // [pool B][erase order]
  std::lock_guard guard(lock);
  if (cached_n != n) {
    for (int b = 0; b < 2; ++b) {
      const auto order = hm::permutation(n, b ? hm::kEraseSaltB : hm::kEraseSaltA);
      const std::uint64_t first = b ? n : 0;
      for (int permuted = 0; permuted < 2; ++permuted) {
        auto& p = prefix[b][permuted];
        p.assign(n + 1, 0);
        for (std::uint64_t j = 0; j < n; ++j) p[j + 1] = p[j] + hm::value_of(first + (permuted ? order[j] : j));
      }
    }
    cached_n = n;
  }
  return hm::expected_erase_sum(n, ops, [](bool b, bool permuted, std::uint64_t r) { return prefix[b][permuted][r]; });
}

std::optional<std::string> verify_erase(const CaseContext& c, const TrialProof& p) {
  const auto n = elements(c);
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " replacements, asked for " + std::to_string(p.ops);
  if (auto wrong = expect_counts(
          p, {{hm::proof::kErased, p.ops}, {hm::proof::kInserted, p.ops}, {hm::proof::kSize, n}, {hm::proof::kVisited, n}}))
    return wrong;
  return expect_checksum(p, erase_sum(n, p.ops), "sum of the values in the map at the end");
}

std::optional<std::string> verify_iterate(const CaseContext& c, const TrialProof& p) {
  if (auto wrong = whole_rounds(c, p, "passes over the N elements")) return wrong;
  const auto n = elements(c);
  if (auto wrong = expect_counts(p, {{hm::proof::kSize, n}})) return wrong;
  return expect_checksum(p, pool_sum(n, false) * (p.ops / n), "sum of the values visited");
}

// insert and iterate run whole rounds of N operations.
std::uint64_t whole_rounds_of_n(const benchbox::Point& p, std::uint64_t ops) {
  const auto n = static_cast<std::uint64_t>(std::max<std::int64_t>(p.first().number.value_or(1), 1));
  return (std::max<std::uint64_t>(ops, 1) + n - 1) / n * n;
}

std::string elements_label(const AxisValue& p) { return p.text + (p.number == 1 ? " element" : " elements"); }

benchbox::AxisSpec elements_param(bool strings) {
  return {.name = "elements",
          .min = 1,
          .max = strings ? 100'000'000 : hm::kMaxElements,
          .default_value = strings ? "100000" : "1000000",
          .suite = strings ? std::vector<std::string>{"1000", "100000"} : std::vector<std::string>{"1000", "1000000"},
          .help = strings ? "string keys in the map (8 to 64 printable bytes)" : "64-bit keys in the map",
          .describe = elements_label};
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

benchbox::CaseSpec make_case(std::string id, std::string unit, std::string description, std::string timed,
                             bool strings, benchbox::Verifier verify, bool rounds) {
  benchbox::CaseSpec c{.id = std::move(id),
                       .unit = std::move(unit),
                       .description = std::move(description),
                       .timed = std::move(timed),
                       .axes = {elements_param(strings)},
                       .extra_figures = memory_figures(),
                       // every probe process builds its N-element map first: probe a round of N
                       .first_probe_ops = [](const benchbox::Point& p) { return static_cast<std::uint64_t>(p.first().number.value_or(10)); },
                       .verify = std::move(verify)};
  if (rounds) c.legal_ops = whole_rounds_of_n;
  return c;
}

// The suite runs a case at other sizes than the default: every process of a row builds its map
// (10^6 elements: 0.5 to 1.4 s of set-up per process for a node map), so 10^6 stays in the suite for
// the headline case, find, and the others run it by name (`-n insert 1000000`): the suite within
// its three minutes (docs/measurement.md, "Suite durations").
benchbox::CaseSpec with_suite(benchbox::CaseSpec c, std::vector<std::string> points) {
  c.axes.front().suite = std::move(points);
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
                             "insert N distinct random 64-bit keys into an empty map (rounds of N)", kInsertTimed, false,
                             verify_insert, true),
                   {"1000", "100000"}),
        make_case(hm::case_id(hm::Case::find), "finds", "look up present keys in a random order", kFindTimed, false, verify_find,
                  false),
        with_suite(make_case(hm::case_id(hm::Case::find_miss), "finds", "look up absent keys", kFindMissTimed, false,
                             verify_find_miss, false),
                   {"1000", "100000"}),
        with_suite(make_case(hm::case_id(hm::Case::erase), "replacements",
                             "at size N, one replacement = erase a present key, then insert a new one",
                             "the erase and insert calls, their results added in locals; proven after the clock: the "
                             "counts, the map's size and the sum of its values by a full visit",
                             false, verify_erase, false),
                   {"1000", "100000"}),
        with_suite(make_case(hm::case_id(hm::Case::iterate), "visits", "visit every element, summing the values (passes of N)",
                             "passes over the map built untimed, summing the values in a local; proven: the sum and the "
                             "count against the keys' known values",
                             false, verify_iterate, true),
                   {"1000", "100000"}),
        make_case(hm::case_id(hm::Case::insert_string), "inserts",
                  "insert N distinct string keys (8 to 64 bytes) into an empty map", kInsertTimed, true, verify_insert, true),
        make_case(hm::case_id(hm::Case::find_string), "finds", "look up present string keys in a random order", kFindTimed,
                  true, verify_find, false),
    }};

const benchbox::ModuleRegistration registration{hashmap_module};

}  // namespace
