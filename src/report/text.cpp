#include "text.hpp"

#include <fmt/format.h>

#include <cmath>

namespace benchbox::text {

std::string original_line(const Measurement& m) {
  switch (m.status) {
    case Status::ok: {
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

namespace {

std::string with_commas(double value) {
  std::string digits = fmt::format("{:.0f}", value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string ns(double v) { return v >= 100 ? fmt::format("{:.0f}", v) : v >= 10 ? fmt::format("{:.1f}", v) : fmt::format("{:.2f}", v); }

}  // namespace

std::string case_table(const CaseGroup& g) {
  const Measurement* fastest = g.fastest();
  bool counters = false;
  for (const auto* m : g.rows) counters = counters || m->cycles_per_op || m->instructions_per_op;
  std::string out = fmt::format("{:<16} {:<14} {:>11} {:>15} {:>8} {:>17} {:>9}", "library", "version", "ns/op",
                                g.unit + "/s", "±MAD", "min..max ns", "relative");
  if (counters) out += fmt::format(" {:>10} {:>10}", "cycles/op", "instr/op");
  out += "\n";
  for (const auto* m : g.rows) {
    const std::string version = m->version.size() > 14 ? m->version.substr(0, 13) + "~" : m->version;
    if (m->status != Status::ok) {
      const char* label = m->status == Status::failed ? "FAILED" : m->status == Status::not_applicable ? "n/a" : "not available";
      out += fmt::format("{:<16} {:<14} {}: {}\n", m->library, version, label, m->reason);
      continue;
    }
    const Summary& s = m->summary;
    out += fmt::format("{:<16} {:<14} {:>11} {:>15} {:>7.1f}% {:>17} {:>8.2f}x", m->library, version, ns(s.median),
                       with_commas(m->ops_per_second()), 100 * s.relative_mad(), ns(s.min) + ".." + ns(s.max),
                       fastest ? s.median / fastest->summary.median : 1.0);
    if (counters)
      out += fmt::format(" {:>10} {:>10}", m->cycles_per_op ? fmt::format("{:.1f}", *m->cycles_per_op) : "-",
                         m->instructions_per_op ? fmt::format("{:.1f}", *m->instructions_per_op) : "-");
    out += "\n";
  }
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
