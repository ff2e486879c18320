#include "text.hpp"

#include <fmt/format.h>

#include <cmath>

#include "numbers.hpp"

namespace benchbox::text {

std::string original_line(const Measurement& m) {
  switch (m.status) {
    case Status::ok: {
      if (m.metric == "instructions_per_op")
        return fmt::format("{}: {} {}, {:.1f} instructions per op (Callgrind, user space)", m.library, m.ops, m.unit,
                           m.summary.median);
      const double total_ns = static_cast<double>(m.ops) * m.summary.median;
      return fmt::format("{}: {} {} in {:.0f} ms, {:.0f} {} per second", m.library, m.ops, m.unit, total_ns / 1e6,
                         std::floor(m.ops_per_second()), m.unit);
    }
    case Status::failed: return fmt::format("{}: FAILED: {}", m.library, m.reason);
    case Status::not_applicable: return fmt::format("{}: n/a: {}", m.library, m.reason);
    case Status::unavailable: return fmt::format("{}: not available: {}", m.library, m.reason);
  }
  return "";
}

std::string case_heading(const CaseGroup& g) { return fmt::format("== {} {}, {} ==", g.module, g.case_id, g.param_label); }

std::string case_table(const CaseGroup& g) {
  const Measurement* fastest = g.fastest();
  bool counters = false, instructions_mode = false;
  for (const auto* m : g.rows) {
    counters = counters || m->cycles_per_op || (m->instructions_per_op && m->metric == "ns_per_op");
    instructions_mode = instructions_mode || m->metric == "instructions_per_op";
  }
  std::string out = fmt::format("{:<16} {:<14} {:>11} {:>15} {:>8} {:>17} {:>9}", "library", "version",
                                instructions_mode ? "instr/op" : "ns/op", instructions_mode ? "" : g.unit + "/s",
                                "±", instructions_mode ? "" : "min..max ns", "relative");
  if (counters) out += fmt::format(" {:>10} {:>10}", "cycles/op", "instr/op");
  out += "\n";
  bool any_unstable = false;
  for (const auto* m : g.rows) {
    const std::string version = m->version.size() > 14 ? m->version.substr(0, 13) + "~" : m->version;
    if (m->status != Status::ok) {
      const char* label = m->status == Status::failed ? "FAILED" : m->status == Status::not_applicable ? "n/a" : "not available";
      // The line above the table has the whole reason; here an unavailable row keeps only why.
      std::string why = m->reason;
      if (m->status == Status::unavailable) why = why.substr(0, why.find("; to enable:")) + " (see `benchbox list`)";
      out += fmt::format("{:<16} {:<14} {}: {}\n", m->library, version, label, why);
      continue;
    }
    const Summary& s = m->summary;
    const bool ns = m->metric == "ns_per_op";
    any_unstable = any_unstable || m->unstable();
    out += fmt::format("{:<16} {:<14} {:>11} {:>15} {:>7.1f}% {:>17} {:>8.2f}x{}", m->library, version, format_ns(s.median),
                       ns ? with_thousands(m->ops_per_second()) : "", 100 * m->uncertainty(),
                       ns ? format_ns(s.min) + ".." + format_ns(s.max) : "",
                       fastest ? s.median / fastest->summary.median : 1.0, m->unstable() ? " ~" : "");
    if (counters)
      out += fmt::format(" {:>10} {:>10}", m->cycles_per_op ? fmt::format("{:.1f}", *m->cycles_per_op) : "-",
                         m->instructions_per_op ? fmt::format("{:.1f}", *m->instructions_per_op) : "-");
    out += "\n";
  }
  out += instructions_mode
             ? "instr/op: user-space instructions per operation counted by Callgrind (system calls not included)\n"
             : "ns/op: median of the repetitions; ±: half-width of the median's confidence interval; relative: to the fastest\n";
  if (any_unstable)
    out += fmt::format("~ unstable: the median is known to worse than ±{:.0f}% (see the warnings below)\n",
                       100 * Measurement::kUnstableThreshold);
  return out;
}

}  // namespace benchbox::text

namespace benchbox {
namespace {
class TextReporter : public Reporter {
 public:
  std::string render(const Results& results) const override {
    std::string out;
    for (const auto& g : group_by_case(results)) {
      out += text::case_heading(g) + "\n";
      for (const auto* m : g.rows) out += text::original_line(*m) + "\n";
      out += "\n" + text::case_table(g) + "\n";
    }
    for (const auto& w : results.warnings) out += "warning: " + w + "\n";
    return out;
  }
};
}  // namespace

std::unique_ptr<Reporter> make_text_reporter() { return std::make_unique<TextReporter>(); }

}  // namespace benchbox
