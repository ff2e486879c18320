#include "report/scale.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

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

Axis rounded_axis_of(const std::vector<double>& values, bool from_zero) {
  Axis a = axis_of(values, from_zero);
  if (a.log) {  // to 1, 2 or 5 times a power of ten, 5% beyond the values at least
    const double min = a.lo / 1.05, max = a.hi * 1.05;
    const double low = std::pow(10, std::floor(std::log10(min))), high = std::pow(10, std::floor(std::log10(max)));
    a.lo = min >= 5 * low ? 5 * low : min >= 2 * low ? 2 * low : low;
    a.hi = max <= high ? high : max <= 2 * high ? 2 * high : max <= 5 * high ? 5 * high : 10 * high;
    return a;
  }
  const auto [mn, mx] = std::minmax_element(values.begin(), values.end());
  const double low = from_zero ? std::min(0.0, *mn) : *mn;
  const double span = *mx > low ? *mx - low : std::max(std::fabs(*mx) * 0.1, 1e-9);  // one value: +-10% around it
  const double step = nice_step(span / 5);  // the step ticks() takes on the widened axis, near enough
  a.lo = from_zero && low == 0 ? 0 : std::floor((low - span * 0.05) / step) * step;
  a.hi = std::ceil((*mx + span * 0.05) / step) * step;
  if (*mn >= 0) a.lo = std::max(a.lo, 0.0);  // no negative ticks under positive figures
  return a;
}

std::string short_number(double v) {
  const double a = std::fabs(v);
  const auto digits = [](double x) { return fmt::format("{:.3g}", x); };
  if (a >= 1e9) return digits(v / 1e9) + "G";
  if (a >= 1e6) return digits(v / 1e6) + "M";
  if (a >= 1e3) return digits(v / 1e3) + "k";
  return digits(v);
}

namespace {

// `v` of `base` units with the largest of `prefixes` (each `step` times the last) it reaches.
std::string prefixed(double v, double step, std::initializer_list<const char*> prefixes, const char* suffix) {
  double scaled = v;
  const char* chosen = *prefixes.begin();
  for (const char* p : prefixes) {
    if (p != *prefixes.begin()) {
      if (std::fabs(scaled) < step) break;
      scaled /= step;
    }
    chosen = p;
  }
  return fmt::format("{:.3g} {}{}", scaled, chosen, suffix);
}

// Bytes in binary units where they are a whole number of them (sizes are powers of two), in
// decimal ones otherwise (a linear axis's 2000 is "2 kB", not "1.95 KiB").
std::string bytes_text(double v) {
  for (const auto& [size, name] : {std::pair{double(1ull << 40), "TiB"}, {double(1ull << 30), "GiB"}, {double(1 << 20), "MiB"}, {1024.0, "KiB"}})
    if (std::fabs(v) >= size && std::fmod(v, size) == 0) return fmt::format("{:g} {}", v / size, name);
  return prefixed(v, 1000, {"", "k", "M", "G", "T"}, "B");
}

bool starts(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace

std::string tick_text(double v, std::string_view unit) {
  if (v == 0) return "0";
  if (starts(unit, "ns")) return prefixed(v, 1000, {"n", "\u00b5", "m", ""}, "s");
  for (const auto& [name, bytes] : {std::pair{"B/s", 1.0}, {"kB/s", 1e3}, {"MB/s", 1e6}, {"GB/s", 1e9}})
    if (unit == name) return prefixed(v * bytes, 1000, {"", "k", "M", "G", "T"}, "B/s");
  if (unit == "B" || starts(unit, "B/") || starts(unit, "bytes")) return bytes_text(v);
  if (unit == "%" || unit == "x") return fmt::format("{:g}{}", v, unit);
  return unit.empty() ? short_number(v) : short_number(v) + " " + std::string(unit);
}

std::vector<double> spread_labels(const std::vector<double>& wanted, double gap, double top, double bottom) {
  std::vector<std::size_t> order(wanted.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return wanted[a] < wanted[b]; });
  std::vector<double> at(wanted.size());
  for (std::size_t k = 0; k < order.size(); ++k)
    at[order[k]] = std::max(k == 0 ? top : at[order[k - 1]] + gap, wanted[order[k]]);
  for (std::size_t k = order.size(); k-- > 0;)  // back up from the bottom, never above the top
    at[order[k]] = std::max(top + gap * static_cast<double>(k), std::min(at[order[k]], k + 1 == order.size() ? bottom : at[order[k + 1]] - gap));
  return at;
}

}  // namespace benchbox::chart
