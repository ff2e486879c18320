// The library's calls in a source of their own, as modules/json/nlohmann/parse.cpp: a build with
// another C++ standard (BENCHBOX_BUILDS toy@c++17) compiles this file so; adapter.cpp stays C++20.
// A unity build (toy@unity) compiles it in adapter.cpp's unit, which then sees TOY_UNITS_UNIT.
#include "units.hpp"

#include <toy.h>

namespace toy_units {

long standard() { return __cplusplus; }

std::uint64_t find(const std::uint64_t* values, std::uint64_t n, std::uint64_t value) { return toy_find(values, n, value); }

}  // namespace toy_units

#define TOY_UNITS_UNIT 1  // the end of this file, seen by what follows it in the same unit
