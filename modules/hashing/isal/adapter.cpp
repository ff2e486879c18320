// ISA-L: crc32_gzip_refl (the reflected CRC-32 of gzip, which inverts the CRC in and out itself:
// initial value 0) and crc32_iscsi (CRC-32C, which does not: the caller passes 0xffffffff and
// inverts the result, the convention that gives the catalogue's check value e3069283).
#include <isa-l.h>
#include <isa-l/crc.h>

#include <climits>

#include "../common/hashing_adapter.hpp"

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  using benchbox::hashing::put_be32;
  benchbox::hashing::Library isal("isal", std::to_string(ISAL_MAJOR_VERSION) + "." + std::to_string(ISAL_MINOR_VERSION) + "." +
                                              std::to_string(ISAL_PATCH_VERSION));
  isal.add(Algorithm::crc32, "crc32_gzip_refl(0, ...)",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be32(out, crc32_gzip_refl(0, in, n)); })
      .add(Algorithm::crc32c, "~crc32_iscsi(..., 0xffffffff)", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
        // crc32_iscsi takes a non-const buffer (it does not write it) and an int length.
        if (n > INT_MAX) throw std::length_error("crc32_iscsi takes an int length");
        put_be32(out, ~crc32_iscsi(const_cast<unsigned char*>(in), static_cast<int>(n), 0xffffffffu));
      });
  return isal.main(argc, argv);
}
