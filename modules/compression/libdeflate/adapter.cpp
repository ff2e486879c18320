// libdeflate: libdeflate_zlib_compress at the row's level and libdeflate_zlib_decompress, the zlib
// format like the zlib rows, with a compressor and a decompressor made once. Whole buffers only
// (libdeflate has no streaming API).
#include <libdeflate.h>

#include "../common/compression_adapter.hpp"

namespace {

struct Libdeflate {
  libdeflate_compressor* c;
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  explicit Libdeflate(int level) : c(libdeflate_alloc_compressor(level)) {
    if (!c || !d) throw std::runtime_error("libdeflate: cannot make a compressor at level " + std::to_string(level));
  }
  ~Libdeflate() {
    libdeflate_free_compressor(c);
    libdeflate_free_decompressor(d);
  }
  Libdeflate(const Libdeflate&) = delete;
  Libdeflate& operator=(const Libdeflate&) = delete;
  std::size_t bound(std::size_t n) const { return libdeflate_zlib_compress_bound(c, n); }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    const std::size_t size = libdeflate_zlib_compress(c, in, n, out, capacity);
    if (size == 0) throw std::runtime_error("libdeflate_zlib_compress: no room");
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    std::size_t size = 0;
    if (libdeflate_zlib_decompress(d, in, n, out, original, &size) != LIBDEFLATE_SUCCESS)
      throw std::runtime_error("libdeflate_zlib_decompress failed");
    return size;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("libdeflate", LIBDEFLATE_VERSION_STRING).add<Libdeflate>().main(argc, argv);
}
