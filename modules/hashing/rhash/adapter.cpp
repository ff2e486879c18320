// LibRHash: rhash_msg(), its one-shot call (rhash_init, rhash_update, rhash_final, rhash_free:
// a context is allocated and freed inside every call), after rhash_library_init() once.
// LibRHash hands MD5, SHA-1 and SHA-2 to OpenSSL's libcrypto by default when it can load it
// (its "OpenSSL mask"); it is set to 0 before rhash_library_init(), as rhash.h documents, so that
// every row measures RHash's own code rather than OpenSSL's a second time.
// CRC32 and CRC32C come out big-endian, the integer's bytes, as the other digests' bytes do.
#include <rhash.h>

#include "../common/hashing_adapter.hpp"

namespace {

using benchbox::hashing::Algorithm;

struct Msg {
  unsigned id;
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    if (rhash_msg(id, in, n, out) != 0) throw std::runtime_error("rhash_msg failed");
  }
};

std::string version() {
  rhash_set_openssl_mask(0);  // before rhash_library_init: OpenSSL is not loaded
  rhash_library_init();
  if (rhash_get_openssl_available_mask() != 0) throw std::runtime_error("LibRHash loaded OpenSSL");
  const auto v = static_cast<unsigned long>(rhash_transmit(RMSG_GET_LIBRHASH_VERSION, nullptr, 0, 0));  // 0x01040300
  return std::to_string(v >> 24) + "." + std::to_string(v >> 16 & 0xff) + "." + std::to_string(v >> 8 & 0xff);
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashing::Library rhash("rhash", version());
  rhash.add(Algorithm::crc32, "rhash_msg(RHASH_CRC32)", Msg{RHASH_CRC32})
      .add(Algorithm::crc32c, "rhash_msg(RHASH_CRC32C)", Msg{RHASH_CRC32C})
      .add(Algorithm::md5, "rhash_msg(RHASH_MD5)", Msg{RHASH_MD5})
      .add(Algorithm::sha1, "rhash_msg(RHASH_SHA1)", Msg{RHASH_SHA1})
      .add(Algorithm::sha256, "rhash_msg(RHASH_SHA256)", Msg{RHASH_SHA256})
      .add(Algorithm::sha512, "rhash_msg(RHASH_SHA512)", Msg{RHASH_SHA512})
      .add(Algorithm::sha3_256, "rhash_msg(RHASH_SHA3_256)", Msg{RHASH_SHA3_256})
      .add(Algorithm::blake2b_512, "rhash_msg(RHASH_BLAKE2B)", Msg{RHASH_BLAKE2B})
      .add(Algorithm::blake2s_256, "rhash_msg(RHASH_BLAKE2S)", Msg{RHASH_BLAKE2S});
  return rhash.main(argc, argv);
}
