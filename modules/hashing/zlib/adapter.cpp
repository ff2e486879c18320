// zlib: crc32_z and adler32_z on the whole input from the initial values (0, 1).
#include <zlib.h>

#include "../common/hashing_adapter.hpp"

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  using benchbox::hashing::put_be32;
  benchbox::hashing::Library zlib("zlib", zlibVersion());
  zlib.add(Algorithm::crc32, "crc32_z(0, ...)",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be32(out, static_cast<std::uint32_t>(crc32_z(0, in, n))); })
      .add(Algorithm::adler32, "adler32_z(1, ...)",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be32(out, static_cast<std::uint32_t>(adler32_z(1, in, n))); });
  return zlib.main(argc, argv);
}
