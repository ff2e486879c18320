// c-blosc: blosc_compress(clevel = the row's level, byte shuffle, type size = the element size)
// with its own blosclz codec and one thread, blosc_decompress. Blosc is made for arrays of typed
// values: the shuffle (on, Blosc's default use) groups byte k of every element together. The
// element size is the data's by default: 32 for the records data set (its 32-byte records), 1 for
// text, log, random and a user's file (bytes; a shuffle of 1-byte elements changes nothing); a row
// of library.json with "element_size" runs another (records as bytes: element size 1). With
// 8-byte elements on text, blosclz found nothing to compress and stored the input at every level.
#include <blosc.h>

#include "../common/compression_adapter.hpp"

namespace {

struct Blosc {
  static constexpr std::string_view kDataElementSizes = "the data's: 32 bytes for records, 1 for the others";
  static std::size_t data_element_size(std::string_view data) { return data == "records" ? 32 : 1; }
  int clevel;
  std::size_t element_size = 1;  // blosc_compress's typesize, set before any call (WithElementSize)
  explicit Blosc(int level) : clevel(level) {
    blosc_init();
    blosc_set_nthreads(1);
    if (blosc_set_compressor("blosclz") < 0) throw std::runtime_error("blosc: no blosclz codec");
  }
  ~Blosc() { blosc_destroy(); }
  Blosc(const Blosc&) = delete;
  Blosc& operator=(const Blosc&) = delete;
  std::size_t bound(std::size_t n) const { return n + BLOSC_MAX_OVERHEAD; }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    if (n > BLOSC_MAX_BUFFERSIZE) throw std::runtime_error("blosc: inputs up to 2 GB");
    const int size = blosc_compress(clevel, BLOSC_SHUFFLE, element_size, n, in, out, capacity);
    if (size <= 0) throw std::runtime_error("blosc_compress: error " + std::to_string(size));
    return static_cast<std::size_t>(size);
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t, std::uint8_t* out, std::size_t original) {
    const int size = blosc_decompress(in, out, original);
    if (size < 0) throw std::runtime_error("blosc_decompress: error " + std::to_string(size));
    return static_cast<std::size_t>(size);
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("blosc", BLOSC_VERSION_STRING).add<Blosc>().main(argc, argv);
}
