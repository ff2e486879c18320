#include "progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace benchbox {

Progress::Progress(const std::vector<CasePoint>& points, std::string module, bool enabled)
    : module_(std::move(module)), enabled_(enabled), cases_(points.size()) {}

Progress::~Progress() { clear(); }

bool Progress::stderr_is_terminal() {
  const char* term = std::getenv("TERM");
  return isatty(STDERR_FILENO) && !(term && std::strcmp(term, "dumb") == 0);
}

std::string Progress::line() const {
  std::string out = fmt::format("[case {}/{}] {} {}", case_index_, cases_, module_, case_label_);
  if (rounds_ > 0)
    out += fmt::format(": round {}/{}, {}", round_, rounds_, current_);
  else if (library_index_ < libraries_.size())
    out += fmt::format(": {} ({}/{}, {} left in this case)", libraries_[library_index_], library_index_ + 1,
                       libraries_.size(), libraries_.size() - library_index_ - 1);
  if (case_index_ < cases_) out += fmt::format("; {} more case{}", cases_ - case_index_, cases_ - case_index_ == 1 ? "" : "s");
  return out;
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
  RunObserver out;
  out.case_started = [this, inner](const CasePoint& p, const std::vector<LibraryEntry>& libs) {
    ++case_index_;
    case_label_ = p.spec->id + ", " + p.label();
    libraries_.clear();
    for (const auto& l : libs) libraries_.push_back(l.id);
    library_index_ = 0;
    rounds_ = 0;
    clear();
    if (inner.case_started) inner.case_started(p, libs);
    draw();
  };
  out.process_started = [this, inner](unsigned round, unsigned rounds, const std::string& library) {
    round_ = round;
    rounds_ = rounds;
    current_ = library;
    if (inner.process_started) inner.process_started(round, rounds, library);
    draw();
  };
  out.measured = [this, inner](const Measurement& m) {
    ++library_index_;
    clear();
    if (inner.measured) inner.measured(m);
    draw();
  };
  out.case_finished = [this, inner](const CasePoint& p) {
    clear();
    if (inner.case_finished) inner.case_finished(p);
  };
  return out;
}

}  // namespace benchbox
