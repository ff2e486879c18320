// simdjson's version as both of its rows (simdjson, simdjson.ondemand) report it: major.minor.revision.
#pragma once

#include <simdjson.h>

#include <string>

namespace benchbox::json {

inline std::string simdjson_version() {
  return std::to_string(simdjson::SIMDJSON_VERSION_MAJOR) + "." + std::to_string(simdjson::SIMDJSON_VERSION_MINOR) + "." +
         std::to_string(simdjson::SIMDJSON_VERSION_REVISION);
}

}  // namespace benchbox::json
