// LibLZF: lzf_compress and lzf_decompress, raw (no header, no checksum), as Debian builds it
// (its compile-time choices: the default, "very fast" mode). No levels.
extern "C" {
#include <lzf.h>
}

#include "../common/compression_adapter.hpp"

namespace {

struct Lzf {
  explicit Lzf(int) {}
  std::size_t bound(std::size_t n) const { return n + n / 16 + 64; }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    const unsigned size = lzf_compress(in, static_cast<unsigned>(n), out, static_cast<unsigned>(capacity));
    if (size == 0) throw std::runtime_error("lzf_compress: the output did not fit");
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    const unsigned size = lzf_decompress(in, static_cast<unsigned>(n), out, static_cast<unsigned>(original));
    if (size == 0) throw std::runtime_error("lzf_decompress: corrupt input or no room");
    return size;
  }
};

}  // namespace

int main(int argc, char** argv) {
  char version[16];
  std::snprintf(version, sizeof version, "%d.%d", LZF_VERSION >> 8, LZF_VERSION & 0xff);
  return benchbox::compression::Library("lzf", version).add<Lzf>().main(argc, argv);
}
