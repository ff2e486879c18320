// Crypto++: HashTransformation::CalculateDigest (Update then Final, which restarts the object for
// the next message) on one object per algorithm, made once per process: Crypto++ documents that
// CalculateDigest "restarts the hash for the next message", so the object is meant to be reused.
// CRC-32 and CRC-32C are written least significant byte first (the register's bytes in memory,
// GetCrcByte), and SipHash's 64-bit result little-endian: all three are turned into the integer's
// big-endian bytes. Adler-32 is already written big-endian (as RFC 1950 stores it).
#define CRYPTOPP_ENABLE_NAMESPACE_WEAK 1
#include <cryptopp/adler32.h>
#include <cryptopp/blake2.h>
#include <cryptopp/crc.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/md5.h>
#include <cryptopp/sha.h>
#include <cryptopp/sha3.h>
#include <cryptopp/siphash.h>

#include <memory>

#include "../common/hashing_adapter.hpp"

namespace {

using benchbox::hashing::Algorithm;

// One object per algorithm for the whole process (shared by the copies Library::add keeps).
template <class H>
struct Digest {
  std::shared_ptr<H> h;
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const { h->CalculateDigest(out, in, n); }
};

template <class H, class... Args>
Digest<H> digest(const Args&... args) {
  return {std::make_shared<H>(args...)};
}

// A digest Crypto++ writes little-endian, turned into the integer's big-endian bytes.
template <class H, std::size_t Bytes>
struct LittleEndianInteger {
  Digest<H> d;
  void operator()(const std::uint8_t* in, std::size_t n, std::uint8_t* out) const {
    std::uint8_t le[Bytes];
    d(in, n, le);
    if constexpr (Bytes == 8)
      benchbox::hashing::put_be_from_le64(out, le);
    else
      benchbox::hashing::put_be_from_le32(out, le);
  }
};

}  // namespace

int main(int argc, char** argv) {
  const int v = CryptoPP::LibraryVersion();  // 870 for 8.7.0
  benchbox::hashing::Library cryptopp("cryptopp", std::to_string(v / 100) + "." + std::to_string(v / 10 % 10) + "." + std::to_string(v % 10));
  cryptopp.add(Algorithm::crc32, "CRC32", LittleEndianInteger<CryptoPP::CRC32, 4>{digest<CryptoPP::CRC32>()})
      .add(Algorithm::crc32c, "CRC32C", LittleEndianInteger<CryptoPP::CRC32C, 4>{digest<CryptoPP::CRC32C>()})
      .add(Algorithm::adler32, "Adler32", digest<CryptoPP::Adler32>())
      .add(Algorithm::siphash24, "SipHash<2,4,false>",
           LittleEndianInteger<CryptoPP::SipHash<2, 4, false>, 8>{
               digest<CryptoPP::SipHash<2, 4, false>>(static_cast<const CryptoPP::byte*>(benchbox::hashing::kSipHashKey), 16u)})
      .add(Algorithm::md5, "Weak::MD5", digest<CryptoPP::Weak::MD5>())
      .add(Algorithm::sha1, "SHA1", digest<CryptoPP::SHA1>())
      .add(Algorithm::sha256, "SHA256", digest<CryptoPP::SHA256>())
      .add(Algorithm::sha512, "SHA512", digest<CryptoPP::SHA512>())
      .add(Algorithm::sha3_256, "SHA3_256", digest<CryptoPP::SHA3_256>())
      .add(Algorithm::blake2b_512, "BLAKE2b (64-byte digest)", digest<CryptoPP::BLAKE2b>(false, 64u))
      .add(Algorithm::blake2s_256, "BLAKE2s (32-byte digest)", digest<CryptoPP::BLAKE2s>(false, 32u));
  return cryptopp.main(argc, argv);
}
