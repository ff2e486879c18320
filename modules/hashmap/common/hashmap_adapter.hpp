// Shared by the hashmap module's adapters: the keys, the measured loops, the counting and the
// memory figure are this file's, the same for every library; an adapter only wraps its map's own
// calls in a small class (see `Map concept` below) and declares what it is.
//
// Include this header from exactly ONE source file of an adapter program: it includes
// <benchbox/allocations.hpp>, which replaces the allocation functions of the whole program.
//
// Map concept, for Key = std::uint64_t and Key = std::string:
//   explicit M(std::size_t n);                       // an empty map; n = the case's N (ignored by
//                                                    // every map but those sized at creation)
//   bool insert(const Key& k, std::uint64_t v);      // true when k was new
//   bool find(const Key& k, std::uint64_t& v);       // true and the value when k is present
//   bool erase(const Key& k);                        // true when k was present
//   template <class F> void for_each(F&& f);         // f(value) for every element
//   std::size_t size();
#pragma once

#include <benchbox/adapter.hpp>
#include <benchbox/allocations.hpp>
#include <benchbox/library_facts.hpp>

#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../cases.hpp"
#include "key_file.hpp"
#include "keys.hpp"

namespace benchbox::hashmap {

// What the module's cases and docs show about a map: in its folder's library.json, the keys of the
// same names (bytes64 and bytes_string whole numbers; implementation optional), read by map_info().
struct MapInfo {
  std::string layout;       // "flat" (elements in one array), "node" (one allocation per element), ...
  std::string hash64;       // the hash the map uses by default for 64-bit keys
  std::string hash_string;  // ... and for std::string keys (empty: no string cases)
  std::string notes;        // how the map's API maps to the cases
  // Rough bytes one element costs in this map (for refusing an N that cannot fit, never shown).
  std::uint64_t bytes64 = 64;
  std::uint64_t bytes_string = 160;
  std::string implementation{};  // shown as the adapter's "implementation" (the floor: what it is)
  // Largest N of strided keys the map runs (-1: any), and why (measured: a map whose hash leaves
  // them in one slot degrades quadratically, and a larger N would not finish in the budget).
  std::int64_t strided_max = -1;
  std::string strided_reason{};
};

inline MapInfo map_info(const LibraryFacts& facts) {
  MapInfo m{.layout = facts.text("layout"),
            .hash64 = facts.text("hash64"),
            .hash_string = facts.text("hash_string"),
            .notes = facts.text("notes"),
            .bytes64 = static_cast<std::uint64_t>(facts.integer("bytes64")),
            .bytes_string = static_cast<std::uint64_t>(facts.integer("bytes_string")),
            .implementation = facts.text_or("implementation", ""),
            .strided_max = facts.has("strided_max_elements") ? facts.integer("strided_max_elements") : -1,
            .strided_reason = facts.text_or("strided_reason", "")};
  if (m.strided_max >= 0 && m.strided_reason.empty()) facts.problem("has strided_max_elements without strided_reason");
  facts.done();
  return m;
}

// A map with no string cases: declare it as the string map type.
struct NoStrings {};

namespace detail {

// What a trial asks for: where its keys come from, and N.
struct Ask {
  KeySet set = KeySet::random;
  std::string file{};  // a key file's absolute path (string keys), or empty
  std::uint64_t n = 0;
  bool operator==(const Ask&) const = default;
};

// The 64-bit cases' axes: N first, then a key set's name or a key file's absolute path (the
// driver passes it), left out at its default.
inline Ask ask_of(const Trial& t) {
  Ask a{.n = static_cast<std::uint64_t>(t.axis_number())};
  const std::string keys(t.axis_text_or(kKeysAxis, kDefaultKeys));
  if (!keys.empty() && keys.front() == '/') {
    a.file = keys;
    return a;
  }
  const auto set = key_set_named(keys);
  if (!set) throw std::invalid_argument("unknown key set '" + keys + "'");
  a.set = *set;
  return a;
}

// The string cases: generated keys, N their only axis.
inline Ask string_ask(const Trial& t) { return {.n = static_cast<std::uint64_t>(t.axis_number())}; }

// A key file's keys, read once per process with the driver's parser (key_file.hpp).
inline const std::vector<std::string>& file_keys(const std::string& path) {
  static std::string read_path;
  static KeyFile file;
  if (read_path != path) {
    file = read_key_file(path);
    read_path = path;
  }
  if (!file.error.empty()) throw std::runtime_error("key file " + path + ": " + file.error);
  return file.keys;
}

// Every key and value of a case, generated before any timing; cached for the process's trials.
// `generation` tells the caches built from them (maps, lookup orders) that they changed.
template <class Key>
struct Keys {
  Ask ask;
  std::uint64_t generation = 0;
  std::vector<Key> keys;            // key(i), i < count
  std::vector<std::uint64_t> values;
};
inline std::uint64_t g_generation = 0;

// The floor's key: the key's position in the generator's sequence (no hashing needed).
struct Position {
  std::uint64_t index;
};

template <class Key>
Key make_key(const Ask& a, std::uint64_t i) {
  if constexpr (std::is_same_v<Key, std::string>) return a.file.empty() ? string_key(i) : file_keys(a.file)[i];
  else if constexpr (std::is_same_v<Key, Position>) return Position{i};
  else return key64(a.set, i);
}

inline std::uint64_t make_value(const Ask& a, std::uint64_t i) {
  return a.file.empty() ? set_value(a.set, i) : file_value(i, file_keys(a.file)[i]);
}

// How many key indices the running case uses (N, or 2N for find-miss and erase): the floor's
// array has one slot per index.
inline std::uint64_t g_key_count = 0;

template <class Key>
const Keys<Key>& keys_for(const Ask& a, std::uint64_t count) {
  static Keys<Key> k;
  g_key_count = count;
  if (k.ask != a || k.keys.size() != count) {
    if (!a.file.empty() && file_keys(a.file).size() < count)
      throw std::invalid_argument("key file " + a.file + " holds " + std::to_string(file_keys(a.file).size()) + " keys, " +
                                  std::to_string(count) + " asked for");
    k = {};
    k.ask = a;
    k.generation = ++g_generation;
    k.keys.reserve(count);
    k.values.reserve(count);
    for (std::uint64_t i = 0; i < count; ++i) {
      k.keys.push_back(make_key<Key>(a, i));
      k.values.push_back(make_value(a, i));
    }
  }
  return k;
}

// Bytes the map holds per element: live heap bytes after inserting keys 0..n-1 minus before
// creating it (allocations.hpp counts every allocation of the process the same way).
inline void report_bytes(Trial& t, std::int64_t live_bytes, std::uint64_t n) {
  t.figure(figure::kBytesPerElement, static_cast<double>(live_bytes) / static_cast<double>(n));
}

template <class Map, class Key>
std::unique_ptr<Map> build(const Keys<Key>& k, std::uint64_t first, std::uint64_t n, std::int64_t& live_bytes) {
  allocations::Counting on;  // untimed
  const auto before = allocations::now();
  auto map = std::make_unique<Map>(static_cast<std::size_t>(n));
  for (std::uint64_t i = first; i < first + n; ++i) map->insert(k.keys[i], k.values[i]);
  live_bytes = (allocations::now() - before).live_bytes;
  return map;
}

// Sum of the values of keys first..first+n-1 looked up in the map (untimed proof of content).
template <class Map, class Key>
std::uint64_t content_sum(Map& map, const Keys<Key>& k, std::uint64_t first, std::uint64_t n, std::uint64_t& found) {
  std::uint64_t sum = 0;
  for (std::uint64_t i = first; i < first + n; ++i) {
    std::uint64_t v = 0;
    if (map.find(k.keys[i], v)) {
      sum += v;
      ++found;
    }
  }
  return sum;
}

// The timed loops, each in a function of its own: compiled alone, as a user's loop is, not
// inlined into the bookkeeping around it (which changed how the compiler inlined a map's own
// emplace: absl's insert took 20% more instructions inside run_insert than in a minimal program).
template <class Map, class Key>
[[gnu::noinline]] std::uint64_t insert_all(Map& map, const Key* keys, const std::uint64_t* values, std::uint64_t n) {
  std::uint64_t inserted = 0;
  for (std::uint64_t i = 0; i < n; ++i) inserted += map.insert(keys[i], values[i]);
  return inserted;
}

// No hit counter: the sum proves the lookups (every value is odd, never 0: a present key not
// found takes its value out of the sum, an absent key found puts one in, and a "found" that writes
// no value adds the 1 that v starts with), and counting hits here as well cost a minimal program
// 9.5% of std::unordered_map's find at 10^6 (docs/method.md, "Yardsticks").
template <class Map, class Key>
[[gnu::noinline]] std::uint64_t find_all(Map& map, const Key* keys, std::uint64_t n, std::uint64_t ops) {
  std::uint64_t sum = 0, j = 0;
  for (std::uint64_t op = 0; op < ops; ++op) {
    std::uint64_t v = 1;
    if (map.find(keys[j], v)) sum += v;
    if (++j == n) j = 0;
  }
  return sum;
}

template <class Map, class Key>
[[gnu::noinline]] void replace_all(Map& map, const Key* erase, const Key* insert, const std::uint64_t* value, std::uint64_t cycle,
                                   std::uint64_t ops, std::uint64_t& erased, std::uint64_t& inserted) {
  std::uint64_t e = 0, in = 0, j = 0;
  for (std::uint64_t op = 0; op < ops; ++op) {
    e += map.erase(erase[j]);
    in += map.insert(insert[j], value[j]);
    if (++j == cycle) j = 0;
  }
  erased = e;
  inserted = in;
}

template <class Map>
[[gnu::noinline]] std::uint64_t visit_all(Map& map, std::uint64_t rounds, std::uint64_t& visited) {
  std::uint64_t sum = 0, seen = 0;
  for (std::uint64_t r = 0; r < rounds; ++r)
    map.for_each([&](std::uint64_t v) {
      sum += v;
      ++seen;
    });
  visited = seen;
  return sum;
}

// insert: ops/N rounds; each inserts keys 0..N-1 into a new empty map. Creating and destroying the
// maps is outside the timed region. The heap bytes a map of N elements holds, once per process:
// counted in the first round of a warm-up trial, or else on an untimed build of its own (then
// freed). Timed rounds never count allocations: that would cost 6% of a node map's insert.
template <class Key>
struct InsertMemory {
  std::uint64_t generation = 0;
  std::int64_t live = 0;
};

template <class Map, class Key>
void run_insert(Trial& t, const Ask& a) {
  const std::uint64_t n = a.n, rounds = t.ops() / n;
  const auto& k = keys_for<Key>(a, n);
  static InsertMemory<Key> memory;
  const bool known = memory.generation == k.generation;
  if (!known && t.timed()) build<Map>(k, 0, n, memory.live);
  const bool count_first_round = !known && !t.timed();
  memory.generation = k.generation;
  std::uint64_t inserted = 0, sizes = 0, checksum = 0, found = 0;
  for (std::uint64_t r = 0; r < rounds; ++r) {
    std::optional<allocations::Counting> counting;
    if (r == 0 && count_first_round) counting.emplace();
    const auto before = allocations::now();
    auto map = std::make_unique<Map>(static_cast<std::size_t>(n));
    if (r == 0) t.start();
    else t.resume();
    inserted += insert_all(*map, k.keys.data(), k.values.data(), n);
    if (r + 1 == rounds) t.stop();
    else t.pause();
    if (counting) memory.live = (allocations::now() - before).live_bytes;
    counting.reset();
    sizes += map->size();
    if (r + 1 == rounds) checksum = content_sum(*map, k, 0, n, found);
  }
  report_bytes(t, memory.live, n);
  t.count(proof::kInserted, inserted);
  t.count(proof::kSize, sizes);
  t.count(proof::kHits, found);
  t.finish(rounds * n, checksum);
}

// A map built once per process (untimed) for the read-only cases, with its memory figure.
template <class Map, class Key>
struct Built {
  std::uint64_t generation = 0;
  std::unique_ptr<Map> map;
  std::int64_t live = 0;
};
template <class Map, class Key>
Built<Map, Key>& built(const Keys<Key>& k, std::uint64_t n) {
  static Built<Map, Key> b;
  if (b.generation != k.generation || !b.map) {
    b.map.reset();
    b.generation = k.generation;
    b.map = build<Map>(k, 0, n, b.live);
  }
  return b;
}

// find / find-miss: ops lookups cycling through `lookups` (keys in the order they are looked up,
// copies distinct from the map's own).
template <class Map, class Key>
void run_lookups(Trial& t, const Ask& a, bool present) {
  const std::uint64_t n = a.n;
  const auto& k = keys_for<Key>(a, present ? n : 2 * n);
  auto& b = built<Map, Key>(k, n);
  static std::vector<Key> lookups;
  static std::uint64_t lookups_of = 0;
  if (lookups_of != k.generation || lookups.empty()) {
    lookups.clear();
    if (present)
      for (std::uint32_t i : permutation(n, kFindSalt)) lookups.push_back(k.keys[i]);
    else
      for (std::uint64_t i = n; i < 2 * n; ++i) lookups.push_back(k.keys[i]);
    lookups_of = k.generation;
  }
  Map& map = *b.map;
  const Key* keys = lookups.data();
  const std::uint64_t ops = t.ops();
  t.start();
  const std::uint64_t sum = find_all(map, keys, n, ops);
  t.stop();
  report_bytes(t, b.live, n);
  t.count(proof::kSize, map.size());
  t.finish(ops, sum);
}

// iterate: ops/N full passes over the map, summing the values.
template <class Map, class Key>
void run_iterate(Trial& t, const Ask& a) {
  const std::uint64_t n = a.n, rounds = t.ops() / n;
  const auto& k = keys_for<Key>(a, n);
  auto& b = built<Map, Key>(k, n);
  Map& map = *b.map;
  std::uint64_t visited = 0;
  t.start();
  const std::uint64_t sum = visit_all(map, rounds, visited);
  t.stop();
  report_bytes(t, b.live, n);
  t.count(proof::kSize, map.size());
  t.finish(visited, sum);
}

// erase: a steady state at N elements. Pool A = keys 0..N-1 (the map's content at the start),
// pool B = keys N..2N-1. Step k of a pass erases the old pool's keys in a seeded random order
// (permutation(N, kEraseSaltA / kEraseSaltB)) and inserts the other pool's k-th key; passes
// alternate A->B and B->A. The content after the run is proven by summing the values (untimed).
template <class Map, class Key>
void run_erase(Trial& t, const Ask& a) {
  const std::uint64_t n = a.n;
  const auto& k = keys_for<Key>(a, 2 * n);
  static std::vector<Key> erase_keys, insert_keys;  // 2N steps: one cycle of two passes
  static std::vector<std::uint64_t> insert_values;
  static std::uint64_t plan_of = 0;
  if (plan_of != k.generation) {
    erase_keys.clear();
    insert_keys.clear();
    insert_values.clear();
    for (std::uint32_t i : permutation(n, kEraseSaltA)) erase_keys.push_back(k.keys[i]);
    for (std::uint32_t i : permutation(n, kEraseSaltB)) erase_keys.push_back(k.keys[n + i]);
    for (std::uint64_t i = 0; i < 2 * n; ++i) {
      const std::uint64_t index = i < n ? n + i : i - n;
      insert_keys.push_back(k.keys[index]);
      insert_values.push_back(k.values[index]);
    }
    plan_of = k.generation;
  }
  std::int64_t live = 0;
  auto map = build<Map>(k, 0, n, live);
  const Key* erase = erase_keys.data();
  const Key* insert = insert_keys.data();
  const std::uint64_t* value = insert_values.data();
  const std::uint64_t ops = t.ops(), cycle = 2 * n;
  std::uint64_t erased = 0, inserted = 0;
  t.start();
  replace_all(*map, erase, insert, value, cycle, ops, erased, inserted);
  t.stop();
  std::uint64_t checksum = 0, visited = 0;
  map->for_each([&](std::uint64_t v) {
    checksum += v;
    ++visited;
  });
  report_bytes(t, live, n);
  t.count(proof::kErased, erased);
  t.count(proof::kInserted, inserted);
  t.count(proof::kVisited, visited);
  t.count(proof::kSize, map->size());
  t.finish(ops, checksum);
}

inline benchbox::CaseInfo case_info(const MapInfo& m, const std::string& hash, bool strings) {
  // Harness memory per element besides the map: keys and values of two pools, lookup copies.
  const std::uint64_t harness = strings ? 200 : 64;
  return {.notes = m.notes,
          .min_value = 1,
          .max_value = strings ? static_cast<std::int64_t>(kStringIndexLimit / 2) : kMaxElements,
          .bytes_per_unit = (strings ? m.bytes_string : m.bytes64) + harness,
          .traits = {{"layout", m.layout}, {"hash", hash}}};
}

// A 64-bit case's ask; n/a above the map's declared strided limit (before any key is made).
inline Ask limited_ask(const Trial& t, std::int64_t strided_max, const std::string& reason) {
  Ask a = ask_of(t);
  if (a.set == KeySet::strided && strided_max >= 0 && a.n > static_cast<std::uint64_t>(strided_max))
    throw NotApplicable("strided keys above " + std::to_string(strided_max) + " elements: " + reason);
  return a;
}

// find-miss, erase and iterate take no key file: it gives no absent keys nor a second pool (the
// driver offers files to find and insert only).
inline const Ask& without_file(const Ask& a) {
  if (!a.file.empty()) throw std::invalid_argument("this case takes no key file (find and insert do)");
  return a;
}

}  // namespace detail

// Declares every case of the module for a map: Map64 for 64-bit keys, MapString for string keys
// (NoStrings: the string cases are n/a with `no_strings_reason`).
// Key64 and KeyString: the key types the maps are given (the floor's: the key's position).
// The 64-bit cases run a named key set with Map64; find and insert run a key file's lines (string
// keys) with MapString.
template <class Map64, class MapString = NoStrings, class Key64 = std::uint64_t, class KeyString = std::string>
void add_cases(Adapter& adapter, const MapInfo& info, const std::string& no_strings_reason = {}) {
  using K = Key64;
  using S = KeyString;
  constexpr bool strings = !std::is_same_v<MapString, NoStrings>;
  if (!info.implementation.empty()) adapter.info("implementation", info.implementation);
  auto i64 = detail::case_info(info, info.hash64, false);
  auto with_files = i64;  // find and insert: a key file's rows hash strings
  if (strings) with_files.traits.emplace_back("hash of key files", info.hash_string);
  const auto ask = [max = info.strided_max, reason = info.strided_reason](const Trial& t) { return detail::limited_ask(t, max, reason); };
  // A key file's rows: MapString over the file's lines.
  adapter.add(case_id(Case::insert), with_files, [ask, no_strings_reason](Trial& t) {
    const auto a = ask(t);
    if (a.file.empty()) return detail::run_insert<Map64, K>(t, a);
    if constexpr (strings) detail::run_insert<MapString, S>(t, a);
    else throw NotApplicable(no_strings_reason);
  });
  adapter.add(case_id(Case::find), with_files, [ask, no_strings_reason](Trial& t) {
    const auto a = ask(t);
    if (a.file.empty()) return detail::run_lookups<Map64, K>(t, a, true);
    if constexpr (strings) detail::run_lookups<MapString, S>(t, a, true);
    else throw NotApplicable(no_strings_reason);
  });
  adapter.add(case_id(Case::find_miss), i64, [ask](Trial& t) { detail::run_lookups<Map64, K>(t, detail::without_file(ask(t)), false); });
  adapter.add(case_id(Case::erase), i64, [ask](Trial& t) { detail::run_erase<Map64, K>(t, detail::without_file(ask(t))); });
  adapter.add(case_id(Case::iterate), i64, [ask](Trial& t) { detail::run_iterate<Map64, K>(t, detail::without_file(ask(t))); });
  if constexpr (!strings) {
    adapter.not_applicable(case_id(Case::insert_string), no_strings_reason);
    adapter.not_applicable(case_id(Case::find_string), no_strings_reason);
  } else {
    const auto str = detail::case_info(info, info.hash_string, true);
    adapter.add(case_id(Case::insert_string), str, [](Trial& t) { detail::run_insert<MapString, S>(t, detail::string_ask(t)); });
    adapter.add(case_id(Case::find_string), str, [](Trial& t) { detail::run_lookups<MapString, S>(t, detail::string_ask(t), true); });
  }
}

// A map's adapter: `Library(id, version)`, add<Map64, MapString>() (add_std_like for a map of the
// standard interface, std_like.hpp), then main(argc, argv). The map's facts are read from its
// library.json at the add, by every command.
class Library : public Adapter {
 public:
  using Adapter::Adapter;
  template <class Map64, class MapString = NoStrings, class Key64 = std::uint64_t, class KeyString = std::string>
  Library& add() {
    add_cases<Map64, MapString, Key64, KeyString>(*this, map_info(LibraryFacts::embedded()));
    return *this;
  }
  template <class Map64, class MapString>
  Library& add_std_like();
};

}  // namespace benchbox::hashmap
