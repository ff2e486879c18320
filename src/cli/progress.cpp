#include "cli/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace benchbox {

Progress::Progress(const std::vector<CasePoint>& points, std::string module, bool enabled)
    : module_(std::move(module)), enabled_(enabled), points_(points) {}

Progress::~Progress() { clear(); }

bool Progress::stderr_is_terminal() {
  const char* term = std::getenv("TERM");
  return isatty(STDERR_FILENO) && !(term && std::strcmp(term, "dumb") == 0);
}

void Progress::at(const CasePoint& point, const std::string& row) {
  case_index_ = 0;
  for (std::size_t k = 0; k < points_.size(); ++k)
    if (points_[k].spec == point.spec && points_[k].point == point.point) case_index_ = k + 1;
  case_label_ = point.spec->id + ", " + point.label();
  row_ = row;
}

std::string Progress::line() const {
  const std::string where = fmt::format("case {}/{}", case_index_, points_.size());
  const std::string stage = rounds_ == 0        ? "calibrating, " + where
                            : round_ <= rounds_ ? fmt::format("round {}/{}, {}", round_, rounds_, where)
                                                : fmt::format("round {}, for the open questions, {}", round_, where);
  return fmt::format("[{}] {} {}: {}", stage, module_, case_label_, row_);
}

void Progress::draw() {
  if (!enabled_) return;
  std::string text = line();
  if (text.size() > 150) text = text.substr(0, 149) + "~";
  std::fprintf(stderr, "\r%s\033[K", text.c_str());
  std::fflush(stderr);
  shown_ = true;
}

void Progress::clear() {
  if (!enabled_ || !shown_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  shown_ = false;
}

RunObserver Progress::wrap(RunObserver inner) {
  RunObserver out = inner;
  out.calibrating = [this, inner](const CasePoint& p, const std::string& row) {
    at(p, row);
    rounds_ = 0;
    if (inner.calibrating) inner.calibrating(p, row);
    draw();
  };
  out.process_started = [this, inner](unsigned round, unsigned rounds, const CasePoint& p, const std::string& row) {
    at(p, row);
    round_ = round;
    rounds_ = rounds;
    if (inner.process_started) inner.process_started(round, rounds, p, row);
    draw();
  };
  // The results' own output on a cleared line; the next calibration or process draws the line again.
  out.case_started = [this, inner](const CasePoint& p, const std::vector<LibraryEntry>& libs) {
    clear();
    if (inner.case_started) inner.case_started(p, libs);
  };
  out.case_finished = [this, inner](const CasePoint& p) {
    clear();
    if (inner.case_finished) inner.case_finished(p);
  };
  return out;
}

}  // namespace benchbox
