// Zopfli: ZopfliCompress(ZOPFLI_FORMAT_ZLIB, numiterations = the row's level). A compressor only:
// its output is plain zlib, which zlib's uncompress reads back for the proof (the decompress
// case is n/a: it would be zlib's row). ZopfliCompress returns a buffer it allocated, copied into
// the output and freed inside the clock (that is what a caller does with it).
#include <zlib.h>
#include <zopfli.h>

#include <cstdlib>
#include <cstring>

#include "../common/compression_adapter.hpp"
#include "../common/zlib_uncompress.hpp"

namespace {

struct Zopfli {
  ZopfliOptions options{};
  explicit Zopfli(int iterations) {
    ZopfliInitOptions(&options);
    options.numiterations = iterations;
  }
  std::size_t bound(std::size_t n) const { return compressBound(n) + 1024; }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    unsigned char* result = nullptr;
    std::size_t size = 0;
    ZopfliCompress(&options, ZOPFLI_FORMAT_ZLIB, in, n, &result, &size);
    const bool fits = result && size <= capacity;
    if (fits) std::memcpy(out, result, size);
    std::free(result);
    if (!fits) throw std::runtime_error("ZopfliCompress: no output or larger than the bound");
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    return benchbox::compression::zlib_uncompress(in, n, out, original);
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("zopfli", BB_LIBRARY_VERSION).add<Zopfli>().main(argc, argv);
}
