// LZ4 HC: LZ4_compress_HC_extStateHC at the row's level with a state made once, then LZ4's own
// LZ4_decompress_safe (the same block format as the lz4 rows).
#include <lz4.h>
#include <lz4hc.h>

#include <vector>

#include "../common/compression_adapter.hpp"
#include "../common/lz4_block.hpp"

namespace {

struct Lz4Hc : benchbox::compression::Lz4Block {
  int level;
  std::vector<char> state = std::vector<char>(static_cast<std::size_t>(LZ4_sizeofStateHC()));
  explicit Lz4Hc(int l) : level(l) {}
  std::size_t compress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    const int size = LZ4_compress_HC_extStateHC(state.data(), reinterpret_cast<const char*>(in), reinterpret_cast<char*>(out),
                                                static_cast<int>(n), static_cast<int>(capacity), level);
    if (size <= 0) throw std::runtime_error("LZ4_compress_HC_extStateHC failed");
    return static_cast<std::size_t>(size);
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::compression::Library("lz4hc", LZ4_versionString()).add<Lz4Hc>().main(argc, argv);
}
