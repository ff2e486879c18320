// benchbox/adapter/json_text.hpp: the few JSON values an adapter prints, written without a JSON library.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace benchbox {

// Minimal JSON string escaping for the few strings an adapter prints.
inline std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

// A finite double as JSON (non-finite values become null, which the driver rejects).
inline std::string json_number(double v) {
  if (v != v || v > 1.7e308 || v < -1.7e308) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace benchbox
