#include <benchbox/module/figure.hpp>

#include <stdexcept>

namespace benchbox {

const char* to_string(FigureSummary s) { return s == FigureSummary::exact ? "exact" : "median"; }

FigureSummary figure_summary_from(const std::string& name) {
  if (name == "median") return FigureSummary::median;
  if (name == "exact") return FigureSummary::exact;
  throw std::invalid_argument("unknown figure summary '" + name + "' (median or exact)");
}

FigureSpec FigureSpec::time() {
  return {.id = "ns_per_op", .kind = FigureKind::time, .unit = "ns/op", .label = "ns/op", .lower_is_better = true,
          .description = "nanoseconds per operation, median of the repetitions"};
}

FigureSpec FigureSpec::instructions() {
  return {.id = "instructions_per_op", .kind = FigureKind::instructions, .unit = "instr/op", .label = "instr/op",
          .lower_is_better = true,
          .description = "user-space instructions per operation counted by Callgrind (system calls not included)"};
}

FigureSpec FigureSpec::bytes(std::string id, std::string per, std::string description) {
  return {.id = std::move(id), .kind = FigureKind::bytes, .unit = "B/" + per, .label = "bytes/" + per,
          .lower_is_better = true, .description = std::move(description)};
}

FigureSpec FigureSpec::score(std::string id, std::string description) {
  return {.id = std::move(id), .kind = FigureKind::score, .unit = "%", .label = "score", .lower_is_better = false,
          .description = std::move(description)};
}

FigureSpec FigureSpec::count(std::string id, std::string per, std::string description) {
  std::string label = id + "/" + per;
  return {.id = std::move(id), .kind = FigureKind::count, .unit = "/" + per, .label = std::move(label),
          .lower_is_better = true, .description = std::move(description)};
}

FigureSpec FigureSpec::found(std::string id, std::string count, std::string label, std::string description) {
  return {.id = std::move(id), .kind = FigureKind::count, .unit = label, .label = label, .lower_is_better = false,
          .description = std::move(description), .summary = FigureSummary::exact, .from = std::move(count)};
}

FigureSpec FigureSpec::rate(std::string id, std::string from, double scale, std::string unit, std::string description) {
  std::string label = unit;
  return {.id = std::move(id), .kind = FigureKind::rate, .unit = std::move(unit), .label = std::move(label),
          .lower_is_better = false, .description = std::move(description), .from = std::move(from), .scale = scale};
}

FigureSpec FigureSpec::ratio(std::string id, std::string numerator, std::string denominator, std::string description) {
  return {.id = std::move(id), .kind = FigureKind::ratio, .unit = "x", .label = "ratio", .lower_is_better = false,
          .description = std::move(description), .summary = FigureSummary::exact, .from = std::move(numerator),
          .per = std::move(denominator)};
}

FigureSource FigureSpec::source() const {
  if (kind == FigureKind::time) return FigureSource::clock;
  if (kind == FigureKind::instructions) return FigureSource::callgrind;
  if (kind == FigureKind::rate) return FigureSource::clock_rate;
  if (!from.empty() && !per.empty()) return FigureSource::count_ratio;
  if (kind == FigureKind::count && !from.empty()) return FigureSource::count_value;
  return FigureSource::adapter;
}

double FigureSpec::relative_to(double best, double value) const {
  if (best <= 0 || value <= 0) return lower_is_better ? (best > 0 ? value / best : 1) : 1;
  return lower_is_better ? value / best : best / value;
}

}  // namespace benchbox
