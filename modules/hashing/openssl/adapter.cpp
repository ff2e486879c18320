// OpenSSL: EVP_Digest (the one-shot call of OpenSSL 3) with each algorithm fetched once from the
// default provider, as "Performance" in crypto(7) advises for repeated use.
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "../common/hashing_adapter.hpp"

namespace {

using benchbox::hashing::Algorithm;

struct Digest {
  EVP_MD* md;
  explicit Digest(const char* name) : md(EVP_MD_fetch(nullptr, name, nullptr)) {
    if (!md) throw std::runtime_error(std::string("EVP_MD_fetch(") + name + ") failed");
  }
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    if (!EVP_Digest(in, n, out, nullptr, md, nullptr)) throw std::runtime_error("EVP_Digest failed");
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashing::Library openssl("openssl", OpenSSL_version(OPENSSL_VERSION_STRING));
  openssl.add(Algorithm::md5, "EVP_Digest(MD5)", Digest("MD5"))
      .add(Algorithm::sha1, "EVP_Digest(SHA1)", Digest("SHA1"))
      .add(Algorithm::sha256, "EVP_Digest(SHA256)", Digest("SHA256"))
      .add(Algorithm::sha512, "EVP_Digest(SHA512)", Digest("SHA512"))
      .add(Algorithm::sha3_256, "EVP_Digest(SHA3-256)", Digest("SHA3-256"))
      .add(Algorithm::blake2b_512, "EVP_Digest(BLAKE2B-512)", Digest("BLAKE2B-512"))
      .add(Algorithm::blake2s_256, "EVP_Digest(BLAKE2S-256)", Digest("BLAKE2S-256"));
  return openssl.main(argc, argv);
}
