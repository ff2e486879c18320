// The columns of a case's table in text, Markdown and HTML (--columns): which are shown, their
// titles, each row's cells and the legend of what is shown. By default a few, read at a glance
// (rank, library, version, the figure and the module's own figures, ±, relative, peak memory and
// one column of marks); `all` shows every one; or a list of names. docs/reports.md, "Columns".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/column_choice.hpp"
#include "results/results.hpp"

namespace benchbox {

struct CaseGroup;

// The width of a text on a terminal: its UTF-8 code points (every character benchbox prints is one
// column wide: "±", "…").
std::size_t display_width(std::string_view s);
// `s` cut in the middle to `budget` columns with "…" ("boost.un…flat_map"); whole when it fits.
std::string middle_cut(const std::string& s, std::size_t budget);
// The text table's budgets: a library's name, and a version (which first drops a remark in
// parentheses, "(Debian libsparsehash-dev)").
inline constexpr std::size_t kNameBudget = 20, kVersionBudget = 16;
std::string short_version(const std::string& v);

// One case's table: its columns (a figure of the module's own, or a hardware counter, each a
// column of its own) and each row's cells, as plain text; each format escapes them.
enum class Markup { text, md, html };
struct TableColumn {
  Column id;
  std::string title;
  std::string tip{};  // what it is, for HTML's title attribute
  bool left = false;  // aligned left (names, marks), else right (numbers)
  std::string key{};  // extras: the figure's id; counters: "cycles" or "instructions"
};
struct TableRow {
  const Measurement* m = nullptr;
  std::vector<std::string> cells, tips;  // tips: an interval's bounds, for HTML
};
struct CaseTable {
  std::vector<TableColumn> columns;
  std::vector<TableRow> rows;  // the verified rows, in the group's order
};
CaseTable case_table_of(const CaseGroup& g, const ColumnChoice& c, Markup markup);

// The legend under a table: a line for the figure and each of the module's own figures shown,
// short phrases for the other columns shown (`columns`), and a line per mark used (`marks`).
struct Legend {
  std::vector<std::string> figures, columns, marks;
};
Legend legend_of(const CaseGroup& g, const CaseTable& t);

}  // namespace benchbox
