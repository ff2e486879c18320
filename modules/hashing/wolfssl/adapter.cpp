// wolfSSL's wolfCrypt: its one-shot calls wc_Md5Hash, wc_ShaHash, wc_Sha256Hash, wc_Sha512Hash,
// wc_Sha3_256Hash (each keeps its context on its own stack in Debian's build, which does not
// define WOLFSSL_SMALL_STACK) and wc_SipHash. BLAKE2b and BLAKE2s (HAVE_BLAKE2B, HAVE_BLAKE2S in
// Debian's options.h) have no exported one-shot call: a context on the stack, wc_InitBlake2b,
// wc_Blake2bUpdate, wc_Blake2bFinal per call. SipHash's 64-bit result is written little-endian and
// turned into the integer's big-endian bytes. Lengths are word32: the module's inputs fit.
#include <wolfssl/options.h>  // Debian's build configuration, first (wolfSSL's rule)
#include <wolfssl/ssl.h>
#include <wolfssl/wolfcrypt/blake2.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/sha3.h>
#include <wolfssl/wolfcrypt/siphash.h>

#include <limits>

#include "../common/hashing_adapter.hpp"

#if !defined(HAVE_BLAKE2B) || !defined(HAVE_BLAKE2S) || !defined(WOLFSSL_SHA3) || !defined(WOLFSSL_SIPHASH)
#error "this wolfSSL build lacks BLAKE2, SHA-3 or SipHash: the adapter names them"
#endif

namespace {

using benchbox::hashing::Algorithm;
using benchbox::hashing::check_zero;

word32 length(std::size_t n) {
  if (n > std::numeric_limits<word32>::max()) throw std::runtime_error("wolfCrypt takes a 32-bit length");
  return static_cast<word32>(n);
}

template <int (*Fn)(const byte*, word32, byte*)>
void one_shot(const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
  check_zero(Fn(in, length(n), out), "wolfCrypt's hash");
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashing::Library wolfssl("wolfssl", wolfSSL_lib_version());
  wolfssl.add(Algorithm::siphash24, "wc_SipHash",
              [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
                std::uint8_t le[8];
                check_zero(wc_SipHash(benchbox::hashing::kSipHashKey, in, length(n), le, 8), "wc_SipHash");
                benchbox::hashing::put_be_from_le64(out, le);
              })
      .add(Algorithm::md5, "wc_Md5Hash", one_shot<wc_Md5Hash>)
      .add(Algorithm::sha1, "wc_ShaHash", one_shot<wc_ShaHash>)
      .add(Algorithm::sha256, "wc_Sha256Hash", one_shot<wc_Sha256Hash>)
      .add(Algorithm::sha512, "wc_Sha512Hash", one_shot<wc_Sha512Hash>)
      .add(Algorithm::sha3_256, "wc_Sha3_256Hash", one_shot<wc_Sha3_256Hash>)
      .add(Algorithm::blake2b_512, "wc_InitBlake2b(64), wc_Blake2bUpdate, wc_Blake2bFinal",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
             Blake2b b;
             check_zero(wc_InitBlake2b(&b, 64), "wc_InitBlake2b");
             check_zero(wc_Blake2bUpdate(&b, in, length(n)), "wc_Blake2bUpdate");
             check_zero(wc_Blake2bFinal(&b, out, 64), "wc_Blake2bFinal");
           })
      .add(Algorithm::blake2s_256, "wc_InitBlake2s(32), wc_Blake2sUpdate, wc_Blake2sFinal",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
             Blake2s s;
             check_zero(wc_InitBlake2s(&s, 32), "wc_InitBlake2s");
             check_zero(wc_Blake2sUpdate(&s, in, length(n)), "wc_Blake2sUpdate");
             check_zero(wc_Blake2sFinal(&s, out, 32), "wc_Blake2sFinal");
           });
  return wolfssl.main(argc, argv);
}
