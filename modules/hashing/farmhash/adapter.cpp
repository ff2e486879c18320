// FarmHash: util::Fingerprint64, the member of the family that is the same on every platform and
// never changes (farmhashna::Hash64), not util::Hash64, which may differ by platform and build.
#include <farmhash.h>

#include "../common/hashing_adapter.hpp"

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  using benchbox::hashing::put_be64;
  benchbox::hashing::Library farmhash("farmhash", BB_LIBRARY_VERSION);
  farmhash.add(Algorithm::farmhash64, "util::Fingerprint64()", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
    put_be64(out, util::Fingerprint64(reinterpret_cast<const char*>(in), n));
  });
  return farmhash.main(argc, argv);
}
