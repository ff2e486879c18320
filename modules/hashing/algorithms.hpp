// The hashing module's algorithms as data, shared by module.cpp (which checks every library's
// digests of the published test vectors against the digests written here) and every adapter
// (which computes them, after the clock): the algorithm ids, what each one is, and its known
// answers, each with where it is published. Also the module's inputs (the same bytes for every
// library) and the digest's fingerprint a trial reports.
//
// A digest is bytes. A function that returns an integer (CRC-32, Adler-32, xxHash, SipHash) has
// the integer's big-endian bytes as its digest, as the specifications and `xxhsum` print it
// (HighwayHash-64, FarmHash Fingerprint64 and MurmurHash3 x86_32 return an integer: the same).
// MetroHash64 writes bytes (its uint64 state in the machine's order, little-endian) and its
// reference publishes its test vectors as those bytes: its digest is the bytes as written.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "../../include/yardstick/splitmix.hpp"  // the input's stream, shared with the yardstick

namespace benchbox::hashing {

using namespace std::string_view_literals;

enum class Algorithm {
  crc32, crc32c, adler32, xxh32, xxh64, xxh3_64, xxh3_128, siphash24,
  md5, sha1, sha256, sha512, sha3_256, blake2b_512, blake2s_256, blake3_256,
  highwayhash64, farmhash64, metrohash64, murmur3_x86_32,
};

inline constexpr std::size_t kAsRepeated = static_cast<std::size_t>(-1);

// One published test vector: the message (`text` repeated `repeat` times; where `length` is
// given instead, `text` over and over, cut at `length` bytes), its digest in hex.
struct KnownAnswer {
  std::string_view text;
  std::size_t repeat;
  std::string_view digest_hex;
  std::string_view source;
  std::size_t length = kAsRepeated;
};

struct AlgorithmInfo {
  Algorithm id;
  std::string_view name;   // the axis value: "sha256"
  std::string_view label;  // "SHA-256"
  std::size_t digest_bytes;
  std::string_view kind;   // "checksum", "non-cryptographic hash", "keyed hash", "cryptographic hash"
  std::string_view seed;   // what a seeded or keyed function is given ("" when it takes none)
  std::vector<KnownAnswer> known_answers;
};

// SipHash's key in every row and in its test vector: the bytes 00 01 ... 0f (the paper's key).
inline constexpr unsigned char kSipHashKey[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

namespace vectors {
inline constexpr std::string_view kFips448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
inline constexpr std::string_view kFips896 =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
inline constexpr std::string_view kDigits = "123456789";  // the CRC catalogue's "check" message
inline constexpr std::string_view kSipMessage = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e"sv;
// HighwayHash's test messages: the first n of the bytes 00 01 .. 3f (highwayhash_test.cc).
inline constexpr std::string_view kBytes64 =
    "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f"
    "\x20\x21\x22\x23\x24\x25\x26\x27\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39\x3a\x3b\x3c\x3d\x3e\x3f"sv;
// BLAKE3's test messages: the bytes 00 01 .. fa (251 of them) over and over, cut at the length.
inline constexpr std::array<char, 251> kBytes251 = [] {
  std::array<char, 251> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<char>(i);
  return out;
}();
inline constexpr std::string_view kCycle251(kBytes251.data(), kBytes251.size());
inline constexpr std::string_view kBlake3Vectors =
    "BLAKE3's test_vectors/test_vectors.json, \"hash\" (its first 32 bytes: the default output)";
}  // namespace vectors

inline const std::vector<AlgorithmInfo>& algorithms() {
  using namespace vectors;
  static const std::vector<AlgorithmInfo> all = {
      {Algorithm::crc32, "crc32", "CRC-32", 4, "checksum", "",
       {{kDigits, 1, "cbf43926", "CRC catalogue, CRC-32/ISO-HDLC check value (RFC 1952's CRC)"},
        {"", 1, "00000000", "CRC catalogue (empty input)"}}},
      {Algorithm::crc32c, "crc32c", "CRC-32C (Castagnoli)", 4, "checksum", "",
       {{kDigits, 1, "e3069283", "CRC catalogue, CRC-32/ISCSI check value (RFC 3720)"},
        {std::string_view("\0", 1), 32, "8a9136aa", "RFC 3720 B.4, 32 bytes of zeros"}}},
      {Algorithm::adler32, "adler32", "Adler-32", 4, "checksum", "",
       {{"Wikipedia", 1, "11e60398", "RFC 1950's Adler-32, the worked example of its Wikipedia article"},
        {"", 1, "00000001", "RFC 1950 (empty input: the initial value)"}}},
      {Algorithm::xxh32, "xxh32", "XXH32", 4, "non-cryptographic hash", "seed 0",
       {{"", 1, "02cc5d05", "xxHash's sanity check (cli/xsum_sanity_check.c), empty input"}}},
      {Algorithm::xxh64, "xxh64", "XXH64", 8, "non-cryptographic hash", "seed 0",
       {{"", 1, "ef46db3751d8e999", "xxHash's sanity check, empty input"},
        {"abcdefghijklmnopqrstuvwxyz", 1, "cfe1f278fa89835c", "the C reference's output"}}},
      {Algorithm::xxh3_64, "xxh3_64", "XXH3-64", 8, "non-cryptographic hash", "seed 0",
       {{"", 1, "2d06800538d394c2", "xxHash's sanity check, empty input"},
        {"a", 1, "e6c632b61e964e1f", "the C reference's output"},
        {"abc", 1, "78af5f94892f3950", "the C reference's output"}}},
      {Algorithm::xxh3_128, "xxh3_128", "XXH3-128", 16, "non-cryptographic hash", "seed 0",
       {{"", 1, "99aa06d3014798d86001c324468d497f", "xxHash's sanity check, empty input"}}},
      {Algorithm::siphash24, "siphash24", "SipHash-2-4", 8, "keyed hash", "key 00 01 .. 0f",
       {{kSipMessage, 1, "a129ca6149be45e5", "Aumasson and Bernstein, SipHash (2012), appendix A"},
        {"", 1, "726fdb47dd0e0e31", "the reference implementation's vectors.h, empty input"}}},
      {Algorithm::md5, "md5", "MD5", 16, "cryptographic hash (broken)", "",
       {{"", 1, "d41d8cd98f00b204e9800998ecf8427e", "RFC 1321 A.5"},
        {"abc", 1, "900150983cd24fb0d6963f7d28e17f72", "RFC 1321 A.5"},
        {"message digest", 1, "f96b697d7cb7938d525a2f31aaf161d0", "RFC 1321 A.5"},
        {"1234567890", 8, "57edf4a22be3c955ac49da2e2107b67a", "RFC 1321 A.5"}}},
      {Algorithm::sha1, "sha1", "SHA-1", 20, "cryptographic hash (broken)", "",
       {{"abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d", "FIPS 180-2, appendix A"},
        {kFips448, 1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1", "FIPS 180-2, appendix A"},
        {"a", 1000000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f", "FIPS 180-2, appendix A"}}},
      {Algorithm::sha256, "sha256", "SHA-256", 32, "cryptographic hash", "",
       {{"abc", 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "FIPS 180-2, appendix B"},
        {kFips448, 1, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "FIPS 180-2, appendix B"},
        {"a", 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "FIPS 180-2, appendix B"}}},
      {Algorithm::sha512, "sha512", "SHA-512", 64, "cryptographic hash", "",
       {{"abc", 1,
         "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
         "FIPS 180-2, appendix C"},
        {kFips896, 1,
         "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
         "FIPS 180-2, appendix C"},
        {"a", 1000000,
         "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
         "FIPS 180-2, appendix C"}}},
      {Algorithm::sha3_256, "sha3_256", "SHA3-256", 32, "cryptographic hash", "",
       {{"", 1, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a", "NIST's SHA3-256 example values"},
        {"abc", 1, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532", "NIST's SHA3-256 example values"},
        {kFips448, 1, "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376", "NIST's SHA3-256 example values"},
        {"a", 1000000, "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1", "NIST's SHA3-256 example values"}}},
      {Algorithm::blake2b_512, "blake2b_512", "BLAKE2b-512", 64, "cryptographic hash", "unkeyed",
       {{"abc", 1,
         "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
         "RFC 7693, appendix A"},
        {"", 1,
         "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce",
         "the BLAKE2 reference's unkeyed test vectors (testvectors/blake2b-kat.txt is keyed; b2sum of the empty file)"}}},
      {Algorithm::blake2s_256, "blake2s_256", "BLAKE2s-256", 32, "cryptographic hash", "unkeyed",
       {{"abc", 1, "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982", "RFC 7693, appendix B"},
        {"", 1, "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9", "the BLAKE2 reference's unkeyed output, empty input"}}},
      // BLAKE3's hash mode (unkeyed), its default 32-byte output; the lengths take the one-block,
      // one-chunk (1024 bytes), two-chunk and many-chunk (tree) paths.
      {Algorithm::blake3_256, "blake3_256", "BLAKE3-256", 32, "cryptographic hash", "unkeyed",
       {{kCycle251, 1, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262", kBlake3Vectors, 0},
        {kCycle251, 1, "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213", kBlake3Vectors, 1},
        {kCycle251, 1, "4eed7141ea4a5cd4b788606bd23f46e212af9cacebacdc7d1f4c6dc7f2511b98", kBlake3Vectors, 64},
        {kCycle251, 1, "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11", kBlake3Vectors, 1023},
        {kCycle251, 1, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7", kBlake3Vectors, 1024},
        {kCycle251, 1, "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444", kBlake3Vectors, 1025},
        {kCycle251, 1, "bab6c09cb8ce8cf459261398d2e7aef35700bf488116ceb94a36d0f5f1b7bc3b", kBlake3Vectors, 8193},
        {kCycle251, 1, "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085", kBlake3Vectors, 102400}}},
      // HighwayHash's own golden outputs: kExpected64 in highwayhash/highwayhash_test.cc (and
      // c/highwayhash_test.c), key words 0x0706050403020100 .. 0x1f1e1d1c1b1a1918, message of
      // size n the bytes 00 01 .. n-1; HighwayHash is frozen, so these never change.
      {Algorithm::highwayhash64, "highwayhash64", "HighwayHash-64", 8, "keyed hash",
       "key 00 01 .. 1f (the 64-bit little-endian words 0x0706050403020100, 0x0f0e0d0c0b0a0908, 0x1716151413121110, "
       "0x1f1e1d1c1b1a1918 of HighwayHash's test vectors)",
       {{kBytes64.substr(0, 0), 1, "907a56de22c26e53", "HighwayHash's highwayhash_test.cc, kExpected64[0] (empty input)"},
        {kBytes64.substr(0, 1), 1, "7eab43aac7cddd78", "HighwayHash's highwayhash_test.cc, kExpected64[1] (bytes 00)"},
        {kBytes64.substr(0, 3), 1, "5c6befab8a463d80", "HighwayHash's highwayhash_test.cc, kExpected64[3] (bytes 00..02)"},
        {kBytes64.substr(0, 9), 1, "32d2644ec77a1584", "HighwayHash's highwayhash_test.cc, kExpected64[9] (bytes 00..08)"},
        {kBytes64.substr(0, 32), 1, "a0c964d9ecd580fc", "HighwayHash's highwayhash_test.cc, kExpected64[32] (bytes 00..1f)"},
        {kBytes64.substr(0, 33), 1, "2c90f73ca03181fc", "HighwayHash's highwayhash_test.cc, kExpected64[33] (bytes 00..20)"},
        {kBytes64.substr(0, 64), 1, "75542c5d4cd2a6ff", "HighwayHash's highwayhash_test.cc, kExpected64[64] (bytes 00..3f)"}}},
      // FarmHash's Fingerprint64 (farmhashna::Hash64: the same on every platform, forever).
      {Algorithm::farmhash64, "farmhash64", "FarmHash Fingerprint64", 8, "non-cryptographic hash", "",
       {{"", 1, "9ae16a3b2f90404f",
         "FarmHash's self-test (src/farmhash.cc, farmhashnaTest's expected[] for Hash64 of the empty input: 2598464059u, 797982799u)"},
        {"test", 1, "7717383daa85b5b2",
         "Guava's FarmHashFingerprint64Test.testReallySimpleFingerprints: 8581389452482819506 (Google's port, whose test checks it "
         "against the C++ reference)"},
        {"test", 8, "c5c3f54cd962178a", "Guava's FarmHashFingerprint64Test.testReallySimpleFingerprints: -4196240717365766262"},
        {"test", 64, "30944d44bd63fce7", "Guava's FarmHashFingerprint64Test.testReallySimpleFingerprints: 3500507768004279527"}}},
      // MetroHash64 (MetroHash64::Hash, the v1.1 algorithm; not the older metrohash64_1/_2).
      {Algorithm::metrohash64, "metrohash64", "MetroHash64", 8, "non-cryptographic hash", "seed 0",
       {{"012345678901234567890123456789012345678901234567890123456789012", 1, "6b753dae06704bad",
         "MetroHash's src/metrohash64.cpp, MetroHash64::test_seed_0 (its test string, 63 bytes, chosen to take every branch)"}}},
      {Algorithm::murmur3_x86_32, "murmur3_x86_32", "MurmurHash3 x86_32", 4, "non-cryptographic hash", "seed 0",
       {{"", 1, "00000000", "spaolacci/murmur3's murmur_test.go, TestRefStrings (seed 0)"},
        {"hello", 1, "248bfa47", "spaolacci/murmur3's murmur_test.go, TestRefStrings (seed 0)"},
        {"hello, world", 1, "149bbb7f", "spaolacci/murmur3's murmur_test.go, TestRefStrings (seed 0)"},
        {"The quick brown fox jumps over the lazy dog.", 1, "d5c48bfc",
         "spaolacci/murmur3's murmur_test.go, TestRefStrings (seed 0)"},
        {"This file is intentionally left (almost) empty.\n", 1, "7ebb2534",
         "libmurmurhash's test/almostempty.hash (its make check-ref compares it with Appleby's MurmurHash3.c)"}}},
  };
  return all;
}

inline const AlgorithmInfo* find_algorithm(std::string_view name) {
  for (const auto& a : algorithms())
    if (a.name == name) return &a;
  return nullptr;
}

inline const AlgorithmInfo& info(Algorithm id) {
  for (const auto& a : algorithms())
    if (a.id == id) return a;
  throw std::logic_error("an algorithm missing from algorithms()");
}

inline std::size_t message_length(const KnownAnswer& k) {
  return k.length == kAsRepeated ? k.text.size() * k.repeat : k.length;
}

inline std::string message_of(const KnownAnswer& k) {
  const std::size_t n = message_length(k);
  std::string m;
  m.reserve(n);
  while (!k.text.empty() && m.size() < n) m += k.text.substr(0, std::min(k.text.size(), n - m.size()));
  return m;
}

// FNV-1a, 64 bits: the fingerprint of a digest a trial reports (not a hash under test).
inline std::uint64_t fingerprint(const std::uint8_t* p, std::size_t n, std::uint64_t h = 14695981039346656037ull) {
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

inline std::vector<std::uint8_t> from_hex(std::string_view hex) {
  auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  std::vector<std::uint8_t> out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(nibble(hex[2 * i]) * 16 + nibble(hex[2 * i + 1]));
  return out;
}

// The input of every row: the first n bytes of one deterministic stream (splitmix64's words,
// little-endian), so that the same size is the same bytes in every library's process.
inline std::vector<std::uint8_t> input_bytes(std::size_t n) {
  std::vector<std::uint8_t> out(n);
  yardstick::SplitMix stream{0x9e3779b97f4a7c15ull * 42};
  for (std::size_t i = 0; i < n; i += 8) {
    const std::uint64_t z = stream.next();
    for (std::size_t b = 0; b < 8 && i + b < n; ++b) out[i + b] = static_cast<std::uint8_t>(z >> (8 * b));
  }
  return out;
}

// The keys case's keys: kKeys keys of kMinKey..kMaxKey bytes (lengths uniform, from the same
// stream), laid end to end in one buffer as a hash table's keys sit in its nodes.
inline constexpr std::size_t kKeys = 1024, kMinKey = 4, kMaxKey = 64;

struct KeySet {
  std::vector<std::uint8_t> bytes;
  std::vector<std::size_t> offsets;  // kKeys + 1: key i is [offsets[i], offsets[i + 1])
  std::size_t total() const { return bytes.size(); }
};

inline KeySet key_set() {
  KeySet k;
  const std::vector<std::uint8_t> lengths = input_bytes(kKeys);
  std::size_t at = 0;
  for (std::size_t i = 0; i < kKeys; ++i) {
    k.offsets.push_back(at);
    at += kMinKey + lengths[i] % (kMaxKey - kMinKey + 1);
  }
  k.offsets.push_back(at);
  const std::vector<std::uint8_t> all = input_bytes(kKeys + at);
  k.bytes.assign(all.begin() + kKeys, all.end());
  return k;
}

}  // namespace benchbox::hashing
