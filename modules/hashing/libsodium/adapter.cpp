// libsodium: its one-shot calls, after sodium_init() once. SipHash-2-4 is crypto_shorthash (the
// default short hash of libsodium 1.0.18), whose eight output bytes are the integer little-endian:
// the digest here is that integer's big-endian bytes, as for every integer result.
#include <sodium.h>

#include <cstdio>

#include "../common/hashing_adapter.hpp"

using benchbox::hashing::Algorithm;
using benchbox::hashing::check_zero;

int main(int argc, char** argv) {
  static_assert(crypto_shorthash_BYTES == 8 && crypto_shorthash_KEYBYTES == sizeof benchbox::hashing::kSipHashKey);
  if (sodium_init() < 0) {
    std::fputs("libsodium: sodium_init() failed\n", stderr);
    return 1;
  }
  benchbox::hashing::Library sodium("libsodium", sodium_version_string());
  sodium
      .add(Algorithm::sha256, "crypto_hash_sha256()",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { check_zero(crypto_hash_sha256(out, in, n), "crypto_hash_sha256"); })
      .add(Algorithm::sha512, "crypto_hash_sha512()",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { check_zero(crypto_hash_sha512(out, in, n), "crypto_hash_sha512"); })
      .add(Algorithm::blake2b_512, "crypto_generichash(out, 64, ..., no key)",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
             check_zero(crypto_generichash(out, 64, in, n, nullptr, 0), "crypto_generichash");
           })
      .add(Algorithm::siphash24, "crypto_shorthash()", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
        unsigned char le[crypto_shorthash_BYTES];
        check_zero(crypto_shorthash(le, in, n, benchbox::hashing::kSipHashKey), "crypto_shorthash");
        benchbox::hashing::put_be_from_le64(out, le);
      });
  return sodium.main(argc, argv);
}
