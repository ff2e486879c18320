// LibTomCrypt: hash_memory(), its one-shot call, with each algorithm's descriptor registered once
// (register_hash) and its index looked up once (find_hash), as the library's manual shows.
// hash_memory allocates its hash_state (XMALLOC) and frees it inside every call.
#include "../common/hashing_adapter.hpp"

// After the adapter's headers: tomcrypt.h defines a macro named byte(x, n).
#include <tomcrypt.h>

namespace {

using benchbox::hashing::Algorithm;

struct Hash {
  int index;
  unsigned long size;
  explicit Hash(const ltc_hash_descriptor& d) : index(register_hash(&d)), size(d.hashsize) {
    if (index < 0 || find_hash(d.name) != index) throw std::runtime_error(std::string("register_hash(") + d.name + ") failed");
  }
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    unsigned long out_size = size;
    if (hash_memory(index, in, n, out, &out_size) != CRYPT_OK || out_size != size) throw std::runtime_error("hash_memory failed");
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashing::Library tomcrypt("libtomcrypt", SCRYPT);
  tomcrypt.add(Algorithm::md5, "hash_memory(md5_desc)", Hash(md5_desc))
      .add(Algorithm::sha1, "hash_memory(sha1_desc)", Hash(sha1_desc))
      .add(Algorithm::sha256, "hash_memory(sha256_desc)", Hash(sha256_desc))
      .add(Algorithm::sha512, "hash_memory(sha512_desc)", Hash(sha512_desc))
      .add(Algorithm::sha3_256, "hash_memory(sha3_256_desc)", Hash(sha3_256_desc))
      .add(Algorithm::blake2b_512, "hash_memory(blake2b_512_desc)", Hash(blake2b_512_desc))
      .add(Algorithm::blake2s_256, "hash_memory(blake2s_256_desc)", Hash(blake2s_256_desc));
  return tomcrypt.main(argc, argv);
}
