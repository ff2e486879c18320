// benchbox/module/figure.hpp: a figure is what a row reports: its id, unit, which way is better, where its value comes from
// and how its trials are summarised. Every output names the figure it shows from here, never
// from a string compared in place. Modules declare their own figures; the factories below are the
// predefined ones.
#pragma once

#include <optional>
#include <string>

namespace benchbox {

// The kinds the driver knows. A module may name its own (any other kind is reported by the
// adapter, or derived from its counts); `FigureKind::time` and friends read as the old enum did.
namespace FigureKind {
inline constexpr const char* time = "time";                  // ns per operation, timed by the driver
inline constexpr const char* instructions = "instructions";  // per operation, counted by Callgrind
inline constexpr const char* rate = "rate";                  // a count per second of the timed region
inline constexpr const char* bytes = "bytes";
inline constexpr const char* score = "score";
inline constexpr const char* count = "count";
inline constexpr const char* ratio = "ratio";
}  // namespace FigureKind

// Where a trial's value of a figure comes from.
enum class FigureSource {
  clock,        // kind time: the timed region's ns / ops
  clock_rate,   // kind rate: counts[from] (operations when empty) per second of the timed region, / scale
  count_ratio,  // from and per set: counts[from] / counts[per]
  count_value,  // a count kind with only `from`: counts[from] itself (the matches a scan found)
  callgrind,    // kind instructions: Callgrind's total / ops
  adapter,      // anything else: the trial's figures[id]
};

// How a row's trials become its value.
enum class FigureSummary {
  median,  // measured: the median, with its confidence interval
  exact,   // deterministic (a compressed size, a ratio): identical in every trial, else the row
           // fails verification; shown without an interval
};

const char* to_string(FigureSummary s);
// Throws std::invalid_argument for an unknown name.
FigureSummary figure_summary_from(const std::string& name);

struct FigureSpec {
  std::string id;     // key in results files and trials: "ns_per_op", "bytes_per_coroutine", "ratio"
  std::string kind = FigureKind::time;
  std::string unit;   // as printed after a value: "ns/op", "B/coroutine", "%", "MB/s", "x"
  std::string label;  // column title: "ns/op", "bytes/coroutine", "score", "ratio"
  bool lower_is_better = true;
  std::string description;  // one line for legends: "median of the repetitions..."
  FigureSummary summary = FigureSummary::median;
  // Derived figures (see FigureSource): the proof counts they are computed from (a rate: `from`
  // per second; a ratio: `from` / `per`), and the divisor of a rate (1e6: bytes/s as MB/s).
  std::string from{}, per{};
  double scale = 1;
  // An extra figure that trades against the case's figure (a compression ratio against MB/s):
  // the rows that no other row beats on both form the frontier (CaseGroup::on_frontier), marked
  // in the tables and drawn by the charts.
  bool trade_off = false;
  // A trade-off figure's value that trades nothing (a compression ratio of 1: the input stored): a
  // row no better than it is not a frontier point, and pushes no other row off the frontier.
  std::optional<double> trades_nothing_at{};

  // Nanoseconds per operation, timed by the driver: the default figure of a case.
  static FigureSpec time();
  // Instructions per operation counted by Callgrind (--instructions): deterministic.
  static FigureSpec instructions();
  static FigureSpec bytes(std::string id, std::string per, std::string description = {});
  static FigureSpec score(std::string id, std::string description = {});
  static FigureSpec count(std::string id, std::string per, std::string description = {});
  // One count of the trial's proof as it is, the same in every trial (exact): what the work found
  // (a regex's matches in one scan), shown beside the figure on the line and in the tables.
  static FigureSpec found(std::string id, std::string count, std::string label, std::string description = {});
  // The trial's count `from` per second of the timed region divided by `scale`, higher is better:
  // ("mb_per_s", "bytes", 1e6, "MB/s") is MB/s of the bytes the trial reports in its `bytes`
  // count. An empty `from`: operations per second.
  static FigureSpec rate(std::string id, std::string from, double scale, std::string unit, std::string description = {});
  // counts[numerator] / counts[denominator] of each trial, exact, higher is better (original /
  // compressed bytes). The trial's proof carries both counts.
  static FigureSpec ratio(std::string id, std::string numerator, std::string denominator, std::string description = {});

  FigureSource source() const;
  // Nanoseconds per operation: the figure the driver times and calibrates on.
  bool timed() const { return kind == FigureKind::time; }
  // Computed from the timed region (a time or a rate): needs a clock that moved, can be counted
  // under Callgrind instead.
  bool from_clock() const { return source() == FigureSource::clock || source() == FigureSource::clock_rate; }
  // Read off the clock trial by trial, so that noise only ever worsens it: such a figure has a
  // robust figure (the quartile on its better side, Measurement::robust()).
  bool noisy_clock() const { return from_clock() && !exact(); }
  bool exact() const { return summary == FigureSummary::exact; }
  // The same value on every run: compared by its relative change, not a rank test.
  bool deterministic() const { return kind == FigureKind::instructions || exact(); }
  // "lower is better" / "higher is better"
  std::string direction() const { return lower_is_better ? "lower is better" : "higher is better"; }
  // How much worse `value` is than `best` as a factor >= 1 (for a "relative" column).
  double relative_to(double best, double value) const;
  bool better(double a, double b) const { return lower_is_better ? a < b : a > b; }
};

}  // namespace benchbox
