// The hashing module's floor: the sum of the input's 64-bit words (a last partial word padded with
// zeros), the same "digest" at every algorithm's point. Any function of every byte of its input
// reads them at least once; a row faster than this one at a large size means the floor is wrong.
// Four accumulators (four 256-bit ones with AVX2) keep the adds off the critical path, so the
// loop runs at the speed of the loads.
#include <immintrin.h>

#include <cstring>

#include "../common/hashing_adapter.hpp"

namespace {

std::uint64_t tail_sum(const std::uint8_t* p, std::size_t n) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < n; i += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, p + i, n - i < 8 ? n - i : 8);
    sum += w;
  }
  return sum;
}

std::uint64_t scalar_sum(const std::uint8_t* p, std::size_t n) {
  std::uint64_t a[4] = {};
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32)
    for (int k = 0; k < 4; ++k) {
      std::uint64_t w;
      std::memcpy(&w, p + i + 8 * k, 8);
      a[k] += w;
    }
  return a[0] + a[1] + a[2] + a[3] + tail_sum(p + i, n - i);
}

__attribute__((target("avx2"))) std::uint64_t avx2_sum(const std::uint8_t* p, std::size_t n) {
  __m256i a[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
  std::size_t i = 0;
  for (; i + 128 <= n; i += 128)
    for (int k = 0; k < 4; ++k)
      a[k] = _mm256_add_epi64(a[k], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 32 * k)));
  const __m256i s = _mm256_add_epi64(_mm256_add_epi64(a[0], a[1]), _mm256_add_epi64(a[2], a[3]));
  alignas(32) std::uint64_t lanes[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), s);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3] + scalar_sum(p + i, n - i);
}

const bool kAvx2 = __builtin_cpu_supports("avx2");

void sum_of_words(const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
  const std::uint64_t sum = kAvx2 ? avx2_sum(in, n) : scalar_sum(in, n);
  std::memcpy(out, &sum, 8);  // little-endian, as module.cpp computes it
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashing::Library floor("floor", BENCHBOX_VERSION);
  // A lambda, as every library's call is: a direct call in the timed loop, not through a pointer.
  floor.add_floor([](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { sum_of_words(in, n, out); });
  return floor.main(argc, argv);
}
