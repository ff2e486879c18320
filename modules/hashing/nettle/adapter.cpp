// Nettle: no one-shot call, so each call is the shortest sequence its manual gives for one
// message: a context on the stack, init, one update with the whole input, digest.
#include <nettle/md5.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <nettle/sha3.h>
#include <nettle/version.h>

#include "../common/hashing_adapter.hpp"

namespace {

using benchbox::hashing::Algorithm;

template <class Ctx, void (*Init)(Ctx*), void (*Update)(Ctx*, std::size_t, const std::uint8_t*),
          void (*Digest)(Ctx*, std::size_t, std::uint8_t*), std::size_t Bytes>
void hash(const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
  Ctx ctx;
  Init(&ctx);
  Update(&ctx, n, in);
  Digest(&ctx, Bytes, out);
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashing::Library nettle("nettle", std::to_string(nettle_version_major()) + "." + std::to_string(nettle_version_minor()));
  nettle.add(Algorithm::md5, "md5_init/update/digest", hash<md5_ctx, md5_init, md5_update, md5_digest, MD5_DIGEST_SIZE>)
      .add(Algorithm::sha1, "sha1_init/update/digest", hash<sha1_ctx, sha1_init, sha1_update, sha1_digest, SHA1_DIGEST_SIZE>)
      .add(Algorithm::sha256, "sha256_init/update/digest",
           hash<sha256_ctx, sha256_init, sha256_update, sha256_digest, SHA256_DIGEST_SIZE>)
      .add(Algorithm::sha512, "sha512_init/update/digest",
           hash<sha512_ctx, sha512_init, sha512_update, sha512_digest, SHA512_DIGEST_SIZE>)
      .add(Algorithm::sha3_256, "sha3_256_init/update/digest",
           hash<sha3_256_ctx, sha3_256_init, sha3_256_update, sha3_256_digest, SHA3_256_DIGEST_SIZE>);
  return nettle.main(argc, argv);
}
