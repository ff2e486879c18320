#include "results/pairing.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "results/statistics.hpp"

namespace benchbox {

bool one_value_per_round(const Measurement& m) { return m.ok() && m.values.size() == m.processes; }

bool rounds_known(const Measurement& a, const Measurement& b) {
  const bool a_recorded = a.rounds.size() == a.values.size(), b_recorded = b.rounds.size() == b.values.size();
  return a_recorded == b_recorded && (a_recorded || a.values.size() == b.values.size());
}

std::map<unsigned, double> values_by_round(const Measurement& m) {
  std::map<unsigned, double> out;
  for (std::size_t k = 0; k < m.values.size(); ++k)
    out[m.rounds.size() == m.values.size() ? m.rounds[k] : static_cast<unsigned>(k)] = m.values[k];
  return out;
}

namespace {

bool pairs_with(const Measurement& m, const Measurement& o) {
  return &o != &m && one_value_per_round(o) && o.module == m.module && o.case_id == m.case_id && o.point == m.point &&
         o.figure.id == m.figure.id && rounds_known(m, o) &&
         std::all_of(o.values.begin(), o.values.end(), [](double v) { return v > 0; });
}

std::optional<Summary> summarized(std::optional<std::vector<double>> ratios) {
  if (!ratios) return std::nullopt;
  return summarize(std::move(*ratios));
}

}  // namespace

std::optional<std::vector<double>> ratios_to_others(const Measurement& m, const std::vector<const Measurement*>& rows) {
  if (!m.figure.noisy_clock() || !one_value_per_round(m)) return std::nullopt;
  // The rounds every row ran (the first set, when a budget gave some rows more): the same rows in
  // every round's denominator.
  std::map<unsigned, double> log_sum;
  for (const auto& [round, v] : values_by_round(m)) log_sum[round] = 0;
  std::size_t others = 0;
  for (const auto* o : rows) {
    if (!pairs_with(m, *o)) continue;
    const auto theirs = values_by_round(*o);
    for (auto it = log_sum.begin(); it != log_sum.end();) {
      const auto v = theirs.find(it->first);
      if (v == theirs.end()) it = log_sum.erase(it);
      else it->second += std::log(v->second), ++it;
    }
    ++others;
  }
  if (others == 0 || log_sum.empty()) return std::nullopt;
  const auto mine = values_by_round(m);
  std::vector<double> ratios;
  for (const auto& [round, sum] : log_sum) {
    const double ratio = mine.at(round) / std::exp(sum / static_cast<double>(others));
    if (!std::isfinite(ratio)) return std::nullopt;
    ratios.push_back(ratio);
  }
  return ratios;
}

void set_paired_ratios(const std::vector<Measurement*>& rows) {
  const std::vector<const Measurement*> point_rows(rows.begin(), rows.end());
  const Measurement* ref = nullptr;
  for (const auto* m : rows)
    if (m->ok() && m->reference) ref = m;
  const bool ref_pairs = ref && one_value_per_round(*ref) &&
                         std::all_of(ref->values.begin(), ref->values.end(), [](double v) { return v > 0; });
  const auto ref_rounds = ref_pairs ? values_by_round(*ref) : std::map<unsigned, double>{};
  for (auto* m : rows) {
    if (!m->ok()) continue;
    m->others_ratio = summarized(ratios_to_others(*m, point_rows));
    if (!ref_pairs || !one_value_per_round(*m) || !rounds_known(*m, *ref)) continue;
    std::vector<double> ratios;  // over the rounds both ran
    for (const auto& [round, v] : values_by_round(*m))
      if (const auto r = ref_rounds.find(round); r != ref_rounds.end()) ratios.push_back(v / r->second);
    if (!ratios.empty()) m->reference_ratio = summarize(ratios);
  }
}

}  // namespace benchbox
