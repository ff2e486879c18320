// The one tick and label module of every chart (bars in chart.cpp, sweeps, frontiers, trends): a
// value mapped onto [0, 1], linear or logarithmic, ticks at round values (1, 2 and 5 times a power
// of ten), tick labels with their unit (100 MB/s, 1 GB/s; 64 B, 4 KiB; 500 ns, 2 µs), and the labels
// at the ends of a chart's lines kept apart.
#pragma once

#include <string>
#include <string_view>
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
  bool contains(double v) const { return v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9); }
  // Round values from lo to hi: about five for a linear axis; 1, 2 and 5 of each decade for a
  // log axis of up to two decades, the powers of ten for a wider one.
  std::vector<double> ticks() const;
};

// Logarithmic when the values span more than 20x and are all positive; `from_zero`: a linear axis
// starts at 0 (or below, for negative values).
Axis axis_of(const std::vector<double>& values, bool from_zero);

// As axis_of, widened to round values at both ends (a step of ticks(); 1, 2 or 5 times a power of
// ten on a log axis), so that the extreme values are not drawn on the frame. `from_zero`: a linear
// axis of positive values starts at 0 (bars).
Axis rounded_axis_of(const std::vector<double>& values, bool from_zero = false);

// A tick's label, `v` in `unit` (a figure's unit as results files hold it): times in ns, us, ms
// or s ("500 ns", "2 µs"); byte rates in B/s, kB/s, MB/s, GB/s ("100 MB/s", "1 GB/s"); sizes
// in bytes ("B", "B/coroutine", "bytes") in KiB/MiB/GiB where a whole number of them ("64 B",
// "4 KiB", "1 MiB"), in kB/MB otherwise; "%" and "x" after the number; any other unit after a
// short number ("500", "2k", "1.5M").
std::string tick_text(double v, std::string_view unit);

// A number in at most three significant digits with k, M, G for thousands: "1.5M", "250", "0.02".
std::string short_number(double v);

// The heights of labels wanted at `wanted` (pixels, any order), pushed apart so that each is `gap`
// from the next (down first, then up where they would pass `bottom`), their order kept, within
// [top, bottom] while they fit; returned in the order given.
std::vector<double> spread_labels(const std::vector<double>& wanted, double gap, double top, double bottom);

}  // namespace benchbox::chart
