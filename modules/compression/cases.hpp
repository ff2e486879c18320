// The compression module's case ids and the names of what a trial reports, shared by the driver
// side (module.cpp, through checksums.hpp) and every adapter (common/compression_adapter.hpp): a
// misspelled case or count fails to compile instead of showing up at run time as an unknown case
// or a missing proof.
#pragma once

#include <benchbox/enum_names.hpp>

#include <string_view>

namespace benchbox::compression {

enum class Case { compress, decompress, last = decompress };

inline constexpr auto case_id = enum_names<Case>("compress", "decompress");

// The generated data sets, by name (module.cpp gives each its label; the adapters name those a row
// does not offer).
inline constexpr std::string_view kDataSets[] = {"text", "log", "records", "random"};

// The counts a trial reports beside done and checksum (module.cpp's verify, and its figures).
namespace proof {
inline constexpr const char* kBytes = "bytes";                        // uncompressed bytes of every call
inline constexpr const char* kCompressedSize = "compressed_size";     // the compressed size of one call
inline constexpr const char* kCompressedBytes = "compressed_bytes";   // ... and of all of them
}  // namespace proof

}  // namespace benchbox::compression
