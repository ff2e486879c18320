// A one-line progress display on standard error during a run -- calibrating or which round, which
// case, which row -- redrawn in place with \r. Only when standard error is a terminal: never in files,
// pipes or CI logs.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "run/runner.hpp"

namespace benchbox {

class Progress {
 public:
  // `enabled`: draw at all (normally isatty(2)).
  Progress(const std::vector<CasePoint>& points, std::string module, bool enabled);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  static bool stderr_is_terminal();

  // An observer that keeps the line up to date and clears it around `inner`'s own output.
  RunObserver wrap(RunObserver inner);

  // The line as drawn (without \r and the clear-to-end-of-line), for tests.
  std::string line() const;
  void clear();

 private:
  void draw();
  void at(const CasePoint& point, const std::string& row);  // what the line names
  std::string module_;
  bool enabled_, shown_ = false;
  std::vector<CasePoint> points_;
  std::size_t case_index_ = 0;  // from 1, in the run's points
  std::string case_label_, row_;
  unsigned round_ = 0, rounds_ = 0;  // no rounds yet: calibrating
};

}  // namespace benchbox
