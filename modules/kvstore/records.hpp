// The records every kvstore case writes and reads, and their closed forms, shared by the driver
// side (module.cpp, which checks the proof) and the adapters (which make the records): keys of 16
// bytes, values of the point's size whose bytes depend on the key and its version, the orders the
// cases visit them in, and the check of a value read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "cases.hpp"

namespace benchbox::kvstore {

inline constexpr std::size_t kKeyBytes = 16;

// Record k's key: k in 15 decimal digits, then 'a'; a missing key (readmissing) ends in 'b', so
// that it falls between the present keys in key order, where a B-tree must search for it. The
// keys' byte order is their numbers' order: a scan meets record 0 first.
inline void key_of(std::uint64_t k, char* out, char last = 'a') {
  for (int i = 14; i >= 0; --i) {
    out[i] = static_cast<char>('0' + k % 10);
    k /= 10;
  }
  out[15] = last;
}
inline std::string key_text(std::uint64_t k, char last = 'a') {
  std::string out(kKeyBytes, ' ');
  key_of(k, out.data(), last);
  return out;
}

inline std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Record k's value at `version` (0 as filled, 1 overwritten): `size` bytes, each 8 of them a word
// of mix(k, version, word): a value written for another key or by another version differs.
inline void value_of(std::uint64_t k, unsigned version, std::size_t size, char* out) {
  const std::uint64_t base = mix(k * 2 + version);
  for (std::size_t at = 0, w = 0; at < size; at += 8, ++w) {
    const std::uint64_t word = mix(base + w);
    std::memcpy(out + at, &word, size - at < 8 ? size - at : 8);
  }
}

// A value's check: its bytes folded 8 at a time (a last partial word padded with zeros). The
// timed reads fold every value they get so; the proof adds the checks up.
inline std::uint64_t value_check(const char* p, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ull ^ n;
  std::size_t at = 0;
  for (; at + 8 <= n; at += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + at, 8);
    h = (h ^ w) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  if (at < n) {
    std::uint64_t w = 0;
    std::memcpy(&w, p + at, n - at);
    h = (h ^ w) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  return h;
}

inline std::uint64_t expected_check(std::uint64_t k, unsigned version, std::size_t size) {
  std::string v(size, '\0');
  value_of(k, version, size, v.data());
  return value_check(v.data(), size);
}

// The i-th key readrandom and readmissing ask for, of n records (with replacement).
inline std::uint64_t random_key(std::uint64_t i, std::uint64_t n) { return mix(i ^ 0x6b7673746f7265ull) % n; }

// The order fillrandom, overwrite and deleterandom visit the n records in: a Fisher-Yates shuffle
// driven by mix, the same on every machine (std::shuffle's algorithm is the library's own).
inline std::vector<std::uint32_t> shuffled(std::uint64_t n) {
  std::vector<std::uint32_t> order(n);
  for (std::uint64_t k = 0; k < n; ++k) order[k] = static_cast<std::uint32_t>(k);
  for (std::uint64_t k = n; k > 1; --k) {
    const std::uint64_t j = mix(k) % k;
    std::swap(order[k - 1], order[j]);
  }
  return order;
}

// The version every record holds after a write case: overwrite writes version 1 over the fill's 0.
inline unsigned version_after(Case c) { return c == Case::overwrite ? 1 : 0; }

// The checksum of a full read-back of n records at a version: their checks added up, in key order
// weighted by position (1, 2, ...), as a scan visits them, so that a scan out of order differs.
inline std::uint64_t scan_checksum(std::uint64_t n, unsigned version, std::size_t size) {
  std::uint64_t sum = 0;
  for (std::uint64_t k = 0; k < n; ++k) sum += (k + 1) * expected_check(k, version, size);
  return sum;
}

}  // namespace benchbox::kvstore
