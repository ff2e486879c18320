// Which columns a table shows (--columns): the columns' names, what each shows, the default choice
// and the choice a user's list makes. Below the reporters (reporter.hpp's options hold a choice);
// the columns' cells are columns.hpp's.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace benchbox {

// In the order of the tables.
enum class Column {
  rank, library, version, figure, extras, rate, ci, interval, robust, range, spread, mad, relative, vs_ref, vs_mean, peak,
  reps, counters, marks, modes, traits
};

struct ColumnChoice {
  std::vector<Column> shown;  // in the order of the enum
  bool full_names = false;    // text: names and versions whole; else cut in the middle to a budget
  bool whole_row_names = false;  // text: row names whole, as where two rows' cut names would be alike
  bool has(Column c) const;
};

ColumnChoice default_columns();
ColumnChoice all_columns();
// "default", "all", or names separated by commas ("figure,ci,vs-ref"): shown in the tables' order,
// with the library always. Throws std::invalid_argument with one line naming the known columns.
ColumnChoice columns_from(const std::string& text);
// Whether a format draws tables that --columns chooses for (text, md, html).
bool takes_columns(std::string_view format);
// What every column shows, one line each: --help and docs/reports.md.
std::string columns_help();
// A column's name for --columns ("vs-ref"), and what it shows.
const char* column_name(Column c);
const char* column_help(Column c);

}  // namespace benchbox
