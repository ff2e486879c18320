// GnuTLS: gnutls_hash_fast, its one-shot call. The library initialises itself when it is loaded
// (gnutls_global_init from its constructor, GnuTLS 3.3 and later), which is when it registers its
// x86 SHA code.
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include "../common/hashing_adapter.hpp"

namespace {

using benchbox::hashing::Algorithm;

struct Hash {
  gnutls_digest_algorithm_t algo;
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    if (gnutls_hash_fast(algo, in, n, out) < 0) throw std::runtime_error("gnutls_hash_fast failed");
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashing::Library gnutls("gnutls", gnutls_check_version(nullptr));
  gnutls.add(Algorithm::md5, "gnutls_hash_fast(GNUTLS_DIG_MD5)", Hash{GNUTLS_DIG_MD5})
      .add(Algorithm::sha1, "gnutls_hash_fast(GNUTLS_DIG_SHA1)", Hash{GNUTLS_DIG_SHA1})
      .add(Algorithm::sha256, "gnutls_hash_fast(GNUTLS_DIG_SHA256)", Hash{GNUTLS_DIG_SHA256})
      .add(Algorithm::sha512, "gnutls_hash_fast(GNUTLS_DIG_SHA512)", Hash{GNUTLS_DIG_SHA512})
      .add(Algorithm::sha3_256, "gnutls_hash_fast(GNUTLS_DIG_SHA3_256)", Hash{GNUTLS_DIG_SHA3_256});
  return gnutls.main(argc, argv);
}
