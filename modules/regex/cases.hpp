// The regex module's case ids and proof names, shared by the driver side (module.cpp) and every
// adapter (common/regex_adapter.hpp, floor/adapter.cpp): a misspelled case or count fails to
// compile instead of showing up at run time as an unknown case or a missing proof.
#pragma once

#include <benchbox/enum_names.hpp>

namespace benchbox::regex {

enum class Case { count, captures, compile, last = compile };

inline constexpr auto case_id = enum_names<Case>("count", "captures", "compile");

// The axes of a point: the benchmark's name or the user's pattern, and (count, captures) the
// haystack: the benchmark's own, a generated one or the user's file.
inline constexpr const char* kPatternAxis = "pattern";
inline constexpr const char* kHaystackAxis = "haystack";
inline constexpr const char* kOwnHaystack = "own";

// The counts a trial reports beside done and checksum.
namespace proof {
inline constexpr const char* kBytes = "bytes";                   // count, captures: haystack bytes, ops times over
inline constexpr const char* kMatchesOnce = "matches_once";      // count, captures: matches of the untimed scan
inline constexpr const char* kStartSum = "start_sum";            // captures: sum of its match starts (count: the checksum)
inline constexpr const char* kEndSum = "end_sum";                // count, captures: sum of its match ends
inline constexpr const char* kMatches = "matches";               // count: matches of all timed scans
inline constexpr const char* kGroupsOnce = "groups_once";        // captures: groups that took part, untimed scan
inline constexpr const char* kGroupsMatched = "groups_matched";  // captures: ... all timed scans
inline constexpr const char* kSampleMatches = "sample_matches";  // compile: the last pattern's matches in the sample

// The trait that says which matches an engine finds ("leftmost-first (backtracking)", ...).
inline constexpr const char* kSemantics = "semantics";
}  // namespace proof

}  // namespace benchbox::regex
