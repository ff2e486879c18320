// A sweep: one case run at several values of a numeric axis, the other axes fixed
// (`-n switch 2,16,128`, `--param size=1000,4000`). Drawn as a line chart of the case's figure
// against that axis, one line per row (library or variant), log scales where the values span more
// than 20x; standalone SVG written by hand like the bar charts.
#pragma once

#include <string>
#include <vector>

#include "report/reporter.hpp"

namespace benchbox::chart {

// The points of one module's case along one axis, in run order.
struct Sweep {
  std::string module, case_id;
  std::size_t axis = 0;  // the swept axis's index in the points
  std::string fixed;     // the other axes as name=value ("data=text"), empty for a case's only axis
  std::vector<const CaseGroup*> points;
  std::string axis_name() const;  // "" for a case's only axis
  double x(const CaseGroup& g) const;
};

// Every case and numeric axis of `groups` that ran at two or more values of that axis with the
// other axes the same.
std::vector<Sweep> sweeps(const std::vector<CaseGroup>& groups);

// "coroutine-switch-sweep"; with several axes "example-pack-size-sweep-data_text"
std::string sweep_slug(const Sweep& sweep);
// "example pack: sweep of size (data=text)"
std::string sweep_title(const Sweep& sweep);

std::string render_sweep_svg(const Sweep& sweep, bool standalone = true);

}  // namespace benchbox::chart
