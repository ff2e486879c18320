// The hashmap module's one key generator, shared by the driver (expected checksums) and every
// adapter (the keys it inserts and looks up), so that every library sees the same keys in the
// same order. Everything here is a pure function of an index and fixed seeds. All sums are
// modulo 2^64.
//
// Index space: keys 0..N-1 are the ones a case's map holds; keys N..2N-1 are the absent keys of
// `find-miss` and the second pool of `erase`. Distinct indices give distinct keys (the mixers are
// bijections), so no key repeats and an absent key is never present.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../cases.hpp"  // the case ids and proof names: module.cpp has them from here

namespace benchbox::hashmap {

inline constexpr std::uint64_t kKeySeed = 0x2545f4914f6cdd1dull;
inline constexpr std::uint64_t kValueSeed = 0x9e3779b97f4a7c15ull;
inline constexpr std::uint64_t kStringSeed = 0xd1b54a32d192ed03ull;
inline constexpr std::uint64_t kOrderSeed = 0x8cb92ba72f3d8dd7ull;

// splitmix64's finaliser: a bijection of 64-bit words.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

// The i-th 64-bit key: distinct for distinct i.
constexpr std::uint64_t key64(std::uint64_t i) { return mix64(i + kKeySeed); }

// The named key sets of the 64-bit cases (the "keys" axis). random: key64(i), today's keys.
// dense: i + 1, sequential ids (the easy case for every hash). strided: (i + 1) * 2^32, multiples
// of a large power of two: under an identity hash (std::hash<uint64_t> in libstdc++) every key
// falls in slot 0 of a power-of-two table of up to 2^32 slots. Distinct for i < 2^32 - 1, which
// kMaxElements keeps (2N - 1 < 2^32 - 1).
enum class KeySet { random, dense, strided };
inline constexpr const char* kKeySetNames[] = {"random", "dense", "strided"};
inline constexpr int kStrideBits = 32;

constexpr std::uint64_t key64(KeySet set, std::uint64_t i) {
  switch (set) {
    case KeySet::dense: return i + 1;
    case KeySet::strided: return (i + 1) << kStrideBits;
    case KeySet::random: break;
  }
  return key64(i);
}

// The key set of that name, or nothing.
inline std::optional<KeySet> key_set_named(std::string_view name) {
  for (std::size_t s = 0; s < std::size(kKeySetNames); ++s)
    if (name == kKeySetNames[s]) return static_cast<KeySet>(s);
  return std::nullopt;
}

// Two keys no case ever uses (indices 2^64-1 and 2^64-2), for maps that reserve an empty and a
// deleted key (google::dense_hash_map).
constexpr std::uint64_t reserved_key(int which) { return key64(~std::uint64_t{0} - static_cast<std::uint64_t>(which)); }
// ... in no key set either: above every dense key, and not a multiple of the stride.
constexpr bool outside_named_sets(std::uint64_t k) {
  return k > (std::uint64_t{1} << 33) && (k & ((std::uint64_t{1} << kStrideBits) - 1)) != 0;
}
static_assert(outside_named_sets(reserved_key(0)) && outside_named_sets(reserved_key(1)));

// The value stored with key i (string or 64-bit): odd, hence never 0 (some C maps store values
// as pointers and answer "absent" with a null).
constexpr std::uint64_t value_of(std::uint64_t i) { return mix64(i ^ kValueSeed) | 1; }

// The value stored with key i of a key set: random keeps value_of(i) (the checksums of before the
// sets); dense and strided bind it to the key (still odd), so that their proofs differ from random's.
constexpr std::uint64_t set_value(KeySet set, std::uint64_t i) {
  return set == KeySet::random ? value_of(i) : value_of(i) ^ (mix64(key64(set, i)) << 1);
}


// A bijection of 48-bit words (odd multipliers and xor-shifts, all modulo 2^48).
constexpr std::uint64_t mix48(std::uint64_t x) {
  constexpr std::uint64_t mask = (std::uint64_t{1} << 48) - 1;
  x &= mask;
  x = (x * 0x9fb21c651e98dull) & mask;
  x ^= x >> 24;
  x = (x * 0xd6e8feb86659full) & mask;
  x ^= x >> 23;
  return x;
}

inline constexpr std::size_t kStringMin = 8, kStringMax = 64;
inline constexpr std::uint64_t kStringIndexLimit = std::uint64_t{1} << 48;

// The i-th string key (i < 2^48): 8 to 64 printable ASCII bytes (0x20..0x7e, no NUL). Its first 8
// bytes are mix48(i) in base 95 (95^8 > 2^48), so distinct indices give distinct strings; the
// length and the remaining bytes come from a second stream.
inline std::string string_key(std::uint64_t i) {
  std::uint64_t r = mix64(i ^ kStringSeed);
  const std::size_t length = kStringMin + static_cast<std::size_t>(((r & 0xffffffffull) * (kStringMax - kStringMin + 1)) >> 32);
  std::string s(length, ' ');
  std::uint64_t x = mix48(i);
  for (std::size_t k = 0; k < kStringMin; ++k) {
    s[k] = static_cast<char>(' ' + x % 95);
    x /= 95;
  }
  for (std::size_t k = kStringMin; k < length; ++k) {
    if ((k - kStringMin) % 8 == 0) r = mix64(r + kStringSeed);
    const auto byte = (r >> (8 * ((k - kStringMin) % 8))) & 0xff;
    s[k] = static_cast<char>(' ' + ((byte * 95) >> 8));
  }
  return s;
}

// A seeded random permutation of 0..n-1 (Fisher-Yates, multiply-shift ranges): the order in which
// `find` looks keys up and `erase` removes them. `salt` tells the permutations apart.
inline std::vector<std::uint32_t> permutation(std::uint64_t n, std::uint64_t salt) {
  std::vector<std::uint32_t> p(n);
  for (std::uint64_t i = 0; i < n; ++i) p[i] = static_cast<std::uint32_t>(i);
  std::uint64_t state = kOrderSeed ^ mix64(salt) ^ n;
  for (std::uint64_t i = n; i > 1; --i) {
    state = mix64(state + kOrderSeed);
    const auto j = static_cast<std::uint64_t>((static_cast<unsigned __int128>(state) * i) >> 64);
    std::swap(p[i - 1], p[j]);
  }
  return p;
}
inline constexpr std::uint64_t kFindSalt = 1, kEraseSaltA = 2, kEraseSaltB = 3;

// Largest N any case accepts: permutations hold 32-bit positions; strided keys need 2N < 2^32.
inline constexpr std::int64_t kMaxElements = 2'000'000'000;
static_assert(2 * kMaxElements < (std::int64_t{1} << (64 - kStrideBits)) - 1);

// What a trial of each case must report (the driver checks these; the adapter computes its own
// from what the map returned). `find`: the values of ops lookups cycling through the keys in the
// order of permutation(N, kFindSalt).
inline std::uint64_t expected_find_sum(std::uint64_t n, std::uint64_t ops) {
  if (n == 0) return 0;
  const auto order = permutation(n, kFindSalt);
  std::uint64_t full = 0;
  for (std::uint64_t j = 0; j < n; ++j) full += value_of(order[j]);
  std::uint64_t s = full * (ops / n);
  for (std::uint64_t j = 0; j < ops % n; ++j) s += value_of(order[j]);
  return s;
}

// erase: the sum of the values in the map after `ops` steps (see run_erase in hashmap_adapter.hpp).
// `prefix` is a function (pool_second, permuted, r) -> sum of the first r values of a pool in
// erase order (permuted) or in index order; the module caches it.
template <class Prefix>
std::uint64_t expected_erase_sum(std::uint64_t n, std::uint64_t ops, Prefix&& prefix) {
  const std::uint64_t q = ops / n, r = ops % n;
  const bool in_b = q % 2 == 1;  // the pool that fills the map after q whole passes
  const std::uint64_t base = prefix(in_b, false, n);
  // During the unfinished pass the current pool loses its first r keys in erase order and the
  // other pool's first r keys in index order come in.
  return base - prefix(in_b, true, r) + prefix(!in_b, false, r);
}

}  // namespace benchbox::hashmap
