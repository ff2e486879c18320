// LZ4's block format, fast mode: LZ4_compress_fast_extState with a state made once (the
// acceleration is the row's level: 1 is LZ4's default, larger is faster and compresses less),
// LZ4_decompress_safe. A raw block: no frame, no checksum.
#include <lz4.h>

#include <vector>

#include "../common/compression_adapter.hpp"
#include "../common/lz4_block.hpp"

namespace {

struct Lz4 : benchbox::compression::Lz4Block {
  int acceleration;
  std::vector<char> state = std::vector<char>(static_cast<std::size_t>(LZ4_sizeofState()));
  explicit Lz4(int a) : acceleration(a) {}
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    const int size = LZ4_compress_fast_extState(state.data(), reinterpret_cast<const char*>(in), reinterpret_cast<char*>(out),
                                                static_cast<int>(n), static_cast<int>(capacity), acceleration);
    if (size <= 0) throw std::runtime_error("LZ4_compress_fast_extState failed");
    return static_cast<std::size_t>(size);
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("lz4", LZ4_versionString()).add<Lz4>().main(argc, argv);
}
