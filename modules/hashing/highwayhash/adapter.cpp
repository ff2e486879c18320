// HighwayHash: its C bindings, HighwayHash64 (which dispatches on the CPU at every call) and
// SipHashC, each with the key of the module's known answers.
#include <highwayhash/c_bindings.h>

#include <array>

#include "../common/hashing_adapter.hpp"

namespace {

// The key of HighwayHash's test vectors (algorithms.hpp): the bytes 00 .. 1f as little-endian words.
const HHKey kHighwayKey = {0x0706050403020100ull, 0x0f0e0d0c0b0a0908ull, 0x1716151413121110ull, 0x1f1e1d1c1b1a1918ull};

// SipHash's key: kSipHashKey's bytes as the two little-endian words SipHashC takes.
const std::uint64_t* sip_key() {
  static const auto words = [] {
    std::array<std::uint64_t, 2> w{};
    for (int i = 0; i < 16; ++i) w[i / 8] |= std::uint64_t{benchbox::hashing::kSipHashKey[i]} << (8 * (i % 8));
    return w;
  }();
  return words.data();
}

}  // namespace

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  using benchbox::hashing::put_be64;
  const std::uint64_t* const sip = sip_key();
  benchbox::hashing::Library highwayhash("highwayhash", BB_LIBRARY_VERSION);
  highwayhash
      .add(Algorithm::highwayhash64, "HighwayHash64()",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
             put_be64(out, HighwayHash64(kHighwayKey, reinterpret_cast<const char*>(in), n));
           })
      .add(Algorithm::siphash24, "SipHashC()", [sip](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
        put_be64(out, SipHashC(sip, reinterpret_cast<const char*>(in), n));
      });
  return highwayhash.main(argc, argv);
}
