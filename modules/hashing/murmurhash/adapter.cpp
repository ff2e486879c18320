// libmurmurhash: lmmh_x86_32 (MurmurHash3_x86_32), seed 0.
#include <murmurhash.h>

#include <climits>

#include "../common/hashing_adapter.hpp"

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  using benchbox::hashing::put_be32;
  benchbox::hashing::Library murmurhash("murmurhash", BB_LIBRARY_VERSION);
  murmurhash.add(Algorithm::murmur3_x86_32, "lmmh_x86_32()", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
    if (n > UINT_MAX) throw std::length_error("lmmh_x86_32 takes an unsigned int length");
    std::uint32_t h[1];
    lmmh_x86_32(in, static_cast<unsigned>(n), 0, h);
    put_be32(out, h[0]);
  });
  return murmurhash.main(argc, argv);
}
