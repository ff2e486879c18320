#include "report/numbers.hpp"

#include <fmt/format.h>

#include <cmath>

namespace benchbox {

std::string format_value(double v) {
  return v >= 100 ? fmt::format("{:.0f}", v) : v >= 10 ? fmt::format("{:.1f}", v) : fmt::format("{:.2f}", v);
}

std::string format_figure(const FigureSpec& f, double v) {
  return f.exact() && v == std::floor(v) && std::fabs(v) < 1e15 ? fmt::format("{:.0f}", v) : format_value(v);
}

std::string with_thousands(double value) {
  std::string digits = fmt::format("{:.0f}", value);
  std::string sign;
  if (!digits.empty() && digits[0] == '-') sign = "-", digits.erase(0, 1);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return sign + out;
}

std::string format_mib(std::uint64_t bytes) { return fmt::format("{:.1f}", static_cast<double>(bytes) / (1024.0 * 1024.0)); }

}  // namespace benchbox
