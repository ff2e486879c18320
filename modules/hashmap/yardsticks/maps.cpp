// A yardstick for the hashmap module (docs/method.md, "Yardsticks"): a minimal program that does
// what a user's program does with std::unordered_map, absl::flat_hash_map or
// boost::unordered_flat_map, and includes nothing of benchbox (no adapter header, no allocation
// counting, no key generator: the keys are generated again here from their definition in
// modules/hashmap/README.md). scripts/accuracy.py runs it interleaved with the matching benchbox row.
//
//   hashmap_yardstick MAP CASE N OPS REPS      MAP: std | absl | boost   CASE: find | insert
//
// find: the map holds keys 0..N-1 (inserted in that order, untimed); OPS lookups go through the
// keys in a seeded random order, summing the values found. insert: OPS/N rounds, each inserting
// keys 0..N-1 into a new empty map (creating and destroying the maps untimed). One untimed warm-up
// pass first, then REPS timed passes: one line `ns_per_op <value>` each, then `check <sum>`.
#include <absl/container/flat_hash_map.h>
#include <boost/unordered/unordered_flat_map.hpp>

#include <yardstick.hpp>  // the clock and the passes, as in every yardstick

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

using yardstick::start_clock;
using yardstick::stop_clock;

// modules/hashmap/README.md, "Keys": splitmix64's finaliser, key i = mix(i + seed), value i = mix(i ^ seed) | 1,
// lookup order = Fisher-Yates with multiply-shift ranges.
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
std::uint64_t key(std::uint64_t i) { return mix(i + 0x2545f4914f6cdd1dull); }
std::uint64_t value(std::uint64_t i) { return mix(i ^ 0x9e3779b97f4a7c15ull) | 1; }
std::vector<std::uint32_t> lookup_order(std::uint64_t n) {
  std::vector<std::uint32_t> p(n);
  for (std::uint64_t i = 0; i < n; ++i) p[i] = static_cast<std::uint32_t>(i);
  std::uint64_t state = 0x8cb92ba72f3d8dd7ull ^ mix(1) ^ n;  // salt 1: find
  for (std::uint64_t i = n; i > 1; --i) {
    state = mix(state + 0x8cb92ba72f3d8dd7ull);
    std::swap(p[i - 1], p[static_cast<std::uint64_t>((static_cast<unsigned __int128>(state) * i) >> 64)]);
  }
  return p;
}

// The lookups in a function of their own, as a program's loop usually is: inside find() below,
// next to the clock and the static map, g++ kept two of the loop's values on the stack (absl: 6%
// more instructions than this, docs/method.md, "Yardsticks").
template <class Map>
[[gnu::noinline]] std::uint64_t sum_found(const Map& map, const std::uint64_t* k, std::uint64_t n, std::uint64_t ops) {
  std::uint64_t sum = 0, j = 0;
  for (std::uint64_t op = 0; op < ops; ++op) {
    auto it = map.find(k[j]);
    if (it != map.end()) sum += it->second;
    if (++j == n) j = 0;
  }
  return sum;
}

template <class Map>
struct Run {
  std::uint64_t n, ops;
  std::vector<std::uint64_t> keys, values;
  std::uint64_t check = 0;

  Run(std::uint64_t n_, std::uint64_t ops_) : n(n_), ops(ops_) {
    // Reserved, as a program that knows n does and as benchbox's key arrays are: grown by
    // push_back instead, the arrays leave about 4 MB of freed, already-faulted heap behind, which
    // the first tables of a timed insert reuse (absl at 10^6: 1,055 fewer page faults of about
    // 17,400 and 5% less time; docs/method.md, "Yardsticks"): the heap's history, not the map's work.
    keys.reserve(n);
    values.reserve(n);
    for (std::uint64_t i = 0; i < n; ++i) {
      keys.push_back(key(i));
      values.push_back(value(i));
    }
  }

  double find() {
    static std::unique_ptr<Map> map;
    static std::vector<std::uint64_t> lookups;
    if (!map) {
      map = std::make_unique<Map>();
      for (std::uint64_t i = 0; i < n; ++i) map->emplace(keys[i], values[i]);
      for (std::uint32_t i : lookup_order(n)) lookups.push_back(keys[i]);
    }
    const std::uint64_t begin = start_clock();
    const std::uint64_t sum = sum_found(*map, lookups.data(), n, ops);
    const std::uint64_t end = stop_clock();
    check = sum;
    return double(end - begin) / double(ops);
  }

  double insert() {
    const std::uint64_t rounds = ops / n;
    std::uint64_t elapsed = 0, sizes = 0;
    for (std::uint64_t r = 0; r < rounds; ++r) {
      auto map = std::make_unique<Map>();
      const std::uint64_t begin = start_clock();
      for (std::uint64_t i = 0; i < n; ++i) map->emplace(keys[i], values[i]);
      elapsed += stop_clock() - begin;
      sizes += map->size();
    }
    check = sizes;
    return double(elapsed) / double(rounds * n);
  }
};

template <class Map>
int run(const std::string& what, std::uint64_t n, std::uint64_t ops, int reps) {
  Run<Map> r(n, ops);
  yardstick::warm_up_then_time(reps, [&] { return what == "find" ? r.find() : r.insert(); });
  std::printf("check %llu\n", static_cast<unsigned long long>(r.check));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: %s std|absl|boost find|insert N OPS REPS\n", argv[0]);
    return 2;
  }
  const std::string map = argv[1], what = argv[2];
  const std::uint64_t n = std::strtoull(argv[3], nullptr, 10), ops = std::strtoull(argv[4], nullptr, 10);
  const int reps = std::atoi(argv[5]);
  if ((what != "find" && what != "insert") || n == 0 || ops == 0 || (what == "insert" && ops < n) || reps < 1) {
    std::fprintf(stderr, "hashmap_yardstick: bad arguments\n");
    return 2;
  }
  using K = std::uint64_t;
  if (map == "std") return run<std::unordered_map<K, K>>(what, n, ops, reps);
  if (map == "absl") return run<absl::flat_hash_map<K, K>>(what, n, ops, reps);
  if (map == "boost") return run<boost::unordered_flat_map<K, K>>(what, n, ops, reps);
  std::fprintf(stderr, "hashmap_yardstick: unknown map '%s'\n", map.c_str());
  return 2;
}
