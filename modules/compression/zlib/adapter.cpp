// zlib's one-shot API: compress2 at the row's level, uncompress; the zlib format (deflate with
// a 2-byte header and an Adler-32 trailer). Each call allocates and frees its own state.
#include <zlib.h>

#include "../common/compression_adapter.hpp"
#include "../common/zlib_uncompress.hpp"

namespace {

struct Zlib {
  int level;
  explicit Zlib(int l) : level(l) {}
  std::size_t bound(std::size_t n) const { return compressBound(n); }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    uLongf size = capacity;
    if (int rc = compress2(out, &size, in, n, level); rc != Z_OK) throw std::runtime_error("compress2: " + std::string(zError(rc)));
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    return benchbox::compression::zlib_uncompress(in, n, out, original);
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("zlib", zlibVersion()).add<Zlib>().main(argc, argv);
}
