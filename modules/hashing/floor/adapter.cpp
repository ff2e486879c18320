// The hashing module's floor: the sum of the input's 64-bit words (a last partial word padded with
// zeros), the same "digest" at every algorithm's point. Any function of every byte of its input
// reads them at least once; a row faster than this one at a large size means the floor is wrong.
// Several accumulators (AVX-512 or AVX2 where the CPU has them) keep the adds off the critical
// path, so the loop runs at the speed of the loads.
#include <immintrin.h>

#include <cstring>

#include "../common/hashing_adapter.hpp"

namespace {

// The last n % 8 bytes as a word padded with zeros, read with whole loads as the short-key paths of
// XXH3 and FarmHash do (a memcpy of 1-7 bytes is a call: 7.85 ns a key at 4-64 bytes, which XXH3,
// FarmHash and libdeflate's CRC-32 beat). Any function of every byte pays at least these loads.
inline std::uint64_t tail_word(const std::uint8_t* p, std::size_t i, std::size_t n) {
  const std::size_t r = n - i;  // 1 to 7 bytes, at p + i
  if (n >= 8) {  // the 8 bytes ending at n, the ones before p + i shifted out
    std::uint64_t w;
    std::memcpy(&w, p + n - 8, 8);
    return w >> (8 * (8 - r));
  }
  if (r >= 4) {  // 4 to 7 bytes in all: the first 4 and the last 4, overlapping
    std::uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);
    return lo | (static_cast<std::uint64_t>(hi) >> (8 * (8 - r)) << 32);
  }
  return p[0] | static_cast<std::uint64_t>(p[r / 2]) << (8 * (r / 2)) | static_cast<std::uint64_t>(p[r - 1]) << (8 * (r - 1));
}

// Small inputs: plain 64-bit loads, two accumulators, no call: the floor's cost at 16 bytes is
// reading them, not a dispatch.
inline std::uint64_t scalar_sum(const std::uint8_t* p, std::size_t n) {
  std::uint64_t a = 0, b = 0;
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    std::uint64_t w[2];
    std::memcpy(w, p + i, 16);
    a += w[0];
    b += w[1];
  }
  if (i + 8 <= n) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    a += w;
    i += 8;
  }
  return a + b + (i < n ? tail_word(p, i, n) : 0);
}

// Eight 256-bit accumulators, 256 bytes a step: the loads, not the adds, set the pace.
__attribute__((target("avx2"))) std::uint64_t avx2_sum(const std::uint8_t* p, std::size_t n) {
  __m256i a[8];
  for (auto& x : a) x = _mm256_setzero_si256();
  std::size_t i = 0;
  for (; i + 256 <= n; i += 256)
    for (int k = 0; k < 8; ++k) a[k] = _mm256_add_epi64(a[k], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 32 * k)));
  for (int k = 1; k < 8; ++k) a[0] = _mm256_add_epi64(a[0], a[k]);
  alignas(32) std::uint64_t lanes[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), a[0]);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3] + scalar_sum(p + i, n - i);
}

// Eight 512-bit accumulators, 512 bytes a step, where the CPU has AVX-512 (ISA-L's CRCs read
// with it, faster than the AVX2 loop did).
__attribute__((target("avx512f"))) std::uint64_t avx512_sum(const std::uint8_t* p, std::size_t n) {
  __m512i a[8];
  for (auto& x : a) x = _mm512_setzero_si512();
  std::size_t i = 0;
  for (; i + 512 <= n; i += 512)
    for (int k = 0; k < 8; ++k) a[k] = _mm512_add_epi64(a[k], _mm512_loadu_si512(p + i + 64 * k));
  for (int k = 1; k < 8; ++k) a[0] = _mm512_add_epi64(a[0], a[k]);
  alignas(64) std::uint64_t lanes[8];  // not _mm512_reduce_add_epi64: g++ 12's header warns in it
  _mm512_store_si512(lanes, a[0]);
  std::uint64_t sum = 0;
  for (std::uint64_t lane : lanes) sum += lane;
  return sum + scalar_sum(p + i, n - i);
}

const bool kAvx512 = __builtin_cpu_supports("avx512f");
const bool kAvx2 = __builtin_cpu_supports("avx2");

void sum_of_words(const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
  const std::uint64_t sum = n >= 512 && kAvx512 ? avx512_sum(in, n) : n >= 256 && kAvx2 ? avx2_sum(in, n) : scalar_sum(in, n);
  std::memcpy(out, &sum, 8);  // little-endian, as module.cpp computes it
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashing::Library floor("floor", BENCHBOX_VERSION);
  // A lambda, as every library's call is: a direct call in the timed loop, not through a pointer.
  floor.add_floor([](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { sum_of_words(in, n, out); });
  return floor.main(argc, argv);
}
