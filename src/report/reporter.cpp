#include "reporter.hpp"

#include <map>
#include <stdexcept>
#include <tuple>

namespace benchbox {

std::unique_ptr<Reporter> make_text_reporter();
std::unique_ptr<Reporter> make_json_reporter();
std::unique_ptr<Reporter> make_markdown_reporter();
std::unique_ptr<Reporter> make_csv_reporter();
std::unique_ptr<Reporter> make_gbench_reporter();
std::unique_ptr<Reporter> make_svg_reporter();
std::unique_ptr<Reporter> make_html_reporter();

namespace {
using Factory = std::unique_ptr<Reporter> (*)();
const std::map<std::string, Factory, std::less<>>& factories() {
  static const std::map<std::string, Factory, std::less<>> all = {
      {"text", make_text_reporter},
      {"json", make_json_reporter},
      {"md", make_markdown_reporter},
      {"csv", make_csv_reporter},
      {"gbench", make_gbench_reporter},
      {"svg", make_svg_reporter},
      {"html", make_html_reporter},
  };
  return all;
}
}  // namespace

std::vector<std::string> reporter_formats() {
  std::vector<std::string> names;
  for (const auto& [name, f] : factories()) names.push_back(name);
  return names;
}

std::unique_ptr<Reporter> make_reporter(std::string_view format) {
  auto it = factories().find(format);
  if (it == factories().end()) {
    std::string known;
    for (const auto& n : reporter_formats()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown format '" + std::string(format) + "' (formats: " + known + ")");
  }
  return it->second();
}

const Measurement* CaseGroup::fastest() const {
  const Measurement* best = nullptr;
  for (const auto* m : rows)
    if (m->status == Status::ok && (!best || m->summary.median < best->summary.median)) best = m;
  return best;
}

std::vector<CaseGroup> group_by_case(const Results& results) {
  std::vector<CaseGroup> groups;
  for (const auto& m : results.measurements) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const CaseGroup& g) {
      return std::tie(g.module, g.case_id, g.param) == std::tie(m.module, m.case_id, m.param);
    });
    if (it == groups.end()) {
      groups.push_back({m.module, m.case_id, m.unit, m.param_label, m.param, {}});
      it = groups.end() - 1;
    }
    it->rows.push_back(&m);
  }
  return groups;
}

}  // namespace benchbox
