#include "text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "numbers.hpp"

namespace benchbox::text {
namespace {

// A text cut to fit its column ends in "..", never in "~" (the unstable mark).
std::string fit(const std::string& s, std::size_t width) { return s.size() > width ? s.substr(0, width - 2) + ".." : s; }

// The version column is as wide as the longest version up to this; a longer version first drops
// its remark in parentheses ("0.0+git20180715.2c46874-2 (Debian libflathashmap-dev)"), and only
// then is cut.
constexpr std::size_t kVersionWidth = 14, kMaxVersionWidth = 28;

std::string version_text(const std::string& v) {
  if (v.size() <= kMaxVersionWidth) return v;
  const auto remark = v.find(" (");
  return remark != std::string::npos && remark <= kMaxVersionWidth ? v.substr(0, remark) : fit(v, kMaxVersionWidth);
}

std::string status_label(Status s) {
  return s == Status::failed ? "FAILED" : s == Status::not_applicable ? "n/a" : "not available";
}

// The extra columns a group's rows have: the adapters' own figures, then hardware counters.
struct Columns {
  std::vector<FigureSpec> extras;
  bool counters = false;
  std::size_t version_width = kVersionWidth;
};

Columns columns_of(const CaseGroup& g) {
  Columns c;
  c.extras = g.extra_figures();
  for (const auto* m : g.rows) {
    c.counters = c.counters || m->cycles_per_op || (m->instructions_per_op && m->figure.timed());
    c.version_width = std::max(c.version_width, version_text(m->version).size());
  }
  return c;
}

std::string row_line(const CaseGroup& g, const Measurement& m, const Columns& c) {
  const std::string name = fit(m.row_name(), 15) + (m.reference ? "*" : "");
  const std::string version = version_text(m.version);
  if (!m.ok()) return fmt::format("{:<16} {:<{}} {}: {}\n", name, version, c.version_width, status_label(m.status), m.reason);
  const Summary& s = m.summary;
  const bool exact = m.figure.exact();  // one value: no interval, no range
  const auto robust = m.robust();
  std::string out = fmt::format("{:<16} {:<{}} {:>11} {:>15} {:>8} {:>18} {:>17} {:>8.2f}x {:>8} {:>8} {:>9}{}", name, version,
                                c.version_width, format_value(s.median), m.rate() > 0 ? with_thousands(m.rate()) : "",
                                exact ? "exact" : fmt::format("{:.1f}%", 100 * m.uncertainty()),
                                robust ? format_value(robust->value) + fmt::format(" ±{:.1f}%", 100 * robust->uncertainty()) : "-",
                                exact ? format_value(s.median) : format_value(s.min) + ".." + format_value(s.max), g.relative(m),
                                m.reference_ratio ? fmt::format("{:.2f}x", m.reference_ratio->median) : "-",
                                g.vs_mean_text(m),
                                m.peak_rss_bytes ? format_mib(m.peak_rss_bytes) : "-", m.unstable() ? " ~" : "");
  if (m.modes.size() >= 2)
    out += fmt::format("  two modes: {} and {}", format_value(m.modes.front()), format_value(m.modes.back()));
  for (const auto& f : c.extras) {
    const FigureValues* v = m.extra(f.id);
    const std::string mark = f.trade_off && g.on_frontier(m) ? " <" : "";
    out += fmt::format(" {:>14}", v ? format_figure(f, v->summary.median) + mark : "-");
  }
  if (c.counters)
    out += fmt::format(" {:>10} {:>10}", m.cycles_per_op ? fmt::format("{:.1f}", *m.cycles_per_op) : "-",
                       m.instructions_per_op ? fmt::format("{:.1f}", *m.instructions_per_op) : "-");
  return out + "\n";
}

std::string rate_title(const CaseGroup& g) {
  for (const auto* m : g.rows)
    if (m->ok() && m->rate() > 0) return m->rate_unit;
  return "";
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

std::string case_table(const CaseGroup& g) {
  const Columns c = columns_of(g);
  std::string out = fmt::format("{:<16} {:<{}} {:>11} {:>15} {:>8} {:>18} {:>17} {:>9} {:>8} {:>8} {:>9}", "library", "version",
                                c.version_width, g.figure.label, rate_title(g), "±", g.robust_title() + " ±", "min..max", "relative",
                                "vs ref", "vs mean", "peak MiB");
  for (const auto& f : c.extras) out += fmt::format(" {:>14}", fit(f.label, 14));
  if (c.counters) out += fmt::format(" {:>10} {:>10}", "cycles/op", "instr/op");
  out += "\n";
  bool any_unstable = false, any_reference = false;
  for (const auto* m : g.rows) {
    any_unstable = any_unstable || m->unstable();
    any_reference = any_reference || m->reference;
    out += row_line(g, *m, c);
  }
  out += fmt::format("{}: {} ({}{}); ±: half-width of the median's confidence interval; {}relative: to the best; vs ref: "
                     "median over rounds of the ratio to the reference row in the same round; {}; peak MiB: largest resident "
                     "memory of the row's processes\n",
                     g.figure.label, g.figure.description.empty() ? "median of the repetitions" : g.figure.description,
                     g.figure.direction(), g.figure.exact() ? ", " + summary_note(g.figure) : "", g.robust_legend() + "; ",
                     g.vs_mean_legend());
  for (const auto& f : c.extras)
    if (f.exact()) out += fmt::format("{}: {} ({}, {})\n", f.label, f.description.empty() ? f.id : f.description, summary_note(f), f.direction());
  if (g.cpus > 1) out += g.cpus_legend() + "\n";
  if (const FigureSpec* t = g.trade_off())
    out += fmt::format("<: on the frontier of {} and {}: no other row is at least as good on both and better on one\n",
                       g.figure.label, t->label);
  if (any_reference)
    out += fmt::format("*: the module's reference row (its floor: {})\n",
                       g.reference_note.empty() ? "the limit of this case on this machine" : g.reference_note);
  if (any_unstable)
    out += "~ " + CaseGroup::unstable_legend() + " (see the warnings below)\n";
  if (!g.not_offered.empty()) out += "not offered by " + not_offered_names(g) + "\n";
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
      out += fmt::format("{:>4}  {:<16} {:>8.2f}x  {} of {}\n", i + 1, fit(r.rows[i].name, 16), r.rows[i].geomean,
                         r.rows[i].points, r.points);
    out += "geomean: geometric mean, over the points the library ran, of its figure's ratio to the best library's there "
           "(1.00x: the best at every point; lower is better); the reference row is not ranked, nor a point only one "
           "library ran\n";
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
      out += "\n" + text::case_table(g) + "\n";
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
