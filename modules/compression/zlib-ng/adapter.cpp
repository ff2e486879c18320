// zlib-ng's native API: zng_compress2 at the row's level and zng_uncompress, the zlib format like
// the zlib rows; each call makes and frees its own state, as zlib's compress2 does.
#include <zlib-ng.h>

#include "../common/compression_adapter.hpp"

namespace {

struct ZlibNg {
  int level;
  explicit ZlibNg(int l) : level(l) {}
  std::size_t bound(std::size_t n) const { return zng_compressBound(n); }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    std::size_t size = capacity;
    if (int rc = zng_compress2(out, &size, in, n, level); rc != Z_OK) throw std::runtime_error("zng_compress2: " + std::string(zng_zError(rc)));
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    std::size_t size = original;
    if (int rc = zng_uncompress(out, &size, in, n); rc != Z_OK) throw std::runtime_error("zng_uncompress: " + std::string(zng_zError(rc)));
    return size;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("zlib-ng", zlibng_version()).add<ZlibNg>().main(argc, argv);
}
