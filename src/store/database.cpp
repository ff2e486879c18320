#include "store/database.hpp"

#include <cmath>
#include <cstdio>

namespace benchbox::store {

Value value(const std::string& text) { return text; }
Value value(long long number) { return std::to_string(number); }
// Every digit (%.17g reads back as the same double); not a number or infinite: NULL.
Value value(double number) {
  if (!std::isfinite(number)) return null();
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", number);
  return std::string(text);
}

}  // namespace benchbox::store
