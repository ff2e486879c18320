// Botan 2: each hash made once per process (HashFunction::create_or_throw), then update() and
// final(out) per call: final writes the digest into the caller's buffer and resets the object for
// the next message. Not process(), which returns the digest in a new secure_vector every call.
// CRC32 and Adler32 are written big-endian by Botan already. SipHash is a MAC: Botan 2's
// SipHash::final_result ends in clear(), which forgets the key, so every call is set_key, update,
// final; its 64-bit result is written little-endian and turned into the integer's big-endian bytes.
#include <botan/hash.h>
#include <botan/mac.h>
#include <botan/version.h>

#include <memory>

#include "../common/hashing_adapter.hpp"

namespace {

using benchbox::hashing::Algorithm;

struct Hash {
  std::shared_ptr<Botan::HashFunction> h;  // one per algorithm for the process
  explicit Hash(const char* name) : h(Botan::HashFunction::create_or_throw(name)) {}
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    h->update(in, n);
    h->final(out);
  }
};

struct SipHash {
  std::shared_ptr<Botan::MessageAuthenticationCode> mac = Botan::MessageAuthenticationCode::create_or_throw("SipHash(2,4)");
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    mac->set_key(benchbox::hashing::kSipHashKey, sizeof benchbox::hashing::kSipHashKey);
    mac->update(in, n);
    std::uint8_t le[8];
    mac->final(le);
    benchbox::hashing::put_be_from_le64(out, le);
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashing::Library botan("botan", Botan::short_version_string());
  botan.add(Algorithm::crc32, "CRC32", Hash("CRC32"))
      .add(Algorithm::adler32, "Adler32", Hash("Adler32"))
      .add(Algorithm::siphash24, "SipHash(2,4) MAC", SipHash())
      .add(Algorithm::md5, "MD5", Hash("MD5"))
      .add(Algorithm::sha1, "SHA-1", Hash("SHA-1"))
      .add(Algorithm::sha256, "SHA-256", Hash("SHA-256"))
      .add(Algorithm::sha512, "SHA-512", Hash("SHA-512"))
      .add(Algorithm::sha3_256, "SHA-3(256)", Hash("SHA-3(256)"))
      .add(Algorithm::blake2b_512, "BLAKE2b(512)", Hash("BLAKE2b(512)"));
  return botan.main(argc, argv);
}
