// Brotli's one-shot API: BrotliEncoderCompress(quality, the default window 2^22, generic mode) and
// BrotliDecoderDecompress; each call makes and frees its own state.
#include <brotli/decode.h>
#include <brotli/encode.h>

#include "../common/compression_adapter.hpp"

namespace {

struct Brotli {
  int quality;
  explicit Brotli(int q) : quality(q) {}
  std::size_t bound(std::size_t n) const { return BrotliEncoderMaxCompressedSize(n); }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    std::size_t size = capacity;
    if (!BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, n, in, &size, out))
      throw std::runtime_error("BrotliEncoderCompress failed");
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    std::size_t size = original;
    if (BrotliDecoderDecompress(n, in, &size, out) != BROTLI_DECODER_RESULT_SUCCESS)
      throw std::runtime_error("BrotliDecoderDecompress failed");
    return size;
  }
};

std::string version() {
  const auto v = BrotliEncoderVersion();
  return std::to_string(v >> 24) + "." + std::to_string(v >> 12 & 0xfff) + "." + std::to_string(v & 0xfff);
}

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("brotli", version()).add<Brotli>().main(argc, argv);
}
