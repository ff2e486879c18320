// xxHash: its one-shot calls, seed 0, called in the shared library as a program linking
// libxxhash does (XXH_INLINE_ALL, which compiles them into the caller, is not used); and, as a
// second row, its streaming calls on a state made once (reset, update, digest per message).
#include <xxhash.h>

#include <memory>

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
  return xxhash.main(argc, argv);
}
