// benchbox/module/point.hpp: where a row is measured: one value per axis of its case.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <benchbox/module/axis.hpp>

namespace benchbox {

// One value per axis of a case, in the case's axis order: where a row is measured.
struct Point {
  struct Axis {
    std::string name;
    AxisValue value;
  };
  std::vector<Axis> axes;

  Point() = default;
  explicit Point(std::vector<Axis> all) : axes(std::move(all)) {}
  // A point of a case with one axis.
  static Point of(AxisValue only) { return Point({{"", std::move(only)}}); }

  // The first axis's value: all that a case with one axis reads (empty for an empty point).
  const AxisValue& first() const;
  // The value of the named axis, or nullptr.
  const AxisValue* find(std::string_view axis) const;
  // Identity across runs and files: the value as given for one axis ("2", "canada"), every axis
  // as name=value otherwise ("data=text,size=1000").
  std::string key() const;
  bool operator==(const Point& o) const;  // the same as key() == o.key(), without building the keys
};

}  // namespace benchbox
