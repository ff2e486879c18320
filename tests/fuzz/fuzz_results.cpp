// Results files (`benchbox report FILE`): any bytes either read as results or are refused with a
// std::runtime_error; what is read writes back, reads again the same, and renders in every format.
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "report/reporter.hpp"
#include "results/results.hpp"
#include "results/results_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto j = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return 0;
  benchbox::Results r;
  try {
    r = benchbox::results_from_json(j);
  } catch (const std::runtime_error&) {
    return 0;  // refused, with a message: fine
  }
  const benchbox::Results again = benchbox::results_from_json(benchbox::to_json(r));
  if (again.measurements.size() != r.measurements.size() || again.interrupted != r.interrupted) __builtin_trap();
  for (const auto& format : benchbox::reporter_formats()) {
    try {
      (void)benchbox::make_reporter(format)->render(r);
    } catch (const std::runtime_error&) {
      // a reporter may refuse what it cannot show, with a message
    }
  }
  return 0;
}
