// OpenSSL's capability vector on x86-64: the CPUID words libcrypto picks its code from
// (OPENSSL_ia32cap_P), filled at load and masked by the environment variable OPENSSL_ia32cap
// (OPENSSL_ia32cap(3)). The adapter reads it through OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS); this
// header only parses and reads it, so the unit tests can give it any vector.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace benchbox::hashing::openssl {

// Words 0 and 1: CPUID(1) EDX and ECX, with OpenSSL's own bits (30: an Intel CPU, 1<<11 of word 1:
// AMD's XOP); words 2 and 3: CPUID(7) EBX and ECX. As OPENSSL_info prints it: 0xW1W0:0xW3W2.
struct Capabilities {
  std::uint64_t low = 0, high = 0;

  bool intel() const { return low >> 30 & 1; }
  bool ssse3() const { return low >> (32 + 9) & 1; }
  bool xop() const { return low >> (32 + 11) & 1; }
  bool avx() const { return low >> (32 + 28) & 1; }
  bool bmi1() const { return high >> 3 & 1; }
  bool avx2() const { return high >> 5 & 1; }
  bool bmi2() const { return high >> 8 & 1; }
  bool sha() const { return high >> 29 & 1; }
};

// "OPENSSL_ia32cap=0x...:0x..." (OPENSSL_info's text, " env:..." after it when the variable is set).
inline std::optional<Capabilities> parse_capabilities(std::string_view info) {
  constexpr std::string_view key = "OPENSSL_ia32cap=";
  const auto at = info.find(key);
  if (at == std::string_view::npos) return std::nullopt;
  const std::string text(info.substr(at + key.size()));
  char* end = nullptr;
  Capabilities c;
  c.low = std::strtoull(text.c_str(), &end, 0);
  if (end == text.c_str() || *end != ':') return std::nullopt;
  const char* second = end + 1;
  c.high = std::strtoull(second, &end, 0);
  if (end == second) return std::nullopt;
  return c;
}

// The features of `cpu` (the CPU's own CPUID words, laid out as the vector) that `lib` has off,
// among those OpenSSL's digests test, in the vector's order: "SHA", "BMI1, AVX2, BMI2, SHA".
inline std::string turned_off(const Capabilities& cpu, const Capabilities& lib) {
  struct Feature {
    const char* name;
    bool high;
    int bit;
  };
  constexpr Feature features[] = {{"SSSE3", false, 32 + 9}, {"AVX", false, 32 + 28}, {"BMI1", true, 3},   {"AVX2", true, 5},
                                  {"BMI2", true, 8},        {"AVX-512F", true, 16},    {"SHA", true, 29}};
  std::string out;
  for (const auto& f : features) {
    const auto has = [&](const Capabilities& c) { return ((f.high ? c.high : c.low) >> f.bit & 1) != 0; };
    if (has(cpu) && !has(lib)) out += (out.empty() ? "" : ", ") + std::string(f.name);
  }
  return out;
}

// The code each of OpenSSL 3.0's x86-64 block functions runs for this vector: the tests at the top
// of sha1_block_data_order (sha1-x86_64.pl) and sha256/sha512_block_data_order (sha512-x86_64.pl),
// in their order; Debian's libcrypto.so.3 makes the same tests (objdump).
inline std::string sha1_code(const Capabilities& c) {
  if (!c.ssse3()) return "x86-64 integer code";
  if (c.sha()) return "SHA-NI";
  if (c.avx2() && c.bmi1() && c.bmi2()) return "AVX2+BMI";
  if (c.avx() && c.intel()) return "AVX";
  return "SSSE3";
}
inline std::string sha256_code(const Capabilities& c) {
  if (c.sha()) return "SHA-NI";
  if (c.avx2() && c.bmi1() && c.bmi2()) return "AVX2+BMI";
  if (c.avx() && c.ssse3() && c.intel()) return "AVX";
  if (c.ssse3()) return "SSSE3";
  return "x86-64 integer code";
}
inline std::string sha512_code(const Capabilities& c) {
  if (c.xop()) return "XOP";
  if (c.avx2() && c.bmi1() && c.bmi2()) return "AVX2+BMI";
  if (c.avx() && c.ssse3() && c.intel()) return "AVX";
  return "x86-64 integer code";
}

// Whether the vector is what OPENSSL_ia32cap = `mask` asks for: "[~]A[:[~]B]", each number as C
// reads it (0x hex, 0 octal, else decimal). "~A" clears A's bits of words 0-1 and "A" sets them to
// A; after ':' the same for words 2-3, which without ':' are cleared. Bit 10 of word 0 is OpenSSL's
// "initialised" mark, set whatever the mask says. Empty: the mask took effect; else what did not.
inline std::string mask_problem(std::string_view mask, const Capabilities& c) {
  const std::string text(mask);
  const auto colon = text.find(':');
  const std::string first = text.substr(0, colon);
  const auto number = [](const std::string& s) { return std::strtoull(s.c_str() + (s.starts_with("~") ? 1 : 0), nullptr, 0); };
  constexpr std::uint64_t initialised = 1u << 10;
  if (!first.empty()) {
    const std::uint64_t a = number(first) & ~initialised;
    if (first.starts_with("~") ? (c.low & a) != 0 : (c.low & ~initialised) != a) return "words 0-1 are not as '" + first + "' asks";
  }
  const std::string second = colon == std::string::npos ? "0" : text.substr(colon + 1);
  const std::uint64_t b = number(second);
  if (second.starts_with("~") ? (c.high & b) != 0 : c.high != b) return "words 2-3 are not as '" + second + "' asks";
  return {};
}

}  // namespace benchbox::hashing::openssl
