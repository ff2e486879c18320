// --format svg: one chart per case (chart.hpp). To standard output when the results hold one case;
// several cases need --output (output.hpp says where each file goes).
#include <stdexcept>

#include "chart.hpp"
#include "reporter.hpp"

namespace benchbox {
namespace {
class SvgReporter : public Reporter {
 public:
  std::string render(const Results& results) const override {
    const auto groups = group_by_case(results);
    if (groups.size() != 1)
      throw std::runtime_error("--format svg writes one file per case and these results hold " + std::to_string(groups.size()) +
                               " cases: give --output DIR/ (or --output PREFIX)");
    return chart::render_svg(groups.front());
  }
};
}  // namespace

std::unique_ptr<Reporter> make_svg_reporter() { return std::make_unique<SvgReporter>(); }

}  // namespace benchbox
