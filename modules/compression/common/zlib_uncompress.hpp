// zlib's one-shot decoder, uncompress, as the zlib adapter decompresses with it and the zopfli
// adapter reads its (zlib-format) output back with it.
#pragma once

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace benchbox::compression {

inline std::size_t zlib_uncompress(const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::size_t original) {
  uLongf size = original;
  if (int rc = uncompress(out, &size, in, n); rc != Z_OK) throw std::runtime_error("uncompress: " + std::string(zError(rc)));
  return size;
}

}  // namespace benchbox::compression
