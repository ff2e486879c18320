// Runs one library through every suite point of its module with small op counts and checks that
// each row is verified and printed in the original form (or n/a with a reason the adapter gives for
// a case it declares). Exit 77 = skipped (the library was not found when benchbox was configured):
// ctest shows it as skipped.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "catalog.hpp"
#include "executor.hpp"
#include "module.hpp"
#include "runner.hpp"

using namespace benchbox;

namespace {

enum class RowCheck { measured, passed, failed };

// A row of the library (or of one of its variants, `row` its name) at one point: measured and
// verified, printed in the original form with a peak memory; or n/a with a reason the adapter
// gives for a case it declares, or unavailable (the point's data set is not installed here).
RowCheck check_row(const nlohmann::json& r, const ChildOutcome& out, const std::string& row, const std::string& unit) {
  const std::string status = r["status"];
  if (status == "not_applicable" && r["reason"].get<std::string>() == kUndeclaredCaseReason) return RowCheck::failed;
  if (status == "not_applicable" && !r["reason"].get<std::string>().empty() && out.exit_code == 0) return RowCheck::passed;
  if (status == "unavailable" && out.exit_code == 0) return RowCheck::passed;
  // The original form for timed cases ("... 20000 switches in 3 ms, 6666666 switches per second"),
  // for a rate ("zstd -3: 40 compressions, 391 MB/s, ratio 3.12"), the figure with its unit otherwise.
  auto escaped = [](const std::string& s) { return std::regex_replace(s, std::regex(R"([.+*?()\[\]{}|^$\\])"), R"(\$&)"); };
  const std::regex line("(^|\n)" + escaped(row) + ": ([0-9]+ " + escaped(unit) + " in [0-9]+ ms, [0-9]+ .+|[0-9]+ " + escaped(unit) +
                        ", [0-9.]+ .+|.+: [0-9.]+ .+)\n");
  const bool memory = r.value("peak_rss_bytes", 0) > 0;
  if (status != "ok" || !r["verified"].get<bool>() || out.exit_code != 0 || !std::regex_search(out.out, line) || !memory)
    return RowCheck::failed;
  return RowCheck::measured;
}

std::string failure(const nlohmann::json& r, const ChildOutcome& out) {
  if (r["status"] == "not_applicable" && r["reason"].get<std::string>() == kUndeclaredCaseReason)
    return "n/a because the adapter's describe does not declare the case (declare it, with not_applicable and the real "
           "reason if the library cannot run it)";
  return "status " + r["status"].get<std::string>() + ", reason: " + r["reason"].dump() + ", exit " +
         std::to_string(out.exit_code) + (r.value("peak_rss_bytes", 0) > 0 ? "" : ", no peak memory");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: library_test BENCHBOX MODULE LIBRARY\n";
    return 2;
  }
  const std::string benchbox = argv[1], module_id = argv[2], library = argv[3];
  const Module* module = find_module(module_id);
  if (!module) {
    std::cerr << "unknown module " << module_id << "\n";
    return 1;
  }
  for (const auto& entry : load_catalog(default_libexec_dir(), module_id))
    if (entry.id == library && !entry.available) {
      std::cout << "SKIP: " << library << " not available: " << entry.reason << "; to enable: " << entry.enable << "\n";
      return 77;
    }

  // In ctest's working folder (the build's), never in the system's /tmp.
  const auto json_path = std::filesystem::current_path() / ("benchbox-it-" + library + "-" + std::to_string(getpid()) + ".json");
  int failures = 0, measured = 0;
  for (const auto& c : module->cases) {
    for (const auto& suite_point : c.suite()) {
      // A quick trial: 2000 operations, or fewer where one may last long (the case's first
      // calibration probe: one whole file compressed at a slow level).
      std::uint64_t ops = 2000;
      if (c.first_probe_ops) ops = std::clamp<std::uint64_t>(c.first_probe_ops(suite_point), 1, ops);
      const std::string param = suite_point.axes.front().value.text;
      ChildSpec spec;
      spec.argv = {benchbox, module_id, "-n", c.id, param, "--lib", library, "--ops", std::to_string(ops),
                   "--reps", "3", "--processes", "2", "--no-pin", "--json", json_path.string()};
      for (std::size_t a = 1; a < suite_point.axes.size(); ++a)  // a case's further axes, by name
        spec.argv.insert(spec.argv.end(), {"--param", suite_point.axes[a].name + "=" + suite_point.axes[a].value.text});
      spec.timeout = std::chrono::seconds(300);
      auto out = run_child(spec);
      const std::string point = c.id + " " + param;
      std::cout << out.out;
      std::ifstream in(json_path);
      auto results = nlohmann::json::parse(in, nullptr, false);
      if (results.is_discarded() || results["results"].empty()) {
        std::cout << "FAIL " << point << ": no results file / no result (" << out.failure_reason() << ") " << out.err << "\n";
        ++failures;
        continue;
      }
      // One row per variant of the library (a codec's levels), each checked on its own.
      for (const auto& r : results["results"]) {
        const std::string row = r.value("variant_label", "").empty() ? library : r["variant_label"].get<std::string>();
        const std::string where = point + (row == library ? "" : " (" + row + ")");
        switch (check_row(r, out, row, c.unit)) {
          case RowCheck::measured: ++measured; std::cout << "ok   " << where << ": verified\n"; break;
          case RowCheck::passed: std::cout << "ok   " << where << ": " << r["reason"].get<std::string>() << "\n"; break;
          case RowCheck::failed: ++failures; std::cout << "FAIL " << where << ": " << failure(r, out) << "\n"; break;
        }
      }
    }
  }
  std::filesystem::remove(json_path);
  if (measured == 0) {
    std::cout << "FAIL: no case was measured\n";
    ++failures;
  }
  return failures == 0 ? 0 : 1;
}
