// libb2: blake2b() and blake2s(), its one-shot calls, unkeyed (key NULL, key length 0), with the
// full digest length (64 and 32 bytes).
#include <blake2.h>

#include "../common/hashing_adapter.hpp"

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  benchbox::hashing::Library libb2("libb2", BB_LIBRARY_VERSION);
  libb2.add(Algorithm::blake2b_512, "blake2b(out, in, NULL, 64, n, 0)",
            [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
              if (blake2b(out, in, nullptr, 64, n, 0) != 0) throw std::runtime_error("blake2b failed");
            })
      .add(Algorithm::blake2s_256, "blake2s(out, in, NULL, 32, n, 0)", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
        if (blake2s(out, in, nullptr, 32, n, 0) != 0) throw std::runtime_error("blake2s failed");
      });
  return libb2.main(argc, argv);
}
