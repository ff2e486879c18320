#include "report/columns.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "report/numbers.hpp"
#include "report/reporter.hpp"
#include "results/standing.hpp"

namespace benchbox {
namespace {

// A column that some tables have and others not: shown only where some row has it.
bool any_row(const CaseGroup& g, auto has) {
  return std::any_of(g.rows.begin(), g.rows.end(), [&](const Measurement* m) { return m->ok() && has(*m); });
}

bool has_counters(const Measurement& m) { return m.cycles_per_op || (m.instructions_per_op && m.figure.timed()); }

std::string rate_title(const CaseGroup& g) {
  for (const auto* m : g.rows)
    if (m->ok() && m->rate() > 0) return m->rate_unit;
  return "";
}

std::string marks_text(const CaseGroup& g, const Measurement& m) {
  std::string out;
  if (m.reference) out += '*';
  if (m.unstable()) out += '~';
  if (m.modes.size() >= 2) out += '=';
  if (g.trade_off() && g.on_frontier(m)) out += '<';
  return out;
}

std::string interval_tip(double low, double high, double level) {
  return fmt::format("{}..{}, {:.0f}% coverage", format_value(low), format_value(high), 100 * level);
}

struct Cell {
  std::string text, tip{};
};

Cell cell(const CaseGroup& g, const Measurement& m, const TableColumn& col, const ColumnChoice& choice, Markup markup) {
  const std::string& key = col.key;
  const Summary& s = m.summary;
  const bool exact = m.figure.exact();  // one value: no interval, no range
  const bool cut = markup == Markup::text && !choice.full_names;
  switch (col.id) {
    case Column::rank: return {rank_text(m)};
    case Column::library: return {cut && !choice.whole_row_names ? middle_cut(m.row_name(), kNameBudget) : m.row_name()};
    case Column::version: return {cut ? short_version(m.version) : m.version};
    case Column::figure: return {format_value(s.median)};
    case Column::extras: {
      const FigureValues* v = m.extra(key);
      if (!v) return {"-"};
      for (const auto& f : g.extra_figures())
        if (f.id == key) return {format_figure(f, v->summary.median)};
      return {format_value(v->summary.median)};
    }
    case Column::rate: return {m.rate() > 0 ? with_thousands(m.rate()) : "-"};
    case Column::ci:
      if (exact) return {"exact"};
      if (s.n < 2) return {"-"};  // one value (a published figure, --reps 1): no interval, not a 0% one
      return {fmt::format("{:.1f}%", 100 * m.uncertainty()), interval_tip(s.ci_low, s.ci_high, s.ci_level)};
    case Column::interval:
      return {exact ? format_value(s.median)
                    : fmt::format("{}..{} ({:.0f}%)", format_value(s.ci_low), format_value(s.ci_high), 100 * s.ci_level)};
    case Column::robust: {
      const auto q = m.robust();
      if (!q) return {"-"};
      return {fmt::format("{} ±{:.1f}%", format_value(q->value), 100 * q->uncertainty()), interval_tip(q->ci_low, q->ci_high, q->ci_level)};
    }
    case Column::range: return {exact ? format_value(s.median) : format_value(s.min) + ".." + format_value(s.max)};
    case Column::spread: return {exact ? "-" : fmt::format("{:.1f}%", 100 * s.relative_spread())};
    case Column::mad: return {exact ? "exact" : fmt::format("{:.1f}%", 100 * s.relative_mad())};
    case Column::relative: return {fmt::format("{:.2f}x", g.relative(m))};
    case Column::vs_ref: return {CaseGroup::vs_reference(m)};
    case Column::vs_mean: return {g.vs_mean_text(m)};
    case Column::peak: return {m.peak_rss_bytes ? format_mib(m.peak_rss_bytes) : "-"};
    case Column::reps: return {std::to_string(s.n)};
    case Column::counters: {
      const auto& v = key == "cycles" ? m.cycles_per_op : m.instructions_per_op;
      return {v ? fmt::format("{:.1f}", *v) : "-"};
    }
    case Column::marks: return {marks_text(g, m)};
    case Column::modes:
      return {m.modes.size() >= 2 ? format_value(m.modes.front()) + " and " + format_value(m.modes.back()) : ""};
    case Column::traits: {
      std::string out;
      for (const auto& [k, v] : m.traits.values) out += (out.empty() ? "" : ", ") + k + " " + v;
      return {out};
    }
  }
  return {};
}

std::string column_title(const CaseGroup& g, Column c) {
  switch (c) {
    case Column::figure: return g.figure.label;
    case Column::rate: return rate_title(g);
    case Column::ci: return "±";
    case Column::interval: return "CI of median";
    case Column::robust: return g.robust_title() + " ±";
    case Column::range: return "min..max";
    case Column::mad: return "±MAD";
    case Column::vs_ref: return "vs ref";
    case Column::vs_mean: return "vs mean";
    case Column::peak: return "peak MiB";
    case Column::marks: return "";
    case Column::modes: return "two modes";
    default: return column_name(c);
  }
}

// The columns a table has for `choice`: those that need a row to have them (a rate, counters,
// marks...) only where one does; the module's figures and the counters one column each.
std::vector<TableColumn> columns_of(const CaseGroup& g, const ColumnChoice& choice, Markup markup) {
  std::vector<TableColumn> out;
  for (Column c : choice.shown) {
    const bool left = c == Column::library || c == Column::version || c == Column::marks || c == Column::modes || c == Column::traits;
    if (c == Column::extras) {
      for (const auto& f : g.extra_figures()) out.push_back({c, f.label, f.description, false, f.id});
      continue;
    }
    if (c == Column::counters) {
      if (any_row(g, has_counters)) {
        out.push_back({c, "cycles/op", "CPU cycles per operation (hardware counters)", false, "cycles"});
        out.push_back({c, "instr/op", "instructions per operation (hardware counters)", false, "instructions"});
      }
      continue;
    }
    if (c == Column::rate && rate_title(g).empty()) continue;
    if (c == Column::marks && !any_row(g, [&](const Measurement& m) { return !marks_text(g, m).empty(); })) continue;
    if (c == Column::modes && !any_row(g, [](const Measurement& m) { return m.modes.size() >= 2; })) continue;
    // Traits run to hundreds of characters: a page wraps them, a terminal has `benchbox list`.
    if (c == Column::traits && (markup == Markup::text || !any_row(g, [](const Measurement& m) { return !m.traits.values.empty(); })))
      continue;
    out.push_back({c, column_title(g, c), column_help(c), left});
  }
  return out;
}

std::string figure_line(const FigureSpec& f) {
  const std::string note = summary_note(f);
  return fmt::format("{}: {} ({}{})", f.label, f.description.empty() ? "median of the repetitions" : f.description,
                     note.empty() ? "" : note + ", ", f.direction());
}

std::string column_phrase(const CaseGroup& g, const TableColumn& c) {
  const bool lower = g.figure.lower_is_better;
  switch (c.id) {
    case Column::rate: return c.title + ": the rate at the median";
    case Column::ci: return "±: half-width of the median's confidence interval";
    case Column::interval: return "CI of median: that interval, with its coverage";
    case Column::robust:
      return g.figure.noisy_clock() ? fmt::format("{}: the {} quartile (noise only ever slows), ± its interval's half-width",
                                                  g.robust_title(), lower ? "lower" : "upper")
                                    : "robust: none, the figure is not timed";
    case Column::range: return "min..max: of the repetitions";
    case Column::spread: return "spread: (max - min) / median";
    case Column::mad: return "±MAD: median absolute deviation over the median";
    case Column::relative: return "relative: to the best";
    case Column::vs_ref: return "vs ref: median over rounds of the ratio to the reference row in the same round";
    case Column::vs_mean: {
      const std::size_t n = g.robust_figures(g.figure.id).size();
      if (!g.figure.noisy_clock() || n < 2) return g.vs_mean_legend();
      return fmt::format("vs mean: the {0} quartile over the geometric mean of the {1} rows' ({2} 1: better)",
                         lower ? "lower" : "upper", n, lower ? "below" : "above");
    }
    case Column::peak: return "peak MiB: largest resident memory of the row's processes";
    case Column::reps:
      return g.rounds_note.empty() ? "reps: timed repetitions" : "reps: timed repetitions (processes: " + g.rounds_note + ")";
    case Column::counters: return c.key == "cycles" ? "cycles/op, instr/op: per operation, from hardware counters" : "";
    case Column::modes: return "two modes: the medians of the two groups the row's processes fell into";
    default: return "";
  }
}

std::string mark_line(const CaseGroup& g, char mark) {
  switch (mark) {
    case '*':
      return fmt::format("*: the module's reference row, not ranked (its floor: {})",
                         g.reference_note.empty() ? "the limit of this case on this machine" : g.reference_note);
    case '~': return CaseGroup::unstable_legend();
    case '=': return "=: two modes: the row's processes fell into two separated groups; the median hides one";
    default:
      return fmt::format("<: on the frontier of {} and {}: no other row as good on both and better on one", g.figure.label,
                         g.trade_off()->label);
  }
}

}  // namespace

std::size_t display_width(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string middle_cut(const std::string& s, std::size_t budget) {
  if (display_width(s) <= budget || budget < 3) return s;
  std::vector<std::size_t> starts;  // of each character
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) starts.push_back(i);
  const std::size_t head = budget / 2, tail = budget - 1 - head;
  return s.substr(0, starts[head]) + "…" + s.substr(starts[starts.size() - tail]);
}

std::string short_version(const std::string& v) {
  if (display_width(v) <= kVersionBudget) return v;
  const auto remark = v.find(" (");
  return middle_cut(remark == std::string::npos ? v : v.substr(0, remark), kVersionBudget);
}

CaseTable case_table_of(const CaseGroup& g, const ColumnChoice& choice, Markup markup) {
  CaseTable t;
  t.columns = columns_of(g, choice, markup);
  for (const auto* m : g.rows) {
    if (!m->ok()) continue;
    TableRow row{m, {}, {}};
    for (const auto& c : t.columns) {
      Cell x = cell(g, *m, c, choice, markup);
      row.cells.push_back(std::move(x.text));
      row.tips.push_back(std::move(x.tip));
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

Legend legend_of(const CaseGroup& g, const CaseTable& t) {
  Legend l;
  std::string marks;
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    const TableColumn& c = t.columns[i];
    if (c.id == Column::figure) l.figures.push_back(figure_line(g.figure));
    if (c.id == Column::extras)
      for (const auto& f : g.extra_figures())
        if (f.id == c.key) l.figures.push_back(figure_line(f));
    if (c.id == Column::marks)
      for (const auto& row : t.rows) marks += row.cells[i];
    if (const std::string p = column_phrase(g, c); !p.empty()) l.columns.push_back(p);
  }
  if (g.cpus > 1) l.figures.push_back(g.cpus_legend());
  if (std::any_of(t.rows.begin(), t.rows.end(), [](const TableRow& r) { return r.m->standing.shared; }) &&
      std::any_of(t.columns.begin(), t.columns.end(), [](const TableColumn& c) { return c.id == Column::rank; }))
    l.marks.push_back(CaseGroup::tie_legend());
  for (char mark : {'*', '~', '=', '<'})
    if (marks.find(mark) != std::string::npos) l.marks.push_back(mark_line(g, mark));
  return l;
}

}  // namespace benchbox
