#include "figure.hpp"

#include <stdexcept>

namespace benchbox {

const char* to_string(FigureKind k) {
  switch (k) {
    case FigureKind::time: return "time";
    case FigureKind::instructions: return "instructions";
    case FigureKind::bytes: return "bytes";
    case FigureKind::score: return "score";
    case FigureKind::count: return "count";
  }
  return "time";
}

FigureKind figure_kind_from(const std::string& name) {
  for (FigureKind k : {FigureKind::time, FigureKind::instructions, FigureKind::bytes, FigureKind::score, FigureKind::count})
    if (name == to_string(k)) return k;
  throw std::invalid_argument("unknown figure kind '" + name + "'");
}

FigureSpec FigureSpec::time() {
  return {"ns_per_op", FigureKind::time, "ns/op", "ns/op", true, "nanoseconds per operation, median of the repetitions"};
}

FigureSpec FigureSpec::instructions() {
  return {"instructions_per_op", FigureKind::instructions, "instr/op", "instr/op", true,
          "user-space instructions per operation counted by Callgrind (system calls not included)"};
}

FigureSpec FigureSpec::bytes(std::string id, std::string per, std::string description) {
  return {std::move(id), FigureKind::bytes, "B/" + per, "bytes/" + per, true, std::move(description)};
}

FigureSpec FigureSpec::score(std::string id, std::string description) {
  return {std::move(id), FigureKind::score, "%", "score", false, std::move(description)};
}

FigureSpec FigureSpec::count(std::string id, std::string per, std::string description) {
  std::string label = id + "/" + per;
  return {std::move(id), FigureKind::count, "/" + per, std::move(label), true, std::move(description)};
}

double FigureSpec::relative_to(double best, double value) const {
  if (best <= 0 || value <= 0) return lower_is_better ? (best > 0 ? value / best : 1) : 1;
  return lower_is_better ? value / best : best / value;
}

}  // namespace benchbox
