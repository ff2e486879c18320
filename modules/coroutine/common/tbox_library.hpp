// What tbox's two adapters (tbox and tbox.stackless) share: the version compiled against and
// tbox's set-up for the adapter's process.
#pragma once

#include "tbox/tbox.h"

#include <string>

namespace benchbox::coroutine {

// "1.7.5"
inline std::string tbox_version() {
  return std::to_string(TB_VERSION_MAJOR) + "." + std::to_string(TB_VERSION_MINOR) + "." + std::to_string(TB_VERSION_ALTER);
}

// tbox set up for main()'s life: tb_init when made, tb_exit when main() returns.
class TboxSession {
 public:
  TboxSession() : started_(tb_init(tb_null, tb_null)) {}
  ~TboxSession() {
    if (started_) tb_exit();
  }
  TboxSession(const TboxSession&) = delete;
  TboxSession& operator=(const TboxSession&) = delete;
  bool started() const { return started_; }

 private:
  bool started_;
};

}  // namespace benchbox::coroutine
