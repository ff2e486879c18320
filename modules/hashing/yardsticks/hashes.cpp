// A yardstick for the hashing module (docs/method.md, "Yardsticks"): a minimal program that hashes
// one buffer again and again with OpenSSL's SHA-256, xxHash's XXH3-64 or ISA-L's CRC-32 the way a
// user's program calls them, and includes nothing of benchbox (no adapter header, no algorithms.hpp: the input is
// generated again here from its definition, modules/hashing/algorithms.hpp `input_bytes`).
// scripts/accuracy.py runs it interleaved with the matching `bulk` row.
//
//   hashing_yardstick LIBRARY ALGORITHM SIZE OPS REPS     openssl sha256 | xxhash xxh3_64
//
// openssl sha256: EVP_Digest with SHA-256 fetched once by EVP_MD_fetch (the adapter's call), the
// digest written into a buffer on the stack, its return value checked on every call.
// xxhash xxh3_64: XXH3_64bits, the 64-bit values added up, as a program uses each hash it asks for.
// One untimed warm-up pass, then REPS timed passes of OPS calls on the first SIZE bytes of the
// module's input: one line `ns_per_op <value>` each, then `check <1 if the timed calls' digests are
// the one computed after the clock> <that digest, hex>` (an integer result as its big-endian bytes,
// as benchbox and xxhsum print it).
#include <openssl/evp.h>
#include <isa-l/crc.h>
#include <xxhash.h>

#include <splitmix.hpp>   // the input's stream, as benchbox's hashing module makes it
#include <yardstick.hpp>  // the clock and the passes, as in every yardstick

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using yardstick::start_clock;
using yardstick::stop_clock;

// The module's input: the first n bytes of splitmix64's stream (state 0x9e3779b97f4a7c15 * 42),
// each word little-endian.
std::vector<unsigned char> input_bytes(std::size_t n) {
  std::vector<unsigned char> out(n);
  yardstick::SplitMix stream{0x9e3779b97f4a7c15ull * 42};
  for (std::size_t i = 0; i < n; i += 8) {
    const std::uint64_t z = stream.next();
    for (std::size_t b = 0; b < 8 && i + b < n; ++b) out[i + b] = static_cast<unsigned char>(z >> (8 * b));
  }
  return out;
}

void print_check(bool same, const unsigned char* digest, std::size_t n) {
  std::printf("check %d ", same ? 1 : 0);
  for (std::size_t i = 0; i < n; ++i) std::printf("%02x", digest[i]);
  std::printf("\n");
}

int sha256(const std::vector<unsigned char>& in, std::uint64_t ops, int reps) {
  EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  if (!md) {
    std::fprintf(stderr, "hashing_yardstick: EVP_MD_fetch(SHA256) failed\n");
    return 1;
  }
  unsigned char digest[32] = {}, again[32] = {};
  bool failed = false;
  yardstick::warm_up_then_time(reps, [&] {
    const std::uint64_t begin = start_clock();
    for (std::uint64_t i = 0; i < ops; ++i)
      if (!EVP_Digest(in.data(), in.size(), digest, nullptr, md, nullptr)) failed = true;
    const std::uint64_t end = stop_clock();
    return double(end - begin) / double(ops);
  });
  const bool same = EVP_Digest(in.data(), in.size(), again, nullptr, md, nullptr) && !failed &&
                    std::memcmp(digest, again, sizeof digest) == 0;
  print_check(same, again, sizeof again);
  EVP_MD_free(md);
  return same ? 0 : 1;
}

// REPS timed passes of OPS calls of `hash` on the input, its integer results added up (as a program
// uses each hash it asks for); returns the last pass's sum.
template <class Hash>
std::uint64_t summed_passes(const std::vector<unsigned char>& in, std::uint64_t ops, int reps, Hash hash) {
  std::uint64_t sum = 0;
  yardstick::warm_up_then_time(reps, [&] {
    sum = 0;
    const std::uint64_t begin = start_clock();
    for (std::uint64_t i = 0; i < ops; ++i) {
      const unsigned char* p = in.data();
      // No instruction: the compiler may not take the calls for one call on the same bytes, should
      // a newer header declare the hash pure (xxhash.h 0.8.1, Debian 12's, does not).
      asm("" : "+r"(p));
      sum += hash(p, in.size());
    }
    const std::uint64_t end = stop_clock();
    return double(end - begin) / double(ops);
  });
  return sum;
}

// The check line of an integer hash h: every timed call gave h (their sum is h * ops, modulo 2^64),
// the digest h's big-endian bytes.
template <class Int>
int check_summed(std::uint64_t sum, Int h, std::uint64_t ops) {
  unsigned char digest[sizeof(Int)];
  for (std::size_t i = 0; i < sizeof(Int); ++i) digest[i] = static_cast<unsigned char>(h >> (8 * (sizeof(Int) - 1 - i)));
  print_check(sum == std::uint64_t{h} * ops, digest, sizeof digest);
  return sum == std::uint64_t{h} * ops ? 0 : 1;
}

int xxh3_64(const std::vector<unsigned char>& in, std::uint64_t ops, int reps) {
  const auto sum = summed_passes(in, ops, reps, [](const unsigned char* p, std::size_t n) { return XXH3_64bits(p, n); });
  return check_summed(sum, XXH3_64bits(in.data(), in.size()), ops);
}

// ISA-L's CRC-32 (crc32_gzip_refl from 0), the module's fastest row at 1 MiB.
int isal_crc32(const std::vector<unsigned char>& in, std::uint64_t ops, int reps) {
  const auto sum = summed_passes(in, ops, reps, [](const unsigned char* p, std::size_t n) { return crc32_gzip_refl(0, p, n); });
  return check_summed(sum, crc32_gzip_refl(0, in.data(), in.size()), ops);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: %s openssl sha256 | xxhash xxh3_64 | isal crc32 SIZE OPS REPS\n", argv[0]);
    return 2;
  }
  const std::string library = argv[1], algorithm = argv[2];
  const std::uint64_t size = std::strtoull(argv[3], nullptr, 10), ops = std::strtoull(argv[4], nullptr, 10);
  const int reps = std::atoi(argv[5]);
  if (size == 0 || ops == 0 || reps < 1) {
    std::fprintf(stderr, "hashing_yardstick: bad arguments\n");
    return 2;
  }
  const std::vector<unsigned char> in = input_bytes(size);
  if (library == "openssl" && algorithm == "sha256") return sha256(in, ops, reps);
  if (library == "xxhash" && algorithm == "xxh3_64") return xxh3_64(in, ops, reps);
  if (library == "isal" && algorithm == "crc32") return isal_crc32(in, ops, reps);
  std::fprintf(stderr, "hashing_yardstick: unknown pair '%s %s'\n", library.c_str(), algorithm.c_str());
  return 2;
}
