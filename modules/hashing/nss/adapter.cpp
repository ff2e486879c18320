// NSS: PK11_HashBuf, its one-shot call, after NSS_NoDB_Init (no certificate or key database:
// the internal PKCS#11 module, softoken, does the hashing with freebl's code).
#include <nss.h>
#include <pk11pub.h>
#include <secoidt.h>

#include <cstdio>
#include <limits>

#include "../common/hashing_adapter.hpp"

namespace {

using benchbox::hashing::Algorithm;

struct Hash {
  SECOidTag oid;
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    if (n > static_cast<std::size_t>(std::numeric_limits<PRInt32>::max())) throw std::length_error("PK11_HashBuf takes a PRInt32 length");
    if (PK11_HashBuf(oid, out, in, static_cast<PRInt32>(n)) != SECSuccess) throw std::runtime_error("PK11_HashBuf failed");
  }
};

}  // namespace

// NSS_Shutdown() when main() returns, once NSS_NoDB_Init succeeded.
struct NssSession {
  ~NssSession() { NSS_Shutdown(); }
};

int main(int argc, char** argv) {
  if (NSS_NoDB_Init(nullptr) != SECSuccess) {
    std::fputs("nss: NSS_NoDB_Init failed\n", stderr);
    return 1;
  }
  const NssSession session;
  benchbox::hashing::Library nss("nss", NSS_GetVersion());
  nss.add(Algorithm::md5, "PK11_HashBuf(SEC_OID_MD5)", Hash{SEC_OID_MD5})
      .add(Algorithm::sha1, "PK11_HashBuf(SEC_OID_SHA1)", Hash{SEC_OID_SHA1})
      .add(Algorithm::sha256, "PK11_HashBuf(SEC_OID_SHA256)", Hash{SEC_OID_SHA256})
      .add(Algorithm::sha512, "PK11_HashBuf(SEC_OID_SHA512)", Hash{SEC_OID_SHA512});
  return nss.main(argc, argv);
}
