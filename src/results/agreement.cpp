#include "results/agreement.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <benchbox/module.hpp>

namespace benchbox {
namespace {

struct Group {
  std::vector<Measurement*> rows;
  std::set<std::string> libraries;
};

std::string names(const Group& g) {
  std::string out;
  for (const auto& l : g.libraries) out += (out.empty() ? "" : ", ") + l;
  return out;
}

void fail(Measurement& m, std::string reason) {
  m.status = Status::failed;
  m.verified = false;
  m.reason = "verification failed: " + std::move(reason);
}

void judge(const std::vector<Measurement*>& rows) {
  std::map<std::uint64_t, Group> by_checksum;
  for (Measurement* m : rows) {
    Group& g = by_checksum[m->proof->checksum];
    g.rows.push_back(m);
    g.libraries.insert(m->library);
  }
  if (by_checksum.size() < 2) return;
  const Group* most = nullptr;
  bool tie = false;
  for (const auto& [sum, g] : by_checksum) {
    if (most && g.libraries.size() == most->libraries.size()) tie = true;
    if (!most || g.libraries.size() > most->libraries.size()) {
      most = &g;
      tie = false;
    }
  }
  for (auto& [sum, g] : by_checksum) {
    if (!tie && &g == most) continue;
    std::string others;
    for (const auto& [other_sum, other] : by_checksum)
      if (&other != &g) others += fmt::format("{}{} gives {:#018x}", others.empty() ? "" : "; ", names(other), other_sum);
    const std::string why = tie ? fmt::format("the libraries disagree and none has more on its side: this one gives {:#018x}, {}", sum, others)
                                : fmt::format("its checksum {:#018x} differs from what more libraries give ({})", sum, others);
    for (Measurement* m : g.rows) fail(*m, why);
  }
}

}  // namespace

void check_agreement(const Module& module, Results& results) {
  std::map<std::string, std::vector<Measurement*>> by_point;  // case and point -> rows
  for (auto& m : results.measurements) {
    const CaseSpec* spec = module.find_case(m.case_id);
    if (!spec || !spec->same_checksum || m.reference || !m.ok() || !m.proof) continue;
    by_point[m.case_id + "\n" + m.point.key()].push_back(&m);
  }
  for (const auto& [key, rows] : by_point) judge(rows);
}

}  // namespace benchbox
