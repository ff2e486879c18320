// libgcrypt: gcry_md_hash_buffer, its one-shot call, after the initialisation its manual asks of
// an application (gcry_check_version, then no secure memory, then initialisation finished).
// CRC-32 (GCRY_MD_CRC32, the CRC of RFC 1952) is written big-endian by libgcrypt itself.
#include <gcrypt.h>

#include <cstdio>

#include "../common/hashing_adapter.hpp"

namespace {

using benchbox::hashing::Algorithm;

struct Hash {
  int algo;
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const { gcry_md_hash_buffer(algo, out, in, n); }
};

}  // namespace

int main(int argc, char** argv) {
  const char* version = gcry_check_version(GCRYPT_VERSION);  // initialises the library (global_init)
  if (!version) {
    std::fputs("libgcrypt: gcry_check_version(" GCRYPT_VERSION ") failed: an older library than the header\n", stderr);
    return 1;
  }
  gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
  benchbox::hashing::Library gcrypt("libgcrypt", version);
  gcrypt.add(Algorithm::crc32, "gcry_md_hash_buffer(GCRY_MD_CRC32)", Hash{GCRY_MD_CRC32})
      .add(Algorithm::md5, "gcry_md_hash_buffer(GCRY_MD_MD5)", Hash{GCRY_MD_MD5})
      .add(Algorithm::sha1, "gcry_md_hash_buffer(GCRY_MD_SHA1)", Hash{GCRY_MD_SHA1})
      .add(Algorithm::sha256, "gcry_md_hash_buffer(GCRY_MD_SHA256)", Hash{GCRY_MD_SHA256})
      .add(Algorithm::sha512, "gcry_md_hash_buffer(GCRY_MD_SHA512)", Hash{GCRY_MD_SHA512})
      .add(Algorithm::sha3_256, "gcry_md_hash_buffer(GCRY_MD_SHA3_256)", Hash{GCRY_MD_SHA3_256})
      .add(Algorithm::blake2b_512, "gcry_md_hash_buffer(GCRY_MD_BLAKE2B_512)", Hash{GCRY_MD_BLAKE2B_512})
      .add(Algorithm::blake2s_256, "gcry_md_hash_buffer(GCRY_MD_BLAKE2S_256)", Hash{GCRY_MD_BLAKE2S_256});
  return gcrypt.main(argc, argv);
}
