// The OpenSSL adapter's reading of libcrypto's capability vector (openssl/capabilities.hpp): what
// OPENSSL_info prints, which code OpenSSL's SHA block functions pick for a vector, which of the
// CPU's features a mask turned off, and whether a vector is what OPENSSL_ia32cap asked for. The
// vectors are a Zen 4's as `openssl version -c` printed them, unmasked and under masks.
#include "hashing/openssl/capabilities.hpp"

#include <gtest/gtest.h>

using namespace benchbox::hashing::openssl;

namespace {

constexpr Capabilities kZen4{0xfffa3203078bffff, 0x405fc6f1bf07ab};       // no mask
constexpr Capabilities kZen4NoSha{0xfffa3203078bffff, 0x405fc6d1bf07ab};  // OPENSSL_ia32cap=:~0x20000000

Capabilities without(Capabilities c, std::uint64_t low, std::uint64_t high) {
  c.low &= ~low;
  c.high &= ~high;
  return c;
}

}  // namespace

TEST(OpensslCapabilities, ParsesWhatOpensslInfoPrints) {
  const auto plain = parse_capabilities("OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->low, kZen4.low);
  EXPECT_EQ(plain->high, kZen4.high);
  const auto masked = parse_capabilities("CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6d1bf07ab env::~0x20000000");
  ASSERT_TRUE(masked);
  EXPECT_EQ(masked->high, kZen4NoSha.high);
  EXPECT_FALSE(parse_capabilities(""));
  EXPECT_FALSE(parse_capabilities("OPENSSL_ia32cap=0x1"));
  EXPECT_FALSE(parse_capabilities("OPENSSL_ia32cap=:0x1"));
  EXPECT_FALSE(parse_capabilities("OPENSSL_armcap=0x3d"));
}

TEST(OpensslCapabilities, TheBlockFunctionsPickInOpensslsOrder) {
  EXPECT_EQ(sha1_code(kZen4), "SHA-NI");
  EXPECT_EQ(sha256_code(kZen4), "SHA-NI");
  EXPECT_EQ(sha512_code(kZen4), "AVX2+BMI");
  EXPECT_EQ(sha1_code(kZen4NoSha), "AVX2+BMI");
  EXPECT_EQ(sha256_code(kZen4NoSha), "AVX2+BMI");
  // BMI2 off: AVX2 is not taken; an AMD CPU has no "Intel" bit, so not AVX either.
  const auto no_bmi2 = without(kZen4NoSha, 0, 1u << 8);
  EXPECT_EQ(sha1_code(no_bmi2), "SSSE3");
  EXPECT_EQ(sha256_code(no_bmi2), "SSSE3");
  EXPECT_EQ(sha512_code(no_bmi2), "x86-64 integer code");
  const auto intel = Capabilities{no_bmi2.low | 1u << 30, no_bmi2.high};
  EXPECT_EQ(sha1_code(intel), "AVX");
  EXPECT_EQ(sha256_code(intel), "AVX");
  EXPECT_EQ(sha512_code(intel), "AVX");
  // Without SSSE3, SHA-1 takes its integer code before it looks at SHA; SHA-256 does not.
  const auto no_ssse3 = without(kZen4, std::uint64_t{1} << (32 + 9), 0);
  EXPECT_EQ(sha1_code(no_ssse3), "x86-64 integer code");
  EXPECT_EQ(sha256_code(no_ssse3), "SHA-NI");
  EXPECT_EQ(sha512_code(Capabilities{kZen4.low | std::uint64_t{1} << (32 + 11), kZen4.high}), "XOP");
  EXPECT_EQ(sha256_code(Capabilities{}), "x86-64 integer code");
}

TEST(OpensslCapabilities, NamesTheCpusFeaturesAMaskTurnedOff) {
  EXPECT_EQ(turned_off(kZen4, kZen4), "");
  EXPECT_EQ(turned_off(kZen4, kZen4NoSha), "SHA");
  EXPECT_EQ(turned_off(kZen4, Capabilities{kZen4.low, 0}), "BMI1, AVX2, BMI2, AVX-512F, SHA");
  // A feature the CPU lacks is not one the mask turned off.
  EXPECT_EQ(turned_off(kZen4NoSha, Capabilities{kZen4.low, 0}), "BMI1, AVX2, BMI2, AVX-512F");
}

TEST(OpensslCapabilities, AMaskThatDidNotTakeEffectIsNamed) {
  EXPECT_EQ(mask_problem(":~0x20000000", kZen4NoSha), "");
  EXPECT_EQ(mask_problem(":~0x20000000", kZen4), "words 2-3 are not as '~0x20000000' asks");
  EXPECT_EQ(mask_problem(":0", Capabilities{kZen4.low, 0}), "");
  EXPECT_EQ(mask_problem(":0", kZen4), "words 2-3 are not as '0' asks");
  // Without ':' the second words are cleared; bit 10 of the first is OpenSSL's own mark.
  EXPECT_EQ(mask_problem("~0x200000000000", Capabilities{without(kZen4, std::uint64_t{1} << 45, 0).low, 0}), "");
  EXPECT_EQ(mask_problem("~0x200000000000", without(kZen4, std::uint64_t{1} << 45, 0)), "words 2-3 are not as '0' asks");
  EXPECT_EQ(mask_problem("~0x200000000000", Capabilities{kZen4.low, 0}), "words 0-1 are not as '~0x200000000000' asks");
  EXPECT_EQ(mask_problem("0x78bfbff:0", Capabilities{0x78bfbff | 1u << 10, 0}), "");
  EXPECT_EQ(mask_problem("0x78bfbff:0", Capabilities{kZen4.low, 0}), "words 0-1 are not as '0x78bfbff' asks");
}
