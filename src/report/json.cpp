// benchbox's own JSON results (docs/results-schema.md).
#include "report/reporter.hpp"
#include "results/results_file.hpp"

namespace benchbox {
namespace {
class JsonReporter : public Reporter {
 public:
  using Reporter::Reporter;
  std::string render(const Results& results) const override { return to_json(results).dump(2) + "\n"; }
};
}  // namespace

std::unique_ptr<Reporter> make_json_reporter(const ReportOptions& options) { return std::make_unique<JsonReporter>(options); }

}  // namespace benchbox
