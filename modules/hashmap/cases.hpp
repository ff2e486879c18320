// The hashmap module's case ids and the names of what a trial reports, shared by the driver side
// (module.cpp, through common/keys.hpp) and every adapter (common/hashmap_adapter.hpp): a
// misspelled case or count fails to compile instead of showing up at run time as an unknown case
// or a missing proof.
#pragma once

#include <benchbox/enum_names.hpp>

namespace benchbox::hashmap {

enum class Case { insert, find, find_miss, erase, iterate, insert_string, find_string, last = find_string };

inline constexpr auto case_id =
    enum_names<Case>("insert", "find", "find-miss", "erase", "iterate", "insert-string", "find-string");

// The axes of the 64-bit cases: N, then where the keys come from (a named key set or a key file),
// an optional axis whose default, random, a point leaves out (`-n find 1000000` as it always was).
// The string cases have the elements axis alone.
inline constexpr const char* kElementsAxis = "elements";
inline constexpr const char* kKeysAxis = "keys";
inline constexpr const char* kDefaultKeys = "random";

// The counts a trial reports beside done and checksum (module.cpp's verifiers check them).
namespace proof {
inline constexpr const char* kInserted = "inserted";  // insert, erase
inline constexpr const char* kSize = "size";          // every case: the map's size (summed over insert's rounds)
inline constexpr const char* kHits = "hits";          // insert: keys found with their value after the last round
inline constexpr const char* kErased = "erased";      // erase
inline constexpr const char* kVisited = "visited";    // erase: elements visited by the full visit after the clock
}  // namespace proof

// The figure every case reports (a FigureSpec id in module.cpp).
namespace figure {
inline constexpr const char* kBytesPerElement = "bytes_per_element";
}  // namespace figure

}  // namespace benchbox::hashmap
