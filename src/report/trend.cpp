// The trend's shared parts (trend_parts.hpp) and its text form; the chart is trend_chart.cpp, the
// page trend_html.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "report/numbers.hpp"
#include "report/trend_parts.hpp"

namespace benchbox::trend {

std::vector<Chart> charts_of(const std::vector<store::TrendSeries>& series, TrendAxis x) {
  std::vector<Chart> out;
  std::map<std::pair<std::string, std::string>, std::size_t> where;
  for (const auto& s : series) {
    const std::string row = x == TrendAxis::version ? s.row_id : "";
    auto [it, added] = where.try_emplace({s.point, row}, out.size());
    if (added) out.push_back({s.point_label, x == TrendAxis::version ? s.row_name : "", {}});
    out[it->second].series.push_back(&s);
  }
  return out;
}

namespace {

std::vector<Line> lines_of(const std::vector<const store::TrendSeries*>& columns) {
  std::map<std::pair<std::string, long long>, Line> by_start;
  for (const auto* s : columns)
    for (const auto& r : s->runs) by_start.try_emplace({r.started, r.run_id}, Line{r.run_id, r.started, r.revision});
  std::vector<Line> out;
  for (auto& [key, line] : by_start) out.push_back(std::move(line));
  return out;
}

void fill_cells(Table& t) {
  for (const auto* s : t.columns) {
    std::map<long long, const store::TrendRow*> by_run;
    for (const auto& r : s->runs) by_run.emplace(r.run_id, &r);
    std::vector<const store::TrendRow*> column;
    for (const auto& line : t.lines) {
      const auto it = by_run.find(line.run_id);
      column.push_back(it == by_run.end() ? nullptr : it->second);
    }
    t.cells.push_back(std::move(column));
  }
}

}  // namespace

std::vector<Table> tables_of(const std::vector<store::TrendSeries>& series, TrendAxis x) {
  std::vector<Table> out;
  std::map<std::tuple<std::string, std::string, std::string>, std::size_t> where;
  std::map<std::string, std::set<std::string>> machines;  // of each point
  for (const auto& s : series) {
    machines[s.point].insert(s.machine);
    const std::string row = x == TrendAxis::version ? s.row_id : "";
    auto [it, added] = where.try_emplace({s.point, s.machine, row}, out.size());
    if (added) out.push_back({s.point_label, s.machine, x == TrendAxis::version ? s.row_name : "", 1, {}, {}, {}});
    out[it->second].columns.push_back(&s);
  }
  for (auto& t : out) {
    t.machines = machines[t.columns.front()->point].size();
    t.lines = lines_of(t.columns);
    fill_cells(t);
  }
  return out;
}

std::string cell_text(const store::TrendRow& r) {
  if (r.status == "failed") return "FAILED";
  if (r.status == "not_applicable") return "n/a";
  if (r.status != "ok" || !r.median) return r.status == "ok" ? "-" : "not available";
  std::string out = r.rank.empty() || r.rank == "-" ? "" : "#" + r.rank + " ";
  out += format_value(*r.median);
  if (r.ci_low && r.ci_high && *r.ci_high > *r.ci_low && *r.median > 0)
    out += fmt::format(" \u00b1{:.1f}%", 100 * (*r.ci_high - *r.ci_low) / (2 * *r.median));
  return out;
}

const store::Change* change_at(const store::TrendSeries& s, std::size_t index) {
  for (const auto& c : s.changes)
    if (c.index == index) return &c;
  return nullptr;
}

std::size_t run_index(const store::TrendSeries& s, const store::TrendRow& run) {
  return static_cast<std::size_t>(&run - s.runs.data());
}

std::string mark_text(const store::Change& c) {
  return fmt::format("{}{:+.1f}%", c.change > 0 ? "\u25b2" : "\u25bc", 100 * c.change);
}

std::string date_text(const std::string& started) {
  if (started.size() >= 16 && started[10] == 'T') return started.substr(0, 10) + " " + started.substr(11, 5);
  return started.substr(0, 16);
}

std::string shorten(const std::string& s, std::size_t max_chars) {
  std::size_t chars = 0, cut = std::string::npos;
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && chars++ == max_chars - 1) cut = i;
  return chars <= max_chars ? s : s.substr(0, cut) + "\u2026";
}

std::string x_text(const store::TrendRow& run, TrendAxis x) {
  if (x == TrendAxis::version) return run.version;
  if (x == TrendAxis::revision) return run.revision.empty() ? "?" : run.revision;
  return "";
}

namespace {

std::string level_text(double v, store::Judged judged, const std::string& unit) {
  return judged == store::Judged::ratio ? fmt::format("{:#.3g}", v) : format_value(v) + " " + unit;
}

}  // namespace

std::string change_sentence(const store::TrendSeries& s, const store::Change& c) {
  const store::TrendRow& r = s.runs.at(c.index);
  return fmt::format("{} {} from run #{} ({}{}): {} {} \u2192 {}, p = {}", mark_text(c), c.change > 0 ? "worse" : "better",
                     r.run_id, date_text(r.started), r.revision.empty() ? "" : ", " + r.revision,
                     s.judged == store::Judged::ratio ? "ratio" : "median", level_text(c.before, s.judged, s.unit),
                     level_text(c.after, s.judged, s.unit), c.p > 0 ? fmt::format("{:.2g}", c.p) : "0 (exact figures)");
}

std::string legend(const std::vector<store::TrendSeries>& series) {
  std::set<std::string> units;
  bool by_median = false;
  for (const auto& s : series) units.insert(s.unit), by_median = by_median || s.judged == store::Judged::median;
  std::string unit_list;
  for (const auto& u : units) unit_list += (unit_list.empty() ? "" : ", ") + u;
  return fmt::format(
      "{}: each run's median, \u00b1 the half-width of its 95% interval, after #its rank among the point's rows in "
      "that run (#2=: a shared rank, not told apart from the row beside it). \u25b2 worse, \u25bc better: a step called from "
      "that run on, by a windowed t-test over the runs of each run's ratio to the point's other rows (a slow host day "
      "cancels in it){}; docs/measurement.md, \"Change points\"",
      unit_list, by_median ? ", or of its median where a run has no ratio" : "");
}

}  // namespace benchbox::trend

namespace benchbox {
namespace {

constexpr std::size_t kTextWidth = 100, kHeaderWidth = 16;

// Characters on a terminal: UTF-8 lead bytes (±, ▲ and ▼ take one column each).
std::size_t display_width(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string padded(const std::string& s, std::size_t width, bool right) {
  const std::string fill(width > display_width(s) ? width - display_width(s) : 0, ' ');
  return right ? fill + s : s + fill;
}

// Cut to `width` characters, ending in ".." when cut (never inside a UTF-8 sequence).
std::string cut(const std::string& s, std::size_t width) {
  if (display_width(s) <= width) return s;
  std::string out;
  std::size_t chars = 0;
  for (char c : s) {
    const bool lead = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (lead && ++chars > width - 2) break;
    out += c;
  }
  return out + "..";
}

// Words on lines of at most `width` characters, the lines after the first indented by `indent`.
std::string wrapped(const std::string& text, std::size_t width, std::size_t indent = 0) {
  std::string out, line;
  bool fresh = true;  // nothing but the indent on the line yet
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!fresh && display_width(line) + 1 + display_width(word) > width) out += line + "\n", line = std::string(indent, ' '), fresh = true;
    line += (fresh ? "" : " ") + word;
    fresh = false;
    start = end + 1;
  }
  return out + line + "\n";
}

struct TextColumn {
  std::string header;
  std::vector<std::string> cells;
  std::size_t width = 0;
};

std::vector<TextColumn> text_columns(const trend::Table& t) {
  std::vector<TextColumn> out;
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    const store::TrendSeries& s = *t.columns[c];
    TextColumn column{cut(s.row_name, kHeaderWidth), {}, 0};
    for (const store::TrendRow* r : t.cells[c]) {
      const store::Change* change = r ? trend::change_at(s, trend::run_index(s, *r)) : nullptr;
      column.cells.push_back(!r ? "" : trend::cell_text(*r) + (change ? " " + trend::mark_text(*change) : ""));
    }
    column.width = display_width(column.header);
    for (const auto& cell : column.cells) column.width = std::max(column.width, display_width(cell));
    out.push_back(std::move(column));
  }
  return out;
}

// The line's label: run id, date, and the x axis's version or revision.
std::vector<std::string> line_labels(const trend::Table& t, std::size_t line, TrendAxis x) {
  const trend::Line& l = t.lines[line];
  std::vector<std::string> out = {"#" + std::to_string(l.run_id), trend::date_text(l.started)};
  if (x == TrendAxis::revision) out.push_back(l.revision.empty() ? "?" : l.revision);
  if (x == TrendAxis::version) out.push_back(t.cells.front()[line] ? t.cells.front()[line]->version : "");
  return out;
}

// The columns in groups that fit kTextWidth beside the labels (a column wider than that alone).
std::vector<std::vector<std::size_t>> column_groups(const std::vector<TextColumn>& columns, std::size_t label_width) {
  std::vector<std::vector<std::size_t>> out(1);
  std::size_t used = label_width;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (!out.back().empty() && used + 2 + columns[c].width > kTextWidth) out.emplace_back(), used = label_width;
    out.back().push_back(c);
    used += 2 + columns[c].width;
  }
  return out;
}

std::string table_lines(const trend::Table& t, TrendAxis x) {
  const auto columns = text_columns(t);
  std::vector<std::vector<std::string>> labels;
  std::vector<std::size_t> label_widths = {3, 16, x == TrendAxis::revision ? 8u : 7u};
  label_widths.resize(x == TrendAxis::time ? 2 : 3);
  for (std::size_t k = 0; k < t.lines.size(); ++k) {
    labels.push_back(line_labels(t, k, x));
    for (std::size_t i = 0; i < labels.back().size(); ++i) {
      labels.back()[i] = cut(labels.back()[i], 24);
      label_widths[i] = std::max(label_widths[i], display_width(labels.back()[i]));
    }
  }
  const std::vector<std::string> titles = {"run", "date", x == TrendAxis::revision ? "revision" : "version"};
  std::size_t label_width = 0;
  for (std::size_t w : label_widths) label_width += w + 2;
  std::string out;
  for (const auto& group : column_groups(columns, label_width - 2)) {
    for (std::size_t i = 0; i < label_widths.size(); ++i) out += padded(titles[i], label_widths[i], i == 0) + "  ";
    for (std::size_t c : group) out += padded(columns[c].header, columns[c].width, true) + (c == group.back() ? "" : "  ");
    out += "\n";
    for (std::size_t k = 0; k < t.lines.size(); ++k) {
      for (std::size_t i = 0; i < label_widths.size(); ++i) out += padded(labels[k][i], label_widths[i], i == 0) + "  ";
      for (std::size_t c : group) out += padded(columns[c].cells[k], columns[c].width, true) + (c == group.back() ? "" : "  ");
      out += "\n";
    }
  }
  return out;
}

std::string table_heading(const trend::Table& t, const std::string& title) {
  std::string out = "== " + (title.empty() ? "" : title + ", ") + t.point_label + (t.row_name.empty() ? "" : ": " + t.row_name) + " ==\n";
  out += "machine: " + t.machine + "\n";
  if (t.machines > 1)
    out += fmt::format("note: {} machines ran this point; each machine's runs are a table and a line of their own\n", t.machines);
  return out;
}

std::string changes_text(const trend::Table& t) {
  std::string out;
  for (const auto* s : t.columns)
    for (const auto& c : s->changes) out += wrapped("  " + s->row_name + ": " + trend::change_sentence(*s, c), kTextWidth, 4);
  return out.empty() ? "no change called\n" : "changes called:\n" + out;
}

}  // namespace

std::string trend_text(const std::vector<store::TrendSeries>& series, TrendAxis x, const std::string& title) {
  if (series.empty()) return "no stored runs of these rows\n";
  std::string out;
  for (const auto& t : trend::tables_of(series, x)) out += table_heading(t, title) + table_lines(t, x) + changes_text(t) + "\n";
  return out + wrapped(trend::legend(series), kTextWidth);
}

}  // namespace benchbox
