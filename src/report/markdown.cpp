// --format md: a Markdown table per case, ready to paste into an issue or a README.
#include <fmt/format.h>

#include "context.hpp"
#include "escape.hpp"
#include "numbers.hpp"
#include "reporter.hpp"

namespace benchbox {
namespace {

std::string status_text(Status s) {
  return s == Status::failed ? "FAILED" : s == Status::not_applicable ? "n/a" : "not available";
}

class MarkdownReporter : public Reporter {
 public:
  using Reporter::Reporter;
  std::string render(const Results& results) const override {
    std::string out = fmt::format("Machine: {}", md_cell(machine_label(results.context)));
    if (auto date = context_text(results.context, "date"); !date.empty()) out += fmt::format(", {}", md_cell(date));
    if (auto v = context_text(results.context, "benchbox_version"); !v.empty()) out += fmt::format(", benchbox {}", md_cell(v));
    out += "\n\n";
    for (const auto& g : groups(results)) {
      out += fmt::format("### {} {}, {}{}\n\n", md_cell(g.module), md_cell(g.case_id), md_cell(g.param_label), g.cpus_note());
      std::string rate_unit;
      for (const auto* m : g.rows)
        if (m->ok() && m->rate() > 0) rate_unit = m->rate_unit;
      const auto extras = g.extra_figures();
      out += fmt::format("| library | version | {} | {} | ± | {} | min..max | relative | vs ref | vs mean | peak MiB |",
                         md_cell(g.figure.label), md_cell(rate_unit), g.robust_title());
      for (const auto& f : extras) out += " " + md_cell(f.label) + " |";
      out += "\n|:--|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|";
      for (std::size_t i = 0; i < extras.size(); ++i) out += "--:|";
      out += "\n";
      std::string missing;
      bool any_unstable = false, any_reference = false;
      for (const auto* m : g.rows) {
        if (!m->ok()) {
          missing += fmt::format("- {}: {}: {}\n", md_cell(m->row_name()), status_text(m->status), md_cell(m->reason));
          continue;
        }
        const Summary& s = m->summary;
        any_unstable = any_unstable || m->unstable();
        any_reference = any_reference || m->reference;
        const bool exact = m->figure.exact();  // one value: no interval, no range
        const auto robust = m->robust();
        out += fmt::format("| {}{} | {} | {} | {} | {}{} | {} | {} | {:.2f}x | {} | {} | {} |", md_cell(m->row_name()),
                           m->reference ? " \\*" : "", md_cell(m->version), format_value(s.median),
                           m->rate() > 0 ? with_thousands(m->rate()) : "",
                           exact ? "exact" : fmt::format("{:.1f}%", 100 * m->uncertainty()), m->unstable() ? " ~" : "",
                           robust ? fmt::format("{} ±{:.1f}%", format_value(robust->value), 100 * robust->uncertainty()) : "",
                           exact ? format_value(s.median) : format_value(s.min) + ".." + format_value(s.max), g.relative(*m),
                           CaseGroup::vs_reference(*m),
                           g.vs_mean_text(*m),
                           m->peak_rss_bytes ? format_mib(m->peak_rss_bytes) : "");
        for (const auto& f : extras) {
          const FigureValues* v = m->extra(f.id);
          const std::string mark = f.trade_off && g.on_frontier(*m) ? " ◆" : "";
          out += " " + (v ? format_figure(f, v->summary.median) + mark : std::string()) + " |";
        }
        out += "\n";
      }
      out += fmt::format("\n{}: {}, {}; ±: half-width of the median's confidence interval; {}", md_cell(g.figure.label),
                         g.figure.exact() ? summary_note(g.figure) : "median of the repetitions", g.figure.direction(),
                         g.robust_legend());
      for (const auto& f : extras)
        if (f.exact()) out += fmt::format("; {}: {}, {}", md_cell(f.label), summary_note(f), f.direction());
      if (g.cpus > 1) out += "; " + g.cpus_legend();
      out += any_unstable ? "; ~ " + CaseGroup::unstable_legend() : "";
      out += "; relative: to the best; vs ref: median over rounds of the ratio to the reference row in the same round; " +
             g.vs_mean_legend();
      out += any_reference ? "; \\*: the reference row (the module's floor)" : "";
      if (const FigureSpec* t = g.trade_off())
        out += fmt::format("; ◆: on the frontier of {} and {} (no other row at least as good on both and better on one)",
                           md_cell(g.figure.label), md_cell(t->label));
      out += ".\n";
      if (!missing.empty()) out += "\nWithout a number:\n\n" + missing;
      if (!g.not_offered.empty()) out += "\nNot offered by " + md_cell(not_offered_names(g)) + ".\n";
      out += "\n";
    }
    for (const auto& c : coverage(groups(results))) {
      out += fmt::format("### {} {}: which library offers which {}\n\n| {} | libraries |\n|:--|:--|\n", md_cell(c.module),
                         md_cell(c.case_id), md_cell(c.axis), md_cell(c.axis));
      for (const auto& [value, names] : c.offered_by) {
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
        out += fmt::format("| {} | {} |\n", md_cell(value), list.empty() ? "-" : md_cell(list));
      }
      out += "\n";
    }
    for (const auto& r : ranks(results, groups(results))) {
      out += fmt::format("### {} {}: rank over {} points{}\n\n| rank | library | geomean | points |\n|--:|:--|--:|--:|\n",
                         md_cell(r.module), md_cell(r.case_id), r.points, r.within.empty() ? "" : " at " + md_cell(r.within));
      for (std::size_t i = 0; i < r.rows.size(); ++i)
        out += fmt::format("| {} | {} | {:.2f}x | {} of {} |\n", i + 1, md_cell(r.rows[i].name), r.rows[i].geomean,
                           r.rows[i].points, r.points);
      out += "\ngeomean: geometric mean, over the points the library ran, of its figure's ratio to the best library's there "
             "(1.00x: the best at every point; lower is better); the reference row is not ranked.\n\n";
    }
    if (const auto missing = unavailable_libraries(results); !missing.empty()) {
      out += "Not available here:\n\n";
      for (const auto* m : missing)
        out += fmt::format("- {}: {}{}\n", md_cell(m->row_name()), md_cell(m->reason),
                           m->enable.empty() ? "" : " (to enable: " + md_cell(m->enable) + ")");
      out += "\n";
    }
    for (const auto& w : results.warnings) out += "> warning: " + md_cell(w) + "\n";
    return out;
  }
};
}  // namespace

std::unique_ptr<Reporter> make_markdown_reporter(const ReportOptions& options) { return std::make_unique<MarkdownReporter>(options); }

}  // namespace benchbox
