// Numbers as the reports print them.
#pragma once

#include <cstdint>
#include <string>

#include <benchbox/module/figure.hpp>

namespace benchbox {

// A figure with three significant digits or so: "1234", "12.3", "1.23".
std::string format_value(double v);
// A value of `f`: an exact whole number (a count, a size in bytes) in full ("3", "10220"), any
// other as format_value.
std::string format_figure(const FigureSpec& f, double v);
// The older name, for times.
inline std::string format_ns(double ns) { return format_value(ns); }
// 48780487.8 -> "48,780,488"
std::string with_thousands(double value);
// Bytes as MiB with one decimal: "12.5".
std::string format_mib(std::uint64_t bytes);

}  // namespace benchbox
