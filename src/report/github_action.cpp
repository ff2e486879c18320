// --format github-action / github-action-bigger (github_action.hpp). One entry per row with a
// number, in the report's order: value = the row's figure (the median of its repetitions), unit =
// the figure's, range = "± half-width of the median's confidence interval" in that unit (as
// github-action-benchmark's own extractors write it, and its extractRangeInfo reads it), extra =
// lines for the chart's tooltip: library and version, direction and tool, the interval, the proof.
#include "report/github_action.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "report/reporter.hpp"
#include "report/verify.hpp"

namespace benchbox {
namespace github_action {

std::optional<bool> lower_is_better_of(std::string_view format) {
  if (format == "github-action") return true;
  if (format == "github-action-bigger") return false;
  return std::nullopt;
}

namespace {

const char* tool(bool lower_is_better) { return lower_is_better ? "customSmallerIsBetter" : "customBiggerIsBetter"; }
const char* format_of(bool lower_is_better) { return lower_is_better ? "github-action" : "github-action-bigger"; }

// "ns/op, instr/op": the units of the figures, each once.
std::string units_of(const std::vector<FigureSpec>& figures) {
  std::vector<std::string> units;
  for (const auto& f : figures)
    if (std::find(units.begin(), units.end(), f.unit) == units.end()) units.push_back(f.unit);
  return fmt::format("{}", fmt::join(units, ", "));
}

// Why a file of the format's direction cannot be written from these figures, if it cannot.
std::optional<std::string> refusal(std::string_view format, const std::vector<FigureSpec>& figures) {
  const auto lower = lower_is_better_of(format);
  if (!lower) return std::nullopt;
  if (figures.empty()) return fmt::format("--format {}: no rows to write", format);
  if (std::any_of(figures.begin(), figures.end(), [&](const FigureSpec& f) { return f.lower_is_better == *lower; }))
    return std::nullopt;
  return fmt::format("--format {} writes the {} rows (tool {}); every figure here ({}) is {}: use --format {} (tool {})",
                     format, *lower ? "lower-is-better" : "higher-is-better", tool(*lower), units_of(figures),
                     figures.front().direction(), format_of(!*lower), tool(!*lower));
}

}  // namespace

void check_figures(std::string_view format, const std::vector<FigureSpec>& figures) {
  if (const auto why = refusal(format, figures)) throw std::invalid_argument(*why);
}

namespace {

using json = nlohmann::ordered_json;

bool has_interval(const Measurement& m) { return !m.figure.deterministic() && m.summary.n >= 2 && m.summary.ci_level > 0; }

// The tooltip's lines.
std::string extra_of(const Measurement& m) {
  std::vector<std::string> lines;
  lines.push_back(fmt::format("{} {}{}", m.row_name(), m.version.empty() ? "unversioned" : m.version,
                              m.reference ? " (the module's reference row)" : ""));
  lines.push_back(fmt::format("{}: tool {}", m.figure.direction(), tool(m.figure.lower_is_better)));
  if (has_interval(m))
    lines.push_back(fmt::format("median of {} repetitions; its {:.4g}% interval {:.4g}..{:.4g} {}", m.summary.n,
                                100 * m.summary.ci_level, m.summary.ci_low, m.summary.ci_high, m.figure.unit));
  else
    lines.push_back(fmt::format("{} repetition(s){}", m.summary.n, m.figure.deterministic() ? ", exact" : ""));
  if (m.unstable()) lines.push_back("unsure: " + m.standing.why);
  for (const auto& f : m.extra_figures)
    lines.push_back(fmt::format("{}: {:.4g} {}", f.spec.label, f.summary.median, f.spec.unit));
  const std::string proof = verify::proof_text(m);
  lines.push_back(!m.verified ? "not verified" : proof.empty() ? "verified" : "verified: " + proof);
  return fmt::format("{}", fmt::join(lines, "\n"));
}

json entry_of(const CaseGroup& g, const Measurement& m) {
  json e{{"name", fmt::format("{}/{}/{}/{}", g.module, g.case_id, g.point.key(), m.row_id())},
         {"value", m.summary.median},
         {"unit", m.figure.unit}};
  if (has_interval(m)) e["range"] = fmt::format("± {:.3g}", (m.summary.ci_high - m.summary.ci_low) / 2);
  e["extra"] = extra_of(m);
  return e;
}

class GithubActionReporter : public Reporter {
 public:
  GithubActionReporter(const ReportOptions& options, bool lower_is_better) : Reporter(options), lower_(lower_is_better) {}
  std::string render(const Results& results) const override {
    std::vector<FigureSpec> figures;
    for (const auto& m : results.measurements) figures.push_back(m.figure);
    if (const auto why = refusal(format_of(lower_), figures)) throw std::runtime_error(*why);  // a reporter's refusal
    json entries = json::array();
    for (const auto& g : groups(results))
      for (const auto* m : g.rows)
        if (m->ok() && m->figure.lower_is_better == lower_) entries.push_back(entry_of(g, *m));
    return entries.dump(2) + "\n";
  }

 private:
  bool lower_;
};

}  // namespace
}  // namespace github_action

std::unique_ptr<Reporter> make_github_action_reporter(const ReportOptions& options) {
  return std::make_unique<github_action::GithubActionReporter>(options, true);
}
std::unique_ptr<Reporter> make_github_action_bigger_reporter(const ReportOptions& options) {
  return std::make_unique<github_action::GithubActionReporter>(options, false);
}

}  // namespace benchbox
