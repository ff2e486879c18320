// A case whose rows trade one figure against another (MB/s against a compression ratio,
// FigureSpec::trade_off) as a scatter chart: the case's figure across (log scale where it spans
// more than 20x), the trade-off figure up, the frontier's rows (CaseGroup::on_frontier) joined
// by a line and named; standalone SVG written by hand like the bar charts.
#pragma once

#include <string>

#include "report/reporter.hpp"

namespace benchbox::chart {

// "compression-compress-text-frontier"
std::string frontier_slug(const CaseGroup& group);
// "compression compress, text: MB/s against ratio"
std::string frontier_title(const CaseGroup& group);
// Requires group.trade_off().
std::string render_frontier_svg(const CaseGroup& group, bool standalone = true);

}  // namespace benchbox::chart
