#include "pairing.hpp"

#include <algorithm>
#include <cmath>

#include "statistics.hpp"

namespace benchbox {

bool one_value_per_round(const Measurement& m) { return m.ok() && m.values.size() == m.processes; }

namespace {

bool pairs_with(const Measurement& m, const Measurement& o) {
  return &o != &m && one_value_per_round(o) && o.module == m.module && o.case_id == m.case_id && o.point == m.point &&
         o.figure.id == m.figure.id && o.values.size() == m.values.size() &&
         std::all_of(o.values.begin(), o.values.end(), [](double v) { return v > 0; });
}

std::optional<Summary> summarized(std::optional<std::vector<double>> ratios) {
  if (!ratios) return std::nullopt;
  return summarize(std::move(*ratios));
}

}  // namespace

std::optional<std::vector<double>> ratios_to_others(const Measurement& m, const std::vector<const Measurement*>& rows) {
  if (!m.figure.noisy_clock() || !one_value_per_round(m)) return std::nullopt;
  std::vector<double> log_sum(m.values.size(), 0.0);
  std::size_t others = 0;
  for (const auto* o : rows) {
    if (!pairs_with(m, *o)) continue;
    for (std::size_t k = 0; k < o->values.size(); ++k) log_sum[k] += std::log(o->values[k]);
    ++others;
  }
  if (others == 0) return std::nullopt;
  std::vector<double> ratios;
  for (std::size_t k = 0; k < m.values.size(); ++k) {
    const double ratio = m.values[k] / std::exp(log_sum[k] / static_cast<double>(others));
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
  for (auto* m : rows) {
    if (!m->ok()) continue;
    m->others_ratio = summarized(ratios_to_others(*m, point_rows));
    if (!ref_pairs || m->values.size() != ref->values.size() || m->processes != ref->processes) continue;
    std::vector<double> ratios;
    for (std::size_t k = 0; k < m->values.size(); ++k) ratios.push_back(m->values[k] / ref->values[k]);
    m->reference_ratio = summarize(ratios);
  }
}

}  // namespace benchbox
