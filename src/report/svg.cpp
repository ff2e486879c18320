// --format svg: one chart per case (chart.hpp). To standard output when the results hold one case;
// several cases need --output (output.hpp says where each file goes).
#include <stdexcept>

#include "report/chart.hpp"
#include "report/reporter.hpp"

namespace benchbox {
namespace {
class SvgReporter : public Reporter {
 public:
  using Reporter::Reporter;
  std::string render(const Results& results) const override {
    const auto all = groups(results);
    if (all.size() != 1)
      throw std::runtime_error("--format svg writes one file per case and these results hold " + std::to_string(all.size()) +
                               " cases: give --output DIR/ (or --output PREFIX)");
    return chart::render_svg(all.front());
  }
};
}  // namespace

std::unique_ptr<Reporter> make_svg_reporter(const ReportOptions& options) { return std::make_unique<SvgReporter>(options); }

}  // namespace benchbox
