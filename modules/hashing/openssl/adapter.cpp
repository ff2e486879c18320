// OpenSSL: EVP_Digest (the one-shot call of OpenSSL 3) with each algorithm fetched once from the
// default provider, as "Performance" in crypto(7) advises for repeated use; and, as a second row,
// the incremental calls on a context made once (EVP_DigestInit_ex2, Update, Final_ex per digest),
// as a program that hashes many messages writes it.
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <memory>
#include <utility>

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

// One EVP_MD_CTX for the process, shared by the copies of the call.
struct Incremental {
  EVP_MD* md;
  std::shared_ptr<EVP_MD_CTX> ctx{EVP_MD_CTX_new(), EVP_MD_CTX_free};
  explicit Incremental(const char* name) : md(Digest(name).md) {}
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    if (!EVP_DigestInit_ex2(ctx.get(), md, nullptr) || !EVP_DigestUpdate(ctx.get(), in, n) ||
        !EVP_DigestFinal_ex(ctx.get(), out, nullptr))
      throw std::runtime_error("EVP_DigestInit_ex2/Update/Final_ex failed");
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
  const std::pair<Algorithm, const char*> all[] = {{Algorithm::md5, "MD5"},           {Algorithm::sha1, "SHA1"},
                                                   {Algorithm::sha256, "SHA256"},     {Algorithm::sha512, "SHA512"},
                                                   {Algorithm::sha3_256, "SHA3-256"}, {Algorithm::blake2b_512, "BLAKE2B-512"},
                                                   {Algorithm::blake2s_256, "BLAKE2S-256"}};
  for (const auto& [algorithm, name] : all)
    openssl.add_incremental(algorithm, std::string("EVP_DigestInit_ex2/Update/Final_ex(") + name + ")", Incremental(name));
  return openssl.main(argc, argv);
}
