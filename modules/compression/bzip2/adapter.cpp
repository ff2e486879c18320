// libbz2's one-shot API: BZ2_bzBuffToBuffCompress(block size = the row's level x 100 kB, the
// default work factor) and BZ2_bzBuffToBuffDecompress (the fast, not the small, decoder).
#include <bzlib.h>

#include "../common/compression_adapter.hpp"

namespace {

struct Bzip2 {
  int block_size_100k;
  explicit Bzip2(int level) : block_size_100k(level) {}
  std::size_t bound(std::size_t n) const { return n + n / 100 + 600; }  // the manual's bound
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    auto size = static_cast<unsigned>(capacity);
    if (int rc = BZ2_bzBuffToBuffCompress(reinterpret_cast<char*>(out), &size, const_cast<char*>(reinterpret_cast<const char*>(in)),
                                          static_cast<unsigned>(n), block_size_100k, 0, 0);
        rc != BZ_OK)
      throw std::runtime_error("BZ2_bzBuffToBuffCompress: error " + std::to_string(rc));
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    auto size = static_cast<unsigned>(original);
    if (int rc = BZ2_bzBuffToBuffDecompress(reinterpret_cast<char*>(out), &size,
                                            const_cast<char*>(reinterpret_cast<const char*>(in)), static_cast<unsigned>(n), 0, 0);
        rc != BZ_OK)
      throw std::runtime_error("BZ2_bzBuffToBuffDecompress: error " + std::to_string(rc));
    return size;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("bzip2", BZ2_bzlibVersion()).add<Bzip2>().main(argc, argv);
}
