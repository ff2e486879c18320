// Value axes of the hand-written SVG charts (sweep.hpp, trend.hpp; chart.cpp's bars use the same
// steps): a value mapped onto [0, 1], linear or logarithmic, with ticks at round values.
#pragma once

#include <vector>

namespace benchbox::chart {

// Log scale when the largest value is more than this many times the smallest.
inline constexpr double kLogScaleRatio = 20;

// A tick spacing near `raw` that is 1, 2 or 5 times a power of ten.
double nice_step(double raw);

struct Axis {
  double lo = 0, hi = 1;
  bool log = false;
  double operator()(double v) const;  // 0 at lo, 1 at hi, clamped
  // Round values from lo to hi: about five for a linear axis; 1, 2 and 5 of each decade for a
  // log axis of up to two decades, the powers of ten for a wider one.
  std::vector<double> ticks() const;
};

// Logarithmic when the values span more than 20x and are all positive; `from_zero`: a linear axis
// starts at 0 (or below, for negative values).
Axis axis_of(const std::vector<double>& values, bool from_zero);

// As axis_of, widened to round values at both ends (a step of ticks(); 1, 2 or 5 times a power of
// ten on a log axis), so that the extreme values are not drawn on the frame.
Axis rounded_axis_of(const std::vector<double>& values);

}  // namespace benchbox::chart
