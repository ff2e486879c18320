// Runs one library through every suite point of its module with small op counts and checks that
// each row is verified and printed in the original form (or n/a with a reason the adapter gives for
// a case it declares). Exit 77 = skipped (the library was not found when benchbox was configured):
// ctest shows it as skipped.
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
    for (const auto& param : c.param.suite) {
      ChildSpec spec;
      spec.argv = {benchbox, module_id, "-n", c.id, param, "--lib", library, "--ops", "2000",
                   "--reps", "3", "--processes", "2", "--no-pin", "--json", json_path.string()};
      spec.timeout = std::chrono::seconds(300);
      auto out = run_child(spec);
      const std::string point = c.id + " " + param;
      std::cout << out.out;
      std::ifstream in(json_path);
      auto results = nlohmann::json::parse(in, nullptr, false);
      if (results.is_discarded() || results["results"].size() != 1) {
        std::cout << "FAIL " << point << ": no results file / not one result (" << out.failure_reason() << ") " << out.err << "\n";
        ++failures;
        continue;
      }
      const auto& r = results["results"][0];
      const std::string status = r["status"];
      // n/a is fine with a reason the adapter gives, not for a case its describe leaves out.
      if (status == "not_applicable" && r["reason"].get<std::string>() == kUndeclaredCaseReason) {
        std::cout << "FAIL " << point << ": n/a because the adapter's describe does not declare the case "
                  << "(declare it, with not_applicable and the real reason if the library cannot run it)\n";
        ++failures;
        continue;
      }
      if (status == "not_applicable" && !r["reason"].get<std::string>().empty() && out.exit_code == 0) {
        std::cout << "ok   " << point << ": n/a (" << r["reason"].get<std::string>() << ")\n";
        continue;
      }
      if (status == "unavailable" && out.exit_code == 0) {  // the point's data set is not installed here
        std::cout << "skip " << point << ": " << r["reason"].get<std::string>() << "\n";
        continue;
      }
      // The original form for timed cases ("... 20000 switches in 3 ms, 6666666 switches per second",
      // or a rate such as MB/s), the figure with its unit otherwise.
      auto escaped = [](const std::string& s) { return std::regex_replace(s, std::regex(R"([.+*?()\[\]{}|^$\\])"), R"(\$&)"); };
      const std::regex line("(^|\n)" + escaped(library) + ": ([0-9]+ " + escaped(c.unit) + " in [0-9]+ ms, [0-9]+ .+|.+: [0-9.]+ .+)\n");
      const bool memory = r.value("peak_rss_bytes", 0) > 0;
      if (status != "ok" || !r["verified"].get<bool>() || out.exit_code != 0 || !std::regex_search(out.out, line) || !memory) {
        std::cout << "FAIL " << point << ": status " << status << ", reason: " << r["reason"] << ", exit " << out.exit_code
                  << (memory ? "" : ", no peak memory") << "\n";
        ++failures;
        continue;
      }
      ++measured;
      std::cout << "ok   " << point << ": verified\n";
    }
  }
  std::filesystem::remove(json_path);
  if (measured == 0) {
    std::cout << "FAIL: no case was measured\n";
    ++failures;
  }
  return failures == 0 ? 0 : 1;
}
