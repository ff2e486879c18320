#include "report/scale.hpp"

#include <algorithm>
#include <cmath>

namespace benchbox::chart {

double nice_step(double raw) {
  const double mag = std::pow(10, std::floor(std::log10(raw)));
  return raw / mag <= 1 ? mag : raw / mag <= 2 ? 2 * mag : raw / mag <= 5 ? 5 * mag : 10 * mag;
}

double Axis::operator()(double v) const {
  const double t = log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)) : (v - lo) / (hi - lo);
  return std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0);
}

std::vector<double> Axis::ticks() const {
  std::vector<double> out;
  if (log) {
    const int decades = static_cast<int>(std::lround(std::log10(hi / lo)));
    for (double d = std::pow(10, std::floor(std::log10(lo))); d <= hi * 1.0001; d *= 10)
      for (double m : {1.0, 2.0, 5.0})
        if ((m == 1 || decades <= 2) && d * m >= lo * 0.9999 && d * m <= hi * 1.0001) out.push_back(d * m);
    return out;
  }
  const double step = nice_step((hi - lo) / 5);
  for (double t = std::ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-6; t += step) out.push_back(std::fabs(t) < step * 1e-9 ? 0 : t);
  return out;
}

Axis axis_of(const std::vector<double>& values, bool from_zero) {
  Axis a;
  const auto [mn, mx] = std::minmax_element(values.begin(), values.end());
  a.lo = *mn;
  a.hi = *mx;
  a.log = a.lo > 0 && a.hi / a.lo > kLogScaleRatio;
  if (!a.log && from_zero) a.lo = std::min(0.0, a.lo);
  if (a.hi <= a.lo) a.hi = a.lo + 1;
  return a;
}

Axis rounded_axis_of(const std::vector<double>& values) {
  Axis a = axis_of(values, false);
  if (a.log) {  // to 1, 2 or 5 times a power of ten, 5% beyond the values at least
    const double min = a.lo / 1.05, max = a.hi * 1.05;
    const double low = std::pow(10, std::floor(std::log10(min))), high = std::pow(10, std::floor(std::log10(max)));
    a.lo = min >= 5 * low ? 5 * low : min >= 2 * low ? 2 * low : low;
    a.hi = max <= high ? high : max <= 2 * high ? 2 * high : max <= 5 * high ? 5 * high : 10 * high;
    return a;
  }
  const auto [mn, mx] = std::minmax_element(values.begin(), values.end());
  const double span = *mx > *mn ? *mx - *mn : std::max(std::fabs(*mx) * 0.1, 1e-9);  // one value: +-10% around it
  const double step = nice_step(span / 4);
  a.lo = std::floor((*mn - span * 0.05) / step) * step;
  a.hi = std::ceil((*mx + span * 0.05) / step) * step;
  if (*mn >= 0) a.lo = std::max(a.lo, 0.0);  // no negative ticks under positive figures
  return a;
}

}  // namespace benchbox::chart
