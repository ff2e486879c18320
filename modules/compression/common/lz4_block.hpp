// LZ4's block format as the lz4 and lz4hc adapters both use it: LZ4's bound and its one decoder,
// LZ4_decompress_safe. Each adapter adds its own compress (fast mode or HC) to this.
#pragma once

#include <lz4.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace benchbox::compression {

struct Lz4Block {
  std::size_t bound(std::size_t n) const { return static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(n))); }
  std::size_t decompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
    const int size = LZ4_decompress_safe(reinterpret_cast<const char*>(in), reinterpret_cast<char*>(out), static_cast<int>(n),
                                         static_cast<int>(original));
    if (size < 0) throw std::runtime_error("LZ4_decompress_safe: corrupt input");
    return static_cast<std::size_t>(size);
  }
};

}  // namespace benchbox::compression
