// libdeflate: libdeflate_crc32 and libdeflate_adler32 on the whole input from the initial values
// (0, 1), as zlib's crc32_z and adler32_z are called.
#include <libdeflate.h>

#include "../common/hashing_adapter.hpp"

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  using benchbox::hashing::put_be32;
  benchbox::hashing::Library libdeflate("libdeflate", LIBDEFLATE_VERSION_STRING);
  libdeflate
      .add(Algorithm::crc32, "libdeflate_crc32(0, ...)",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be32(out, libdeflate_crc32(0, in, n)); })
      .add(Algorithm::adler32, "libdeflate_adler32(1, ...)",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be32(out, libdeflate_adler32(1, in, n)); });
  return libdeflate.main(argc, argv);
}
