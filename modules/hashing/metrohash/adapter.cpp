// MetroHash: MetroHash64::Hash, its one-shot call, seed 0; the digest is the 8 bytes it writes.
#include <metrohash/metrohash64.h>

#include "../common/hashing_adapter.hpp"

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  benchbox::hashing::Library metrohash("metrohash", BB_LIBRARY_VERSION);
  metrohash.add(Algorithm::metrohash64, "MetroHash64::Hash()",
                [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { MetroHash64::Hash(in, n, out, 0); });
  return metrohash.main(argc, argv);
}
