// bzip3 through its block API: a state made once for 16 MiB blocks (the bzip3 tool's default),
// bz3_encode_block and bz3_decode_block, which work in place; each block framed by its original
// and its compressed size (4 bytes each, as the bzip3 tool frames its blocks). The one-shot
// bz3_compress/bz3_decompress pair is not used: in 1.2.2, bz3_decompress returned success with 0
// bytes for a buffer bz3_compress had made (tried here, modules/compression/README.md).
extern "C" {  // bzip3 1.2.2's header declares no C linkage
#include <libbz3.h>
}

#include <algorithm>
#include <cstring>
#include <vector>

#include "../common/compression_adapter.hpp"

namespace {

constexpr std::size_t kBlock = 16 * 1024 * 1024;

void put32(std::uint8_t* p, std::uint32_t v) { std::memcpy(p, &v, 4); }
std::uint32_t get32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

struct Bzip3 {
  bz3_state* state = bz3_new(static_cast<std::int32_t>(kBlock));
  std::vector<std::uint8_t> scratch = std::vector<std::uint8_t>(bz3_bound(kBlock));
  explicit Bzip3(int) {
    if (!state) throw std::runtime_error("bz3_new failed");
  }
  ~Bzip3() { bz3_free(state); }
  Bzip3(const Bzip3&) = delete;
  Bzip3& operator=(const Bzip3&) = delete;
  std::size_t bound(std::size_t n) const { return (n / kBlock + 1) * (bz3_bound(kBlock) + 8); }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t) {
    std::size_t size = 0;
    for (std::size_t at = 0; at < n; at += kBlock) {
      const auto part = static_cast<std::int32_t>(std::min(kBlock, n - at));
      std::memcpy(out + size + 8, in + at, static_cast<std::size_t>(part));
      const std::int32_t packed = bz3_encode_block(state, out + size + 8, part);
      if (packed < 0) throw std::runtime_error(std::string("bz3_encode_block: ") + bz3_strerror(state));
      put32(out + size, static_cast<std::uint32_t>(part));
      put32(out + size + 4, static_cast<std::uint32_t>(packed));
      size += 8 + static_cast<std::size_t>(packed);
    }
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    std::size_t size = 0;
    for (std::size_t at = 0; at + 8 <= n;) {
      const std::uint32_t part = get32(in + at), packed = get32(in + at + 4);
      if (part > kBlock || packed > scratch.size() || at + 8 + packed > n || size + part > original)
        throw std::runtime_error("bzip3: corrupt block header");
      std::memcpy(scratch.data(), in + at + 8, packed);
      if (bz3_decode_block(state, scratch.data(), static_cast<std::int32_t>(packed), static_cast<std::int32_t>(part)) < 0)
        throw std::runtime_error(std::string("bz3_decode_block: ") + bz3_strerror(state));
      std::memcpy(out + size, scratch.data(), part);
      size += part;
      at += 8 + packed;
    }
    return size;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("bzip3", bz3_version()).add<Bzip3>().main(argc, argv);
}
