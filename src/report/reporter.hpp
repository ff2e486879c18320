// One interface for every output format (hyperfine's exporters): a reporter turns results into
// text. Formats are registered by name in reporter.cpp, one file each.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../results.hpp"

namespace benchbox {

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual std::string render(const Results& results) const = 0;
};

// Throws std::invalid_argument naming the known formats.
std::unique_ptr<Reporter> make_reporter(std::string_view format);
std::vector<std::string> reporter_formats();

// Results of one case and parameter, in run order.
struct CaseGroup {
  std::string module, case_id, unit, param_label;
  std::int64_t param = 0;
  std::vector<const Measurement*> rows;
  const Measurement* fastest() const;  // among ok rows; nullptr if none
};
std::vector<CaseGroup> group_by_case(const Results& results);

}  // namespace benchbox
