// splitmix64 (Steele, Lea and Flood; Vigna's constants): a small pseudo-random sequence, the same
// on every machine. Here so that the allocator module's schedule, its yardstick (which may include
// this folder and nothing else of ours) and the json data generator draw from one definition.
#pragma once

#include <cstdint>

namespace yardstick {

struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

}  // namespace yardstick
