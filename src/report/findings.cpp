#include "report/findings.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

#include "report/numbers.hpp"
#include "results/standing.hpp"

namespace benchbox {

// What the machine did: the share of the measured CPU's time that other programs took while the
// rows' processes ran, when it is large enough to matter, with the rows that lost the most. One
// line for the run, however many rows it touched.
std::optional<std::string> others_on_measured_cpu(const Results& results) {
  double others = 0, wall = 0;
  std::vector<std::pair<double, const Measurement*>> rows;  // (share, row), rows that lost much
  for (const auto& m : results.measurements) {
    others += m.others_cpu_ms;
    wall += m.measured_wall_ms;
    if (m.measured_wall_ms > 0 && m.others_cpu_ms >= kOthersShareOfARowNamed * m.measured_wall_ms)
      rows.push_back({m.others_cpu_ms / m.measured_wall_ms, &m});
  }
  if (wall < kOthersMinimumRunMs || others < kOthersShareWarned * wall) return std::nullopt;
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> worst;
  for (std::size_t i = 0; i < std::min<std::size_t>(3, rows.size()); ++i)
    worst.push_back(fmt::format("{} ({} {}: {:.0f}%)", rows[i].second->row_name(), rows[i].second->case_id,
                                rows[i].second->param_label, 100 * rows[i].first));
  return fmt::format("other programs took {:.0f}% of the measured CPU while the rows ran ({:.1f} s of {:.1f} s){}: "
                     "the interleaved rounds spread that loss over the libraries, but the spread of every row and "
                     "the unstable rows grow with it; rerun when the machine is quiet",
                     100 * others / wall, others / 1000, wall / 1000,
                     worst.empty() ? "" : fmt::format(", most in {}", fmt::join(worst, ", ")));
}

// After a run: each library's version in the context, and the warnings about the rows (two
// modes, other programs, steal, unstable).
void add_run_findings(Results& results) {
  auto& versions = results.context["libraries"] = nlohmann::json::object();
  std::vector<std::string> unstable, untold;
  for (const auto& m : results.measurements) {
    if (!m.version.empty()) versions[m.library] = m.version;
    if (m.unstable())
      unstable.push_back(fmt::format("{} ({} {}: {})", m.row_name(), m.case_id, m.param_label, m.standing.why));
    else if (m.ok() && m.standing.open && m.standing.shared)
      untold.push_back(fmt::format("{} ({} {}: {})", m.row_name(), m.case_id, m.param_label, m.standing.why));
  }
  std::vector<std::string> bimodal, stolen;
  for (const auto& m : results.measurements) {
    if (m.modes.size() >= 2)
      bimodal.push_back(fmt::format("{} ({} {}: {} and {})", m.row_name(), m.case_id, m.param_label, format_value(m.modes.front()),
                                    format_value(m.modes.back())));
    if (m.host_steal_ms >= 50) stolen.push_back(fmt::format("{} ({} {}: {:.0f} ms)", m.row_name(), m.case_id, m.param_label, m.host_steal_ms));
  }
  if (!bimodal.empty())
    results.warnings.push_back(fmt::format(
        "processes of {} row(s) fell into two separated modes ({}): the median hides one of them; the tables mark them = "
        "(--columns modes shows both values)",
        bimodal.size(), bimodal.size() <= 5 ? fmt::format("{}", fmt::join(bimodal, ", ")) : std::string("marked = in the tables")));
  if (auto busy = others_on_measured_cpu(results)) results.warnings.push_back(*busy);
  if (!stolen.empty())
    results.warnings.push_back(fmt::format("the host took CPU time (steal) while these rows ran: {}; interleaved rounds spread it "
                                           "over every library, but a rerun on a quieter host is better",
                                           fmt::join(stolen, ", ")));
  const auto ok_rows = std::count_if(results.measurements.begin(), results.measurements.end(), [](const Measurement& m) { return m.ok(); });
  if (!untold.empty())
    results.warnings.push_back(fmt::format(
        "{} of {} rows share a rank with a row they are neither told apart from nor shown tied to within ±{:.0f}% ({}): "
        "their ranks say no more than that; a larger --budget may part or tie them",
        untold.size(), ok_rows, 100 * kTieBand, untold.size() <= 5 ? fmt::format("{}", fmt::join(untold, ", ")) : std::string("--json keeps each pair's ratio")));
  if (!unstable.empty())
    results.warnings.push_back(fmt::format(
        "{} of {} rows unsure where it matters, their question still open when the run ended ({}): give the run a "
        "larger --budget, close other programs, or count instructions with --instructions",
        unstable.size(), ok_rows,
        unstable.size() <= 5 ? fmt::format("{}", fmt::join(unstable, ", ")) : std::string("marked ~ in the tables")));
}

}  // namespace benchbox
