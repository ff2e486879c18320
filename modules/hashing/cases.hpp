// The hashing module's case ids and the names of what a trial reports, shared by the driver side
// (module.cpp) and every adapter (common/hashing_adapter.hpp): a misspelled case or count fails to
// compile instead of showing up at run time as an unknown case or a missing proof.
#pragma once

#include <benchbox/enum_names.hpp>

namespace benchbox::hashing {

enum class Case { bulk, keys, last = keys };

inline constexpr auto case_id = enum_names<Case>("bulk", "keys");

// The axes' names.
inline constexpr const char* kAlgorithmAxis = "algorithm";
inline constexpr const char* kSizeAxis = "size";
// bulk: where the input starts, in bytes past a 64-byte boundary (AVX-512 code moves with it).
inline constexpr const char* kOffsetAxis = "offset";
inline constexpr int kDefaultOffset = 16;

// The counts a trial reports beside done and checksum (module.cpp's verify, and its figures).
namespace proof {
inline constexpr const char* kBytes = "bytes";  // input bytes of every call of the clock
// known_answer_1, known_answer_2...: FNV-1a of the digest of each published test vector of the
// algorithm, computed after the clock; the driver compares them with the vectors' digests.
inline constexpr const char* kKnownAnswerPrefix = "known_answer_";
}  // namespace proof

}  // namespace benchbox::hashing
