// The tbox version an adapter was compiled against, as "1.7.5" (shared by tbox and tbox.stackless).
#pragma once

#include "tbox/tbox.h"

#include <string>

namespace benchbox::coroutine {

inline std::string tbox_version() {
  return std::to_string(TB_VERSION_MAJOR) + "." + std::to_string(TB_VERSION_MINOR) + "." + std::to_string(TB_VERSION_ALTER);
}

}  // namespace benchbox::coroutine
