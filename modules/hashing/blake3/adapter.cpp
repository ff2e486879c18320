// BLAKE3's C library: its C API has no one-shot call, so each call is the shortest sequence for
// one message: a hasher on the stack, blake3_hasher_init (hash mode, unkeyed), one
// blake3_hasher_update with the whole input, blake3_hasher_finalize of the default 32 bytes.
#include <blake3.h>

#include "../common/hashing_adapter.hpp"

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  benchbox::hashing::Library blake3("blake3", blake3_version());
  blake3.add(Algorithm::blake3_256, "blake3_hasher_init/update/finalize(out, 32)",
             [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
               blake3_hasher hasher;
               blake3_hasher_init(&hasher);
               blake3_hasher_update(&hasher, in, n);
               blake3_hasher_finalize(&hasher, out, BLAKE3_OUT_LEN);
             });
  return blake3.main(argc, argv);
}
