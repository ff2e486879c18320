// xxHash: its one-shot calls, seed 0, called in the shared library as a program linking
// libxxhash does (XXH_INLINE_ALL, which compiles them into the caller, is not used).
#include <xxhash.h>

#include "../common/hashing_adapter.hpp"

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  using benchbox::hashing::put_be32;
  using benchbox::hashing::put_be64;
  const unsigned v = XXH_versionNumber();
  benchbox::hashing::Library xxhash("xxhash", std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100));
  xxhash.add(Algorithm::xxh32, "XXH32()", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be32(out, XXH32(in, n, 0)); })
      .add(Algorithm::xxh64, "XXH64()", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be64(out, XXH64(in, n, 0)); })
      .add(Algorithm::xxh3_64, "XXH3_64bits()",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be64(out, XXH3_64bits(in, n)); })
      .add(Algorithm::xxh3_128, "XXH3_128bits()", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
        const XXH128_hash_t h = XXH3_128bits(in, n);
        put_be64(out, h.high64);
        put_be64(out + 8, h.low64);
      });
  return xxhash.main(argc, argv);
}
