// units.cpp's functions: see there.
#pragma once

#include <cstdint>

namespace toy_units {

long standard();  // __cplusplus where units.cpp was compiled
std::uint64_t find(const std::uint64_t* values, std::uint64_t n, std::uint64_t value);

}  // namespace toy_units
