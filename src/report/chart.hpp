// A case as a horizontal bar chart of ns per op per library, written by hand as standalone SVG
// (no scripts, no fonts or other resources): the reference row (the module's floor) in its own colour with a reference line,
// a log scale when the medians span more than 20x, min..max whiskers, values as labels, each row's
// peak resident memory in a panel beside its bar, and the
// rows without a number (failed, n/a, not available) listed under the chart with their reasons.
#pragma once

#include <string>

#include "report/reporter.hpp"

namespace benchbox::chart {

// File-name-safe id of a case: "coroutine-switch-2".
std::string case_slug(const CaseGroup& group);
// "coroutine switch, 2 coroutines"
std::string case_title(const CaseGroup& group);

// `standalone`: with the XML declaration (a .svg file); otherwise an <svg> element to inline in HTML.
std::string render_svg(const CaseGroup& group, bool standalone = true);

}  // namespace benchbox::chart
