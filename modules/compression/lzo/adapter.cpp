// LZO1X: lzo1x_1_compress (level 1) or lzo1x_999_compress (level 999) with work memory made
// once, and lzo1x_decompress_safe.
#include <lzo/lzo1x.h>

#include <vector>

#include "../common/compression_adapter.hpp"

namespace {

struct Lzo {
  int level;
  std::vector<unsigned char> work;
  explicit Lzo(int l) : level(l), work(l == 999 ? LZO1X_999_MEM_COMPRESS : LZO1X_1_MEM_COMPRESS) {
    if (lzo_init() != LZO_E_OK) throw std::runtime_error("lzo_init failed");
  }
  std::size_t bound(std::size_t n) const { return n + n / 16 + 64 + 3; }  // LZO's documented worst case
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t) {
    lzo_uint size = 0;
    const int rc = level == 999 ? lzo1x_999_compress(in, n, out, &size, work.data()) : lzo1x_1_compress(in, n, out, &size, work.data());
    if (rc != LZO_E_OK) throw std::runtime_error("lzo1x compress: error " + std::to_string(rc));
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    lzo_uint size = original;
    if (int rc = lzo1x_decompress_safe(in, n, out, &size, nullptr); rc != LZO_E_OK)
      throw std::runtime_error("lzo1x_decompress_safe: error " + std::to_string(rc));
    return size;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("lzo", lzo_version_string()).add<Lzo>().main(argc, argv);
}
