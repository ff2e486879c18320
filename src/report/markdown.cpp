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
  std::string render(const Results& results) const override {
    std::string out = fmt::format("Machine: {}", md_cell(machine_label(results.context)));
    if (auto date = context_text(results.context, "date"); !date.empty()) out += fmt::format(", {}", md_cell(date));
    if (auto v = context_text(results.context, "benchbox_version"); !v.empty()) out += fmt::format(", benchbox {}", md_cell(v));
    out += "\n\n";
    for (const auto& g : group_by_case(results)) {
      out += fmt::format("### {} {}, {}\n\n", md_cell(g.module), md_cell(g.case_id), md_cell(g.param_label));
      const bool ns = g.rows.empty() || g.rows.front()->metric == "ns_per_op";
      out += fmt::format("| library | version | {} | {}/s | ± | min..max | relative |\n", ns ? "ns/op" : "instr/op",
                         md_cell(g.unit));
      out += "|:--|:--|--:|--:|--:|--:|--:|\n";
      const Measurement* fastest = g.fastest();
      std::string missing;
      bool any_unstable = false;
      for (const auto* m : g.rows) {
        if (m->status != Status::ok) {
          missing += fmt::format("- {}: {}: {}\n", md_cell(m->library), status_text(m->status), md_cell(m->reason));
          continue;
        }
        const Summary& s = m->summary;
        any_unstable = any_unstable || m->unstable();
        out += fmt::format("| {} | {} | {} | {} | {:.1f}%{} | {}..{} | {:.2f}x |\n", md_cell(m->library), md_cell(m->version),
                           format_ns(s.median), ns ? with_thousands(m->ops_per_second()) : "", 100 * m->uncertainty(),
                           m->unstable() ? " ~" : "", format_ns(s.min), format_ns(s.max),
                           fastest ? s.median / fastest->summary.median : 1.0);
      }
      out += "\nMedian of the repetitions; ±: half-width of the median's confidence interval";
      out += any_unstable ? " (~: wider than ±5%, unstable)" : "";
      out += "; relative: to the fastest.\n";
      if (!missing.empty()) out += "\nWithout a number:\n\n" + missing;
      out += "\n";
    }
    for (const auto& w : results.warnings) out += "> warning: " + md_cell(w) + "\n";
    return out;
  }
};
}  // namespace

std::unique_ptr<Reporter> make_markdown_reporter() { return std::make_unique<MarkdownReporter>(); }

}  // namespace benchbox
