// liblzma's one-shot API: lzma_easy_buffer_encode(preset, CRC64: the xz tool's default check) and
// lzma_stream_buffer_decode; each call makes and frees its own state.
#include <lzma.h>

#include <cstdint>

#include "../common/compression_adapter.hpp"

namespace {

std::string message(lzma_ret rc) { return "liblzma error " + std::to_string(static_cast<int>(rc)); }

struct Xz {
  std::uint32_t preset;
  explicit Xz(int p) : preset(static_cast<std::uint32_t>(p)) {}
  std::size_t bound(std::size_t n) const { return lzma_stream_buffer_bound(n); }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    std::size_t size = 0;
    if (lzma_ret rc = lzma_easy_buffer_encode(preset, LZMA_CHECK_CRC64, nullptr, in, n, out, &size, capacity); rc != LZMA_OK)
      throw std::runtime_error("lzma_easy_buffer_encode: " + message(rc));
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    std::uint64_t memlimit = UINT64_MAX;
    std::size_t in_pos = 0, size = 0;
    if (lzma_ret rc = lzma_stream_buffer_decode(&memlimit, 0, nullptr, in, &in_pos, n, out, &size, original); rc != LZMA_OK)
      throw std::runtime_error("lzma_stream_buffer_decode: " + message(rc));
    return size;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("xz", lzma_version_string()).add<Xz>().main(argc, argv);
}
