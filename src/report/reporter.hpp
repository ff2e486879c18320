// One interface for every output format (hyperfine's exporters): a reporter turns results into
// text. Formats are registered by name in reporter.cpp, one file each.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "report/column_choice.hpp"
#include "results/results.hpp"

namespace benchbox {

// How rows are ordered in a case's table and chart.
enum class RowOrder { best_first, declared };

// Which rows `--format gbench` writes for a row of two repetitions or more (--gbench-aggregates):
// its repetitions and the aggregates NAME_mean, _median, _stddev, _cv (Google Benchmark's default),
// the aggregates only (its --benchmark_report_aggregates_only), or the repetitions only.
enum class GbenchAggregates { with, only, none };

struct ReportOptions {
  RowOrder order = RowOrder::best_first;
  ColumnChoice columns = default_columns();  // of the text, Markdown and HTML tables
  GbenchAggregates gbench_aggregates = GbenchAggregates::with;
};

// Results of one case and point. Rows with a number come first, best first (or in run order
// with RowOrder::declared), then the rows without one; libraries not installed here are kept
// apart in `unavailable` (reports list them once, not per case).
struct CaseGroup {
  std::string module, case_id, unit, param_label;
  Point point;
  FigureSpec figure;
  std::vector<const Measurement*> rows;
  std::vector<const Measurement*> unavailable;
  std::vector<const Measurement*> not_offered;  // n/a rows of libraries without this first-axis value (Measurement::not_offered)
  std::string reference_note;  // from the results' context: what the module's reference row is
  unsigned cpus = 1;           // more than 1: the case ran unpinned on that many CPUs
  std::string rounds_note{};   // from the results' context: the run's rounds and budget, and why they stopped
  const Measurement* best() const;       // among ok rows; nullptr if none
  const Measurement* reference() const;  // the reference row when it has a number
  // The row's figure relative to the best: a factor >= 1, whichever way is better.
  double relative(const Measurement& m) const;
  // "2.20x": the row's paired ratio to the reference row (median over rounds), or "-".
  static std::string vs_reference(const Measurement& m);
  // The row's robust figure over the geometric mean of the robust figures of the group's rows of
  // its figure (the reference row too): no single noisy row sets the denominator (docs/method.md).
  // None without a robust figure, or with fewer than two rows with a positive one.
  std::optional<double> vs_mean(const Measurement& m) const;
  std::vector<double> robust_figures(const std::string& figure_id) const;
  // vs_mean as shown: "0.450x", "141x" or "-"; and its legend sentence.
  std::string vs_mean_text(const Measurement& m) const;
  std::string vs_mean_legend() const;
  // What the mark ~ means (Measurement::unstable), and a shared rank ("2="), for the legends.
  static std::string unstable_legend();
  static std::string tie_legend();
  // The further figures that any row of the group has, in first-seen order.
  std::vector<FigureSpec> extra_figures() const;
  // The further figure that trades against the case's figure (FigureSpec::trade_off), or nullptr.
  const FigureSpec* trade_off() const;
  // Whether the row is on the frontier of the case's figure and the trade-off figure: verified,
  // and no other verified row at least as good on both and better on one (by their medians).
  bool on_frontier(const Measurement& m) const;
  // The robust figure's column title ("lower q." for a time, "upper q." for a rate, "robust" where
  // the figure is not timed) and its legend sentence (Measurement::robust()).
  std::string robust_title() const;
  std::string robust_legend() const;
  // " (unpinned, 2 CPUs)" after the case's title when it ran on several CPUs; "" otherwise.
  std::string cpus_note() const;
  // The legend's sentence for a case on several CPUs, "" otherwise.
  std::string cpus_legend() const;
};

// A case whose module ranks it (CaseSpec::ranked) over the points it ran: each library's (or
// variant's) geometric mean, over the points where it has a number, of the best library's figure
// there over its own (1.00: the best everywhere), as rebar's `rank`. Reference rows (a floor) are
// neither ranked nor the best.
struct Rank {
  struct Row {
    std::string name;
    double geomean = 1;
    std::size_t points = 0;  // where it has a number
    unsigned place = 0;      // from 1; shared with the row above when the two are tied
    bool shared = false;     // tied with a neighbour over the points both ran ("2=")
    std::string place_text() const { return std::to_string(place) + (shared ? "=" : ""); }
  };
  std::string module, case_id;
  std::size_t points = 0;  // of the case, in these results, where two libraries or more have a number
  std::vector<Row> rows;   // best first
  std::string within{};    // "size=16": the value of CaseSpec::rank_within this rank is of; empty: the whole case
};
// Which libraries offer which value of a case's first axis (the hashing module's algorithms), for
// a case where some library does not offer them all (Measurement::not_offered).
struct Coverage {
  std::string module, case_id, axis;
  std::vector<std::pair<std::string, std::vector<std::string>>> offered_by;  // first-axis value -> rows' names
};
std::vector<Coverage> coverage(const std::vector<CaseGroup>& groups);
// "xxhash, openssl": the libraries without the group's first-axis value, as its table says under it.
std::string not_offered_names(const CaseGroup& g);

// The ranks of the ranked cases among `groups` that ran at two points or more, in first-seen order.
std::vector<Rank> ranks(const Results& results, const std::vector<CaseGroup>& groups);

// "exact, the same in every trial" for an exact figure's legend, "" otherwise.
std::string summary_note(const FigureSpec& f);
std::vector<CaseGroup> group_by_case(const Results& results, RowOrder order = RowOrder::best_first);

class Reporter {
 public:
  explicit Reporter(const ReportOptions& options = {}) : options_(options) {}
  virtual ~Reporter() = default;
  virtual std::string render(const Results& results) const = 0;

 protected:
  std::vector<CaseGroup> groups(const Results& results) const;
  ReportOptions options_;
};

// Throws std::invalid_argument naming the known formats.
std::unique_ptr<Reporter> make_reporter(std::string_view format, const ReportOptions& options = {});
std::vector<std::string> reporter_formats();

inline std::vector<CaseGroup> Reporter::groups(const Results& results) const { return group_by_case(results, options_.order); }

// Each library not installed here once, with why and how to enable it, in run order.
std::vector<const Measurement*> unavailable_libraries(const Results& results);

// Those libraries, each as `item` formatted with its row name, why, and " (to enable: ...)" when
// there is a way, every text passed through `escape`; "" when there is none.
std::string unavailable_items(const Results& results, std::string_view item, std::string (*escape)(std::string_view));

}  // namespace benchbox
