// OpenSSL: EVP_Digest (the one-shot call of OpenSSL 3) with each algorithm fetched once from the
// default provider, as "Performance" in crypto(7) advises for repeated use; and, as a second row,
// the incremental calls on a context made once (EVP_DigestInit_ex2, Update, Final_ex per digest),
// as a program that hashes many messages writes it. The rows openssl@no-sha-ni and
// openssl@x86-64-v1 are this program run with OPENSSL_ia32cap set (CMakeLists.txt): every row
// names the code libcrypto picked for SHA-1 and SHA-2.
#include <cpuid.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>

#include "../common/hashing_adapter.hpp"
#include "capabilities.hpp"

namespace {

using benchbox::hashing::Algorithm;
namespace caps = benchbox::hashing::openssl;

// The CPU's own CPUID words in the vector's layout; AVX, AVX2 and AVX-512F off where the OS does
// not save the YMM registers, as OpenSSL clears them then.
caps::Capabilities cpu_capabilities() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  caps::Capabilities cpu;
  if (__get_cpuid(1, &a, &b, &c, &d)) cpu.low = d | std::uint64_t{c} << 32;
  if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) cpu.high = b | std::uint64_t{c} << 32;
  unsigned xcr0 = 0, high = 0;
  if (cpu.low >> (32 + 27) & 1) asm volatile("xgetbv" : "=a"(xcr0), "=d"(high) : "c"(0));  // OSXSAVE
  if ((xcr0 & 6) != 6) {
    cpu.low &= ~(std::uint64_t{1} << (32 + 28));
    cpu.high &= ~(std::uint64_t{1} << 5 | std::uint64_t{1} << 16);
  }
  return cpu;
}

// The rows' `cpu features`: the code the SHA block functions pick from libcrypto's capability
// vector as OPENSSL_info reports it; under OPENSSL_ia32cap (`mask`), which of this CPU's features
// it turned off. A mask the vector does not show throws: the row would measure what it does not say.
std::string found_cpu_features(const char* mask) {
  const char* info = OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS);
  const std::string vector = info ? info : "nothing";
  const auto lib = caps::parse_capabilities(vector);
  if (!lib) throw std::runtime_error("OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS) gave no capability vector: " + vector);
  std::string out = "SHA-1 " + caps::sha1_code(*lib) + ", SHA-256 " + caps::sha256_code(*lib) + ", SHA-512 " +
                    caps::sha512_code(*lib) + " (the block functions' pick from libcrypto's capability vector, " + vector + ")";
  if (!mask) return out;
  if (const auto problem = caps::mask_problem(mask, *lib); !problem.empty())
    throw std::runtime_error(std::string("OPENSSL_ia32cap=") + mask + " did not take effect: libcrypto's capability vector's " +
                             problem + " (" + vector + ")");
  const std::string off = caps::turned_off(cpu_capabilities(), *lib);
  return std::string("OPENSSL_ia32cap=") + mask + " turns off " + (off.empty() ? "none of this CPU's features" : "this CPU's " + off) +
         ": " + out;
}

struct Digest {
  EVP_MD* md;
  explicit Digest(const char* name) : md(EVP_MD_fetch(nullptr, name, nullptr)) {
    if (!md) throw std::runtime_error(std::string("EVP_MD_fetch(") + name + ") failed");
  }
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    if (!EVP_Digest(in, n, out, nullptr, md, nullptr)) throw std::runtime_error("EVP_Digest failed");
  }
};

// One EVP_MD_CTX for the process, shared by the copies of the call.
struct Incremental {
  EVP_MD* md;
  std::shared_ptr<EVP_MD_CTX> ctx{EVP_MD_CTX_new(), EVP_MD_CTX_free};
  explicit Incremental(const char* name) : md(Digest(name).md) {}
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    if (!EVP_DigestInit_ex2(ctx.get(), md, nullptr) || !EVP_DigestUpdate(ctx.get(), in, n) ||
        !EVP_DigestFinal_ex(ctx.get(), out, nullptr))
      throw std::runtime_error("EVP_DigestInit_ex2/Update/Final_ex failed");
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashing::Library openssl("openssl", OpenSSL_version(OPENSSL_VERSION_STRING));
  const char* mask = std::getenv("OPENSSL_ia32cap");
  try {
    openssl.found_cpu_features(found_cpu_features(mask));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "openssl: %s\n", e.what());
    return 1;
  }
  struct Named {
    Algorithm algorithm;
    const char* name;
    bool picked_by_capabilities;  // its block function tests the capability vector
  };
  const Named all[] = {{Algorithm::md5, "MD5", false},           {Algorithm::sha1, "SHA1", true},
                       {Algorithm::sha256, "SHA256", true},      {Algorithm::sha512, "SHA512", true},
                       {Algorithm::sha3_256, "SHA3-256", false}, {Algorithm::blake2b_512, "BLAKE2B-512", false},
                       {Algorithm::blake2s_256, "BLAKE2S-256", false}};
  // Under a mask (openssl@no-sha-ni, openssl@x86-64-v1) the rows the mask moves, one-shot only:
  // the other algorithms have one version of their code, and the streaming API runs the same
  // block functions.
  for (const auto& [algorithm, name, picked] : all) {
    if (mask && !picked) {
      openssl.leave_out(algorithm, std::string(name) + " has one version of its code, whatever OPENSSL_ia32cap says: the openssl row's");
      continue;
    }
    openssl.add(algorithm, std::string("EVP_Digest(") + name + ")", Digest(name));
    if (!mask)
      openssl.add_incremental(algorithm, std::string("EVP_DigestInit_ex2/Update/Final_ex(") + name + ")", Incremental(name));
  }
  return openssl.main(argc, argv);
}
