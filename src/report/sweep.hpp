// A sweep: one case run at several numeric parameters (`-n switch 2,16,128`). Drawn as a line
// chart of the case's figure against the parameter, one line per library, log scales where the
// values span more than 20x; standalone SVG written by hand like the bar charts.
#pragma once

#include <string>
#include <vector>

#include "reporter.hpp"

namespace benchbox::chart {

// The points of one module's case, in run order.
struct Sweep {
  std::string module, case_id;
  std::vector<const CaseGroup*> points;
};

// Every case of `groups` that ran at two or more numeric parameters.
std::vector<Sweep> sweeps(const std::vector<CaseGroup>& groups);

// "coroutine-switch-sweep"
std::string sweep_slug(const Sweep& sweep);

std::string render_sweep_svg(const Sweep& sweep, bool standalone = true);

}  // namespace benchbox::chart
