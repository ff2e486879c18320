// The compression module's checksum of a byte string, shared by module.cpp (over the original
// file) and the adapters (over the bytes a round trip gave back): FNV-1a, 64 bits. Not a
// cryptographic hash: it proves that the bytes came back, next to the adapter's byte-for-byte
// comparison, against a value the driver computes without any codec.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cases.hpp"  // the case ids and proof names: module.cpp has them from here

namespace benchbox::compression {

inline std::uint64_t checksum(const std::uint8_t* p, std::size_t n) {
  std::uint64_t h = 14695981039346656037ull;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

}  // namespace benchbox::compression
