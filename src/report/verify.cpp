#include "report/verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

#include "report/text.hpp"

namespace benchbox::verify {
namespace {

std::string result_text(const Measurement& m) {
  switch (m.status) {
    case Status::ok: return m.verified ? "verified" : "FAILED";  // ok and not verified cannot be: say it loudly
    case Status::failed: return "FAILED";
    case Status::not_applicable: return "n/a";
    case Status::unavailable: return "not available";
  }
  return "?";
}

std::string detail_text(const Measurement& m) {
  if (m.ok()) return proof_text(m);
  return m.enable.empty() ? m.reason : m.reason + " (to enable: " + m.enable + ")";
}

}  // namespace

std::string proof_text(const Measurement& m) {
  if (!m.proof) return "";
  std::string out = fmt::format("{} {}, checksum {:#018x}", m.proof->done, m.unit, m.proof->checksum);
  for (const auto& [name, value] : m.proof->counts) out += fmt::format(", {} {}", name, value);
  return out;
}

std::string table(const Results& results) {
  struct Line {
    std::string row, case_id, point, result, detail;
  };
  std::vector<Line> lines;
  std::size_t w_row = 7, w_case = 4, w_point = 5, w_result = 6;
  std::map<std::string, int> counts;
  for (const auto& m : results.measurements) {
    if (m.status == Status::unavailable && !m.enable.empty()) continue;  // a library not here: once, below
    Line l{m.row_name(), m.case_id, m.param_label, result_text(m), detail_text(m)};
    w_row = std::max(w_row, l.row.size());
    w_case = std::max(w_case, l.case_id.size());
    w_point = std::max(w_point, l.point.size());
    w_result = std::max(w_result, l.result.size());
    ++counts[l.result];
    lines.push_back(std::move(l));
  }
  std::string out = fmt::format("{:<{}}  {:<{}}  {:<{}}  {:<{}}  {}\n", "library", w_row, "case", w_case, "point", w_point,
                                "result", w_result, "proof (done, checksum, counts) or reason");
  for (const auto& l : lines)
    out += fmt::format("{:<{}}  {:<{}}  {:<{}}  {:<{}}  {}\n", l.row, w_row, l.case_id, w_case, l.point, w_point, l.result,
                       w_result, l.detail);
  std::vector<std::string> parts;
  for (const char* result : {"verified", "FAILED", "n/a", "not available"})
    if (counts.count(result)) parts.push_back(fmt::format("{} {}", counts[result], result));
  out += fmt::format("{} rows: {}; one short trial each, nothing timed (a figure needs a run without --verify)\n",
                     lines.size(), fmt::join(parts, ", "));
  // The libraries not installed here, once each (a point whose data set is missing is a line above).
  Results missing;
  for (const auto& m : results.measurements)
    if (m.status == Status::unavailable && !m.enable.empty()) missing.measurements.push_back(m);
  return out + text::unavailable_summary(missing);
}

}  // namespace benchbox::verify
