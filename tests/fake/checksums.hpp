// Checksums of the fake module (tests/fake/module.cpp), shared by the driver side (closed form)
// and the fake adapter (computed by doing the work). All arithmetic is modulo 2^64.
#pragma once

#include <cstdint>

namespace benchbox::fake {

// Step case: step i is taken by lane i % lanes; the sum of the lanes that took the steps.
constexpr std::uint64_t step_checksum(std::uint64_t steps, std::uint64_t lanes) {
  if (lanes == 0) return 0;
  const std::uint64_t rounds = steps / lanes, rest = steps % lanes;
  const std::uint64_t round_sum = lanes % 2 == 0 ? (lanes / 2) * (lanes - 1) : lanes * ((lanes - 1) / 2);
  const std::uint64_t rest_sum = rest % 2 == 0 ? (rest / 2) * (rest == 0 ? 0 : rest - 1) : rest * ((rest - 1) / 2);
  return rounds * round_sum + rest_sum;
}

// Pass and size cases: the sum of the values 1..n, n(n+1)/2.
constexpr std::uint64_t value_sum(std::uint64_t n) { return n % 2 == 0 ? (n / 2) * (n + 1) : n * ((n + 1) / 2); }

}  // namespace benchbox::fake
