// What the trend's text, SVG and HTML share (trend.hpp): which series are drawn or tabled
// together, a run's cell, a change's mark and sentence.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "report/trend_series.hpp"

namespace benchbox::trend {

// The series of one chart: one point (against the version axis, one point and row), every machine.
struct Chart {
  std::string point_label, row_name;  // row_name: against the version axis only
  std::vector<const store::TrendSeries*> series;
};
std::vector<Chart> charts_of(const std::vector<store::TrendSeries>& series, TrendAxis x);

// A run as a table's line: the runs of a table's columns, oldest first.
struct Line {
  long long run_id = 0;
  std::string started, revision;
};

// The series of one table: one point on one machine (one row too against the version axis).
struct Table {
  std::string point_label, machine, row_name;  // row_name: against the version axis only
  std::size_t machines = 1;                    // how many machines ran the point
  std::vector<const store::TrendSeries*> columns;
  std::vector<Line> lines;
  // Each column's run of each line, nullptr where the column's row was not in that run.
  std::vector<std::vector<const store::TrendRow*>> cells;
};
std::vector<Table> tables_of(const std::vector<store::TrendSeries>& series, TrendAxis x);

// "16.9 ±1.1%" for an ok run (no ± for an exact figure), "FAILED", "n/a", "not available".
std::string cell_text(const store::TrendRow& run);
// The change called at the series' run `index`, or nullptr.
const store::Change* change_at(const store::TrendSeries& series, std::size_t index);
std::size_t run_index(const store::TrendSeries& series, const store::TrendRow& run);
// "▲+10.2%" (worse) or "▼-8.0%" (better).
std::string mark_text(const store::Change& change);
// "2026-12-01 11:00" from the stored ISO 8601 start.
std::string date_text(const std::string& started);
// What the x axis names a run by, besides its date: the row's library version or benchbox's revision.
std::string x_text(const store::TrendRow& run, TrendAxis x);
// "from run #4 (2026-12-01 14:00): ratio to the point's other rows 1.00 -> 1.10, p = 0.0004"
std::string change_sentence(const store::TrendSeries& series, const store::Change& change);
// One chart as an <svg> element (trend_chart.cpp); `standalone` adds the XML declaration.
inline constexpr double kChartWidth = 860, kChartHeight = 440;
std::string chart_svg(const Chart& chart, TrendAxis x, const std::string& title, bool standalone);
// "coroutine switch, 2 coroutines" (", tbox" against the version axis)
std::string chart_title(const Chart& chart, const std::string& title);
// At most `max_chars` characters, ending in "…" when cut (never inside a UTF-8 sequence).
std::string shorten(const std::string& s, std::size_t max_chars);
// What the figures, the ± and the marks mean, in a sentence.
std::string legend(const std::vector<store::TrendSeries>& series);

}  // namespace benchbox::trend
