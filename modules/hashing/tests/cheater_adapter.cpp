// A test adapter: zlib's CRC-32 through the module's shared case code, cheating on demand
// (BENCHBOX_HASHING_CHEAT), so that the tests see what a real library's fault would do:
//   none     honest: every row must be verified;
//   vector   a wrong digest of the published check message "123456789" only: the driver's
//            known-answer check fails the row;
//   input    a wrong digest of 4096-byte inputs only (the published vectors right): the row
//            differs from the real zlib row's digest of the same input, and one of the two fails.
#include <zlib.h>

#include <string>

#include <benchbox/adapter/environment.hpp>

#include "../common/hashing_adapter.hpp"

int main(int argc, char** argv) {
  static const std::string cheat = benchbox::env_or("BENCHBOX_HASHING_CHEAT", "none");
  benchbox::hashing::Library cheater("cheater", "1");
  cheater.add(benchbox::hashing::Algorithm::crc32, "crc32_z, wrong on demand", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
    auto crc = static_cast<std::uint32_t>(crc32_z(0, in, n));
    if ((cheat == "vector" && n == 9) || (cheat == "input" && n == 4096)) crc ^= 1;
    benchbox::hashing::put_be32(out, crc);
  });
  return cheater.main(argc, argv);
}
