// Mbed TLS 2.28: its one-shot calls, the *_ret ones (2.28's; the names without _ret are the
// deprecated void ones, and Mbed TLS 3 renamed *_ret to the plain names).
#include <mbedtls/md5.h>
#include <mbedtls/sha1.h>
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>
#include <mbedtls/version.h>

#include "../common/hashing_adapter.hpp"

using benchbox::hashing::Algorithm;
using benchbox::hashing::check_zero;

int main(int argc, char** argv) {
  char version[16] = {};  // mbedtls_version_get_string: "at least 9 bytes"
  mbedtls_version_get_string(version);
  benchbox::hashing::Library mbedtls("mbedtls", version);
  mbedtls
      .add(Algorithm::md5, "mbedtls_md5_ret()",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { check_zero(mbedtls_md5_ret(in, n, out), "mbedtls_md5_ret"); })
      .add(Algorithm::sha1, "mbedtls_sha1_ret()",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { check_zero(mbedtls_sha1_ret(in, n, out), "mbedtls_sha1_ret"); })
      .add(Algorithm::sha256, "mbedtls_sha256_ret(..., 0)",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { check_zero(mbedtls_sha256_ret(in, n, out, 0), "mbedtls_sha256_ret"); })
      .add(Algorithm::sha512, "mbedtls_sha512_ret(..., 0)",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { check_zero(mbedtls_sha512_ret(in, n, out, 0), "mbedtls_sha512_ret"); });
  return mbedtls.main(argc, argv);
}
