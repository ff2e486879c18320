// Snappy's raw C++ API: snappy::RawCompress and snappy::RawUncompress into buffers made once (no
// std::string per call). Snappy has no levels.
#include <snappy-stubs-public.h>
#include <snappy.h>

#include "../common/compression_adapter.hpp"

namespace {

struct Snappy {
  explicit Snappy(int) {}
  std::size_t bound(std::size_t n) const { return snappy::MaxCompressedLength(n); }
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t) {
    std::size_t size = 0;
    snappy::RawCompress(reinterpret_cast<const char*>(in), n, reinterpret_cast<char*>(out), &size);
    return size;
  }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    std::size_t size = 0;
    if (!snappy::GetUncompressedLength(reinterpret_cast<const char*>(in), n, &size) || size > original ||
        !snappy::RawUncompress(reinterpret_cast<const char*>(in), n, reinterpret_cast<char*>(out)))
      throw std::runtime_error("snappy::RawUncompress: corrupt input");
    return size;
  }
};

}  // namespace

int main(int argc, char** argv) {
  const std::string version = std::to_string(SNAPPY_MAJOR) + "." + std::to_string(SNAPPY_MINOR) + "." + std::to_string(SNAPPY_PATCHLEVEL);
  return benchbox::compression::Library("snappy", version).add<Snappy>().main(argc, argv);
}
