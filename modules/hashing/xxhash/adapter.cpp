// xxHash: its one-shot calls, seed 0, called in the shared library as a program linking
// libxxhash does (XXH_INLINE_ALL, which compiles them into the caller, is not used); as a second
// row, its streaming calls on a state made once (reset, update, digest per message); as a third,
// XXH3's one-shot calls through the library's run-time CPU dispatch (xxh_x86dispatch.c), which
// xxhsum uses and XXH3_64bits does not: 2.9x apart at 100 KiB on this AVX-512 machine.
#include <xxhash.h>
#if __has_include(<xxh_x86dispatch.h>)  // Debian installs it on i386 and amd64, where it builds the dispatch
#define XXHASH_DISPATCH 1
// The header would otherwise #define XXH3_64bits and XXH3_128bits to the _dispatch calls, making
// the one-shot row silently the dispatch row.
#define XXH_DISPATCH_DISABLE_REPLACE
#include <cpuid.h>
#include <xxh_x86dispatch.h>
#endif

#include <memory>
#include <string>

#include "../common/hashing_adapter.hpp"

namespace {

// A streaming state for the process, shared by the copies of the call: XXH3 (64 and 128 bits
// share one state type), XXH32 and XXH64 have their own.
std::shared_ptr<XXH3_state_t> xxh3_state() { return {XXH3_createState(), XXH3_freeState}; }
std::shared_ptr<XXH32_state_t> xxh32_state() { return {XXH32_createState(), XXH32_freeState}; }
std::shared_ptr<XXH64_state_t> xxh64_state() { return {XXH64_createState(), XXH64_freeState}; }

void checked(XXH_errorcode rc) {
  if (rc != XXH_OK) throw std::runtime_error("xxHash's streaming call failed");
}

#if XXHASH_DISPATCH
// The code the dispatch calls pick here, by the test of xxh_x86dispatch.c's XXH_featureTest
// (0.8.1), repeated since the library keeps its answer (a static function, not exported): AVX-512
// where CPUID has AVX512F and XCR0 says the OS saves the ZMM and opmask registers, else AVX2 where
// CPUID and XCR0 allow YMM, else SSE2.
const char* dispatch_pick() {
  unsigned eax, ebx, ecx, edx;
  if (__get_cpuid_max(0, nullptr) < 7) return "SSE2";
  __cpuid(1, eax, ebx, ecx, edx);
  if ((ecx & (bit_XSAVE | bit_OSXSAVE)) != (bit_XSAVE | bit_OSXSAVE)) return "SSE2";
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  unsigned xcr0, xcr0_high;
  asm("xgetbv" : "=a"(xcr0), "=d"(xcr0_high) : "c"(0));
  if (!(ebx & bit_AVX2) || (xcr0 & 0x6) != 0x6) return "SSE2";
  if (!(ebx & bit_AVX512F) || (xcr0 & 0xE6) != 0xE6) return "AVX2";
  return "AVX-512";
}

// XXH3 through the dispatch: the variant `dispatch`. XXH32 and XXH64 have no dispatch call: not
// offered in this row. Only inputs over 240 bytes (XXH3's long loop) take the picked code.
void add_dispatch(benchbox::hashing::Library& xxhash) {
  using benchbox::hashing::Algorithm;
  using benchbox::hashing::put_be64;
  constexpr const char* kDispatch = "dispatch";
  xxhash
      .add_variant(kDispatch, Algorithm::xxh3_64, "XXH3_64bits_dispatch()",
                   [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be64(out, XXH3_64bits_dispatch(in, n)); })
      .add_variant(kDispatch, Algorithm::xxh3_128, "XXH3_128bits_dispatch()", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
        const XXH128_hash_t h = XXH3_128bits_dispatch(in, n);
        put_be64(out, h.high64);
        put_be64(out + 8, h.low64);
      });
  const std::string pick = dispatch_pick();
  xxhash.variant_traits(kDispatch,
                        {{"cpu features", pick + " above 240 bytes, as xxh_x86dispatch.c's test picks it on this machine (CPUID and "
                                                 "XCR0, the test repeated by the adapter); up to 240 bytes the scalar code "
                                                 "XXH3_64bits() runs too"}});
}
#endif

}  // namespace

int main(int argc, char** argv) {
  using benchbox::hashing::Algorithm;
  using benchbox::hashing::put_be32;
  using benchbox::hashing::put_be64;
  const unsigned v = XXH_versionNumber();
  benchbox::hashing::Library xxhash("xxhash", std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100));
  xxhash.add(Algorithm::xxh32, "XXH32()", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be32(out, XXH32(in, n, 0)); })
      .add(Algorithm::xxh64, "XXH64()", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be64(out, XXH64(in, n, 0)); })
      .add(Algorithm::xxh3_64, "XXH3_64bits()",
           [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) { put_be64(out, XXH3_64bits(in, n)); })
      .add(Algorithm::xxh3_128, "XXH3_128bits()", [](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
        const XXH128_hash_t h = XXH3_128bits(in, n);
        put_be64(out, h.high64);
        put_be64(out + 8, h.low64);
      });
  xxhash
      .add_incremental(Algorithm::xxh32, "XXH32_reset/update/digest()",
                       [s = xxh32_state()](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
                         checked(XXH32_reset(s.get(), 0));
                         checked(XXH32_update(s.get(), in, n));
                         put_be32(out, XXH32_digest(s.get()));
                       })
      .add_incremental(Algorithm::xxh64, "XXH64_reset/update/digest()",
                       [s = xxh64_state()](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
                         checked(XXH64_reset(s.get(), 0));
                         checked(XXH64_update(s.get(), in, n));
                         put_be64(out, XXH64_digest(s.get()));
                       })
      .add_incremental(Algorithm::xxh3_64, "XXH3_64bits_reset/update/digest()",
                       [s = xxh3_state()](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
                         checked(XXH3_64bits_reset(s.get()));
                         checked(XXH3_64bits_update(s.get(), in, n));
                         put_be64(out, XXH3_64bits_digest(s.get()));
                       })
      .add_incremental(Algorithm::xxh3_128, "XXH3_128bits_reset/update/digest()",
                       [s = xxh3_state()](const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
                         checked(XXH3_128bits_reset(s.get()));
                         checked(XXH3_128bits_update(s.get(), in, n));
                         const XXH128_hash_t h = XXH3_128bits_digest(s.get());
                         put_be64(out, h.high64);
                         put_be64(out + 8, h.low64);
                       });
#if XXHASH_DISPATCH
  add_dispatch(xxhash);
#endif
  return xxhash.main(argc, argv);
}
