// The Boost version an adapter was compiled against, as "1.81.0" (shared by the boost.* adapters).
#pragma once

#include <boost/version.hpp>

#include <string>

namespace benchbox::coroutine {

inline std::string boost_version() {
  return std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
         std::to_string(BOOST_VERSION % 100);
}

}  // namespace benchbox::coroutine
