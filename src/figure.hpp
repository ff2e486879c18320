// A figure is what a row reports: its kind, its unit and which way is better. Every output names
// the figure it shows from here, never from a string compared in place.
#pragma once

#include <string>

namespace benchbox {

enum class FigureKind { time, instructions, bytes, score, count };

const char* to_string(FigureKind k);
// Throws std::invalid_argument for an unknown name.
FigureKind figure_kind_from(const std::string& name);

struct FigureSpec {
  std::string id;     // key in results files and trials: "ns_per_op", "bytes_per_coroutine"
  FigureKind kind = FigureKind::time;
  std::string unit;   // as printed after a value: "ns/op", "B/coroutine", "%"
  std::string label;  // column title: "ns/op", "bytes/coroutine", "score"
  bool lower_is_better = true;
  std::string description;  // one line for legends: "median of the repetitions..."

  // Nanoseconds per operation, timed by the driver: the default figure of a case.
  static FigureSpec time();
  // Instructions per operation counted by Callgrind (--instructions): deterministic.
  static FigureSpec instructions();
  static FigureSpec bytes(std::string id, std::string per, std::string description = {});
  static FigureSpec score(std::string id, std::string description = {});
  static FigureSpec count(std::string id, std::string per, std::string description = {});

  bool timed() const { return kind == FigureKind::time; }
  // The same value on every run: compared by its relative change, not a rank test.
  bool deterministic() const { return kind == FigureKind::instructions; }
  // "lower is better" / "higher is better"
  std::string direction() const { return lower_is_better ? "lower is better" : "higher is better"; }
  // How much worse `value` is than `best` as a factor >= 1 (for a "relative" column).
  double relative_to(double best, double value) const;
  bool better(double a, double b) const { return lower_is_better ? a < b : a > b; }
};

}  // namespace benchbox
