// benchbox/adapter/environment.hpp: an environment variable with a default, for the test adapters
// that take their fault from one. Not in the adapter.hpp umbrella: a header every adapter's one
// translation unit includes changes GCC's inlining in timed code when it grows.
#pragma once

#include <cstdlib>
#include <string>

namespace benchbox {

// The variable's value, or `otherwise` when it is not set.
inline std::string env_or(const char* name, const char* otherwise) {
  const char* value = std::getenv(name);
  return value ? value : otherwise;
}

}  // namespace benchbox
