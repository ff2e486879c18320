// Checksums of the coroutine module, shared by the driver (expected values, closed form) and the
// C/C++ adapters (computed from what really happened). All arithmetic is modulo 2^64.
#pragma once

#include <cstdint>

namespace benchbox::coroutine {

// Switch case: the sum over coroutines of (times entered)^2. It equals this value only when
// `entries` entries were spread round-robin over `n` coroutines (counts differ by at most one).
constexpr std::uint64_t round_robin_checksum(std::uint64_t entries, std::uint64_t n) {
  if (n == 0) return 0;
  const std::uint64_t q = entries / n, r = entries % n;
  return r * (q + 1) * (q + 1) + (n - r) * q * q;
}

// Channel case: the consumer adds k * value for the k-th value received (k from 1). With values
// 1..n received in order this is the sum of squares 1..n.
constexpr std::uint64_t in_order_checksum(std::uint64_t n) {
  // n(n+1)(2n+1)/6 without overflow: divide the factors exactly first, then multiply mod 2^64.
  unsigned __int128 a = n, b = static_cast<unsigned __int128>(n) + 1, c = 2 * static_cast<unsigned __int128>(n) + 1;
  (a % 2 == 0 ? a : b) /= 2;
  (a % 3 == 0 ? a : b % 3 == 0 ? b : c) /= 3;
  return static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b) * static_cast<std::uint64_t>(c);
}

// Create and memory cases: the sum of the ids 1..n of the coroutines that ran, n(n+1)/2.
constexpr std::uint64_t id_sum(std::uint64_t n) {
  return n % 2 == 0 ? (n / 2) * (n + 1) : n * ((n + 1) / 2);
}

}  // namespace benchbox::coroutine
