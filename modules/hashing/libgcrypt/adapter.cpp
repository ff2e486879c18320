// libgcrypt: gcry_md_hash_buffer, its one-shot call, after the initialisation its manual asks of
// an application (gcry_check_version, then no secure memory, then initialisation finished).
// CRC-32 (GCRY_MD_CRC32, the CRC of RFC 1952) is written big-endian by libgcrypt itself. A second
// row: the incremental calls on a handle opened once (gcry_md_reset, gcry_md_write, gcry_md_read).
#include <gcrypt.h>

#include <cstdio>
#include <cstring>
#include <memory>

#include "../common/hashing_adapter.hpp"

namespace {

using benchbox::hashing::Algorithm;

struct Hash {
  int algo;
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const { gcry_md_hash_buffer(algo, out, in, n); }
};

// The incremental calls on a handle opened once: gcry_md_reset, gcry_md_write, gcry_md_read.
struct Incremental {
  int algo;
  std::shared_ptr<gcry_md_hd_t> handle = open(algo);
  static std::shared_ptr<gcry_md_hd_t> open(int algo) {
    auto h = std::shared_ptr<gcry_md_hd_t>(new gcry_md_hd_t{}, [](gcry_md_hd_t* p) {
      gcry_md_close(*p);
      delete p;
    });
    if (gcry_md_open(h.get(), algo, 0) != 0) throw std::runtime_error("gcry_md_open failed");
    return h;
  }
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    gcry_md_reset(*handle);
    gcry_md_write(*handle, in, n);
    std::memcpy(out, gcry_md_read(*handle, algo), gcry_md_get_algo_dlen(algo));
  }
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
#define BB_GCRY(algorithm, id) {Algorithm::algorithm, id, #id}
  const struct {
    Algorithm algorithm;
    int id;
    const char* name;
  } all[] = {BB_GCRY(crc32, GCRY_MD_CRC32),       BB_GCRY(md5, GCRY_MD_MD5),
             BB_GCRY(sha1, GCRY_MD_SHA1),         BB_GCRY(sha256, GCRY_MD_SHA256),
             BB_GCRY(sha512, GCRY_MD_SHA512),     BB_GCRY(sha3_256, GCRY_MD_SHA3_256),
             BB_GCRY(blake2b_512, GCRY_MD_BLAKE2B_512), BB_GCRY(blake2s_256, GCRY_MD_BLAKE2S_256)};
#undef BB_GCRY
  for (const auto& a : all) {
    gcrypt.add(a.algorithm, std::string("gcry_md_hash_buffer(") + a.name + ")", Hash{a.id});
    gcrypt.add_incremental(a.algorithm, std::string("gcry_md_reset/write/read(") + a.name + ")", Incremental{a.id});
  }
  return gcrypt.main(argc, argv);
}
