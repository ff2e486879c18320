#include "report/text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "report/columns.hpp"
#include "report/numbers.hpp"

namespace benchbox::text {
namespace {

// A text cut to fit a column of the rank and coverage tables, ".." last.
std::string fit(const std::string& s, std::size_t width) { return s.size() > width ? s.substr(0, width - 2) + ".." : s; }

// The default table's budget: a terminal of 100 columns.
constexpr std::size_t kWidth = 100;

std::string status_label(Status s) {
  return s == Status::failed ? "FAILED" : s == Status::not_applicable ? "n/a" : "not available";
}

std::string pad(const std::string& s, std::size_t width, bool left) {
  const std::string fill(width - std::min(width, display_width(s)), ' ');
  return left ? s + fill : fill + s;
}

std::string trim_right(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// A text cut at its end to `width` columns, "…" last.
std::string end_cut(const std::string& s, std::size_t width) {
  if (display_width(s) <= width || width < 2) return s;
  std::string out;
  std::size_t shown = 0;
  for (std::size_t i = 0; i < s.size() && shown < width - 1; ++i) {
    out += s[i];
    if (i + 1 == s.size() || (static_cast<unsigned char>(s[i + 1]) & 0xC0) != 0x80) ++shown;
  }
  return out + "…";
}

// Word-wrapped to `width` columns, each further line indented by two spaces.
std::string wrapped(const std::string& text, std::size_t width) {
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && display_width(line) + 1 + display_width(word) > width) {
      out += line + "\n";
      line = "  ";
    } else if (!line.empty() && line != "  ") {
      line += ' ';
    }
    line += word;
    start = end + 1;
  }
  return out + line + "\n";
}

// Phrases joined by "; " into lines of at most `width` columns.
std::string packed(const std::vector<std::string>& phrases, std::size_t width) {
  std::string out, line;
  for (const auto& p : phrases) {
    if (!line.empty() && display_width(line) + 2 + display_width(p) > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : "; ") + p;
  }
  return line.empty() ? out : out + line + "\n";
}

}  // namespace

std::string abbreviated(const std::string& title) {
  std::string out, word;
  auto flush = [&] {
    if (word.size() <= 3) {
      out += word;
    } else {
      std::string a(1, word[0]);
      for (std::size_t i = 1; i < word.size() && a.size() < 3; ++i)
        if (std::string_view("aeiouyAEIOUY").find(word[i]) == std::string_view::npos && word[i] != a.back()) a += word[i];
      out += a;
    }
    word.clear();
  };
  for (char c : title) {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      word += c;
      continue;
    }
    flush();
    out += c;
  }
  flush();
  return out;
}

namespace {

struct Layout {
  std::vector<std::string> titles;  // each column's title, or its lower line
  std::vector<std::string> uppers;  // the upper line of a title split in two, else empty
  std::vector<std::size_t> widths;  // each with the gap before it
  std::size_t number_gap = 2;       // between two right-aligned columns
  std::size_t gap_before(const CaseTable& t, std::size_t i) const {
    return i == 0 ? 0 : !t.columns[i - 1].left && !t.columns[i].left ? number_gap : 2;
  }
  std::size_t total() const {
    std::size_t sum = 0;
    for (auto w : widths) sum += w;
    return sum;
  }
};

// The name and version of a row, as its table shows them.
std::string name_cell(const Measurement& m, const ColumnChoice& choice) {
  return choice.full_names || choice.whole_row_names ? m.row_name() : middle_cut(m.row_name(), kNameBudget);
}
std::string version_cell(const Measurement& m, const ColumnChoice& choice) {
  return choice.full_names ? m.version : short_version(m.version);
}

// Whether two rows of the group, named apart, would be named alike once cut (a library's version
// rows with one variant: `flatbuffers@25.12.19:object-api` and `flatbuffers@25.12.18:object-api`).
bool cut_names_collide(const CaseGroup& g) {
  std::set<std::string> names, cut;
  for (const auto* m : g.rows) names.insert(m->row_name()), cut.insert(middle_cut(m->row_name(), kNameBudget));
  return cut.size() < names.size();
}

// The widest cell of column i: the verified rows', and for names and versions the other rows' too.
std::size_t cells_width(const CaseGroup& g, const CaseTable& t, const ColumnChoice& choice, std::size_t i) {
  std::size_t w = t.columns[i].id == Column::ci ? 5 : 0;  // "12.3%": as wide in every table
  for (const auto& r : t.rows) w = std::max(w, display_width(r.cells[i]));
  for (const auto* m : g.rows) {
    if (t.columns[i].id == Column::library) w = std::max(w, display_width(name_cell(*m, choice)));
    if (t.columns[i].id == Column::version) w = std::max(w, display_width(version_cell(*m, choice)));
  }
  return w;
}

// A title over two lines, split at the space that makes the wider half narrowest ("peak" over
// "MiB"); whole words only, never at a '/' ("bytes/" over "message" read as "message").
std::pair<std::string, std::string> split_at_space(const std::string& t) {
  std::pair<std::string, std::string> best{"", t};
  std::size_t best_width = display_width(t);
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    if (t[i] != ' ') continue;
    const std::size_t w = std::max(display_width(t.substr(0, i)), display_width(t.substr(i + 1)));
    if (w < best_width) best = {t.substr(0, i), t.substr(i + 1)}, best_width = w;
  }
  return best;
}

// Each column as wide as its widest cell or title; while the table is wider than `width`, the
// titles wider than their cells go on two lines where a space allows it, then are abbreviated,
// the change that saves most first.
Layout layout_with(const std::vector<std::size_t>& cells, const CaseTable& t, std::size_t width, std::size_t number_gap) {
  Layout l;
  l.number_gap = number_gap;
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    l.titles.push_back(t.columns[i].title);
    l.uppers.emplace_back();
    l.widths.push_back(std::max(cells[i], display_width(t.columns[i].title)) + l.gap_before(t, i));
  }
  for (const bool abbreviate : {false, true})
    while (l.total() > width) {
      std::size_t best = 0, saving = 0;
      std::pair<std::string, std::string> best_title;
      for (std::size_t i = 0; i < t.columns.size(); ++i) {
        if (l.titles[i] != t.columns[i].title && !abbreviate) continue;
        if (abbreviate && (!l.uppers[i].empty() || l.titles[i] != t.columns[i].title)) continue;
        const auto title = abbreviate ? std::pair{std::string(), abbreviated(t.columns[i].title)} : split_at_space(t.columns[i].title);
        const std::size_t w = std::max({cells[i], display_width(title.first), display_width(title.second)}) + l.gap_before(t, i);
        if (w < l.widths[i] && l.widths[i] - w > saving) best = i, saving = l.widths[i] - w, best_title = title;
      }
      if (saving == 0) break;
      l.uppers[best] = best_title.first;
      l.titles[best] = best_title.second;
      l.widths[best] -= saving;
    }
  return l;
}

// Two spaces between columns; one between numbers where two would not fit in `width`.
Layout layout_of(const CaseGroup& g, const CaseTable& t, const ColumnChoice& choice, std::size_t width) {
  std::vector<std::size_t> cells;
  for (std::size_t i = 0; i < t.columns.size(); ++i) cells.push_back(cells_width(g, t, choice, i));
  Layout l = layout_with(cells, t, width, 2);
  return l.total() <= width ? l : layout_with(cells, t, width, 1);
}

std::string cells_line(const CaseTable& t, const Layout& l, const std::vector<std::string>& cells) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i)
    out += std::string(l.gap_before(t, i), ' ') + pad(cells[i], l.widths[i] - l.gap_before(t, i), t.columns[i].left);
  return trim_right(out) + "\n";
}

// A row without a number: its rank, name and version, then its status and reason (cut to the
// table's width but with every column; the line above the table has it whole).
std::string status_line(const CaseTable& t, const Layout& l, const Measurement& m, const ColumnChoice& choice) {
  std::string out;
  std::size_t i = 0;
  for (; i < t.columns.size() && (t.columns[i].id == Column::rank || t.columns[i].id == Column::library ||
                                  t.columns[i].id == Column::version); ++i) {
    const Column c = t.columns[i].id;
    const std::string cell = c == Column::rank ? "" : c == Column::library ? name_cell(m, choice) : version_cell(m, choice);
    out += std::string(l.gap_before(t, i), ' ') + pad(cell, l.widths[i] - l.gap_before(t, i), t.columns[i].left);
  }
  out += "  ";
  const std::string status = status_label(m.status) + ": " + m.reason;
  const std::size_t used = display_width(out);
  out += choice.full_names || used + 10 > kWidth ? status : end_cut(status, kWidth - used);
  return out + "\n";
}

// "flt/msg: faults/message, ...": the titles the layout abbreviated, and the rule; "" when none.
std::string abbreviations_line(const CaseTable& t, const Layout& l) {
  std::vector<std::string> named;
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (l.uppers[i].empty() && l.titles[i] != t.columns[i].title) named.push_back(l.titles[i] + ": " + t.columns[i].title);
  if (named.empty()) return "";
  return wrapped(fmt::format("{} (titles too wide for the table: each word of four letters or more to its first letter and "
                             "the consonants after it, at most three)",
                             fmt::join(named, ", ")),
                 kWidth);
}

std::string legend_text(const CaseGroup& g, const CaseTable& t, const Layout& l) {
  const Legend legend = legend_of(g, t);
  std::string out = abbreviations_line(t, l);
  for (const auto& line : legend.figures) out += wrapped(line, kWidth);
  out += packed(legend.columns, kWidth);
  for (const auto& line : legend.marks) out += wrapped(line, kWidth);
  return out;
}

// ", ratio 3.12": the row's exact further figures, for a line.
std::string exact_extras(const Measurement& m) {
  std::string out;
  for (const auto& e : m.extra_figures)
    if (e.spec.exact() && !e.values.empty()) out += fmt::format(", {} {}", e.spec.label, format_figure(e.spec, e.summary.median));
  return out;
}

}  // namespace

std::string original_line(const Measurement& m) {
  const std::string name = m.row_name();
  switch (m.status) {
    case Status::ok: {
      if (m.figure.from_clock() && !m.figure.timed())  // a rate: "zstd -3: 40 blocks, 391 MB/s, ratio 3.12"
        return fmt::format("{}: {} {}, {} {}{}", name, m.ops, m.unit, format_value(m.summary.median), m.figure.unit,
                           exact_extras(m));
      if (!m.figure.timed())
        return fmt::format("{}: {}: {} {} ({})", name, m.param_label, format_value(m.summary.median), m.figure.unit,
                           m.figure.description.empty() ? m.figure.label : m.figure.description);
      const double total_ns = static_cast<double>(m.ops) * m.summary.median;
      // The original tool's form: "tbox: 10000000 switches in 205 ms, 48780487 switches per second".
      const std::string rate = m.rate_unit == m.unit + "/s" ? fmt::format("{:.0f} {} per second", std::floor(m.rate()), m.unit)
                                                            : fmt::format("{:.0f} {}", std::floor(m.rate()), m.rate_unit);
      return fmt::format("{}: {} {} in {:.0f} ms, {}{}", name, m.ops, m.unit, total_ns / 1e6, rate, exact_extras(m));
    }
    case Status::failed: return fmt::format("{}: FAILED: {}", name, m.reason);
    case Status::not_applicable: return fmt::format("{}: n/a: {}", name, m.reason);
    case Status::unavailable: return fmt::format("{}: not available: {}", name, m.reason);
  }
  return "";
}

std::string original_lines(const CaseGroup& g) {
  std::string out;
  for (const auto* m : g.rows) out += original_line(*m) + "\n";
  return out;
}

std::string case_heading(const CaseGroup& g) {
  return fmt::format("== {} {}, {}{} ==", g.module, g.case_id, g.param_label, g.cpus_note());
}

std::string case_table(const CaseGroup& g, const ColumnChoice& asked) {
  if (g.rows.empty()) return g.not_offered.empty() ? "" : wrapped("not offered by " + not_offered_names(g), kWidth);
  ColumnChoice choice = asked;
  choice.whole_row_names = asked.whole_row_names || cut_names_collide(g);
  const CaseTable t = case_table_of(g, choice, Markup::text);
  // Every column is asked for to be seen, whatever the width: titles stay on one line.
  const Layout l = layout_of(g, t, choice, choice.full_names ? SIZE_MAX : kWidth);
  std::string out;
  if (std::any_of(l.uppers.begin(), l.uppers.end(), [](const std::string& u) { return !u.empty(); })) out += cells_line(t, l, l.uppers);
  out += cells_line(t, l, l.titles);
  std::size_t next = 0;  // the verified rows' cells, in the group's order
  for (const auto* m : g.rows) out += m->ok() ? cells_line(t, l, t.rows[next++].cells) : status_line(t, l, *m, choice);
  out += legend_text(g, t, l);
  if (!g.not_offered.empty()) out += wrapped("not offered by " + not_offered_names(g), kWidth);
  return out;
}

std::string coverage_tables(const std::vector<CaseGroup>& groups) {
  std::string out;
  for (const auto& c : coverage(groups)) {
    out += fmt::format("\n== {} {}: which library offers which {} ==\n", c.module, c.case_id, c.axis);
    for (const auto& [value, names] : c.offered_by) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      out += fmt::format("{:<16} {:>2}  {}\n", fit(value, 16), names.size(), list.empty() ? "-" : list);
    }
  }
  return out;
}

std::string rank_tables(const Results& results, const std::vector<CaseGroup>& groups) {
  std::string out;
  for (const auto& r : ranks(results, groups)) {
    out += fmt::format("\n== {} {}: rank over {} points{} ==\n{:>4}  {:<16} {:>9}  {}\n", r.module, r.case_id, r.points,
                       r.within.empty() ? "" : " at " + r.within, "rank", "library", "geomean", "points");
    for (std::size_t i = 0; i < r.rows.size(); ++i)
      out += fmt::format("{:>4}  {:<16} {:>8.2f}x  {} of {}\n", r.rows[i].place_text(), fit(r.rows[i].name, 16), r.rows[i].geomean,
                         r.rows[i].points, r.points);
    out += "geomean: geometric mean, over the points the library ran, of its figure's ratio to the best library's there "
           "(1.00x: the best at every point; lower is better); the reference row is not ranked, nor a point only one "
           "library ran; 2=: not known apart from the row above (their ratios paired round by round, averaged over the "
           "points both ran, within 2% of 1 somewhere in a 95% interval)\n";
  }
  return out;
}

std::string unavailable_summary(const Results& results) {
  const auto missing = unavailable_libraries(results);
  if (missing.empty()) return "";
  std::string out = fmt::format("\nNot available here ({} {}; `benchbox list` has the details):\n", missing.size(),
                                missing.size() == 1 ? "library" : "libraries");
  for (const auto* m : missing) {
    out += fmt::format("  {:<16} {}\n", m->row_name(), m->reason);
    if (!m->enable.empty()) out += fmt::format("  {:<16} to enable: {}\n", "", m->enable);
  }
  return out;
}

}  // namespace benchbox::text

namespace benchbox {
namespace {
class TextReporter : public Reporter {
 public:
  using Reporter::Reporter;
  std::string render(const Results& results) const override {
    std::string out;
    for (const auto& g : groups(results)) {
      out += text::case_heading(g) + "\n";
      out += text::original_lines(g);
      out += "\n" + text::case_table(g, options_.columns) + "\n";
    }
    out += text::rank_tables(results, groups(results));
    out += text::coverage_tables(groups(results));
    out += text::unavailable_summary(results);
    for (const auto& w : results.warnings) out += "warning: " + w + "\n";
    return out;
  }
};
}  // namespace

std::unique_ptr<Reporter> make_text_reporter(const ReportOptions& options) { return std::make_unique<TextReporter>(options); }

}  // namespace benchbox
