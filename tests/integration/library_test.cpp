// One library through its module: `benchbox MODULE --verify --lib LIBRARY` (with LIBRARY:VARIANT
// for each of its rows run by name only, outside the suite) must prove every row at every suite
// point of every case (verified with its proof and peak memory, or n/a with a reason
// the adapter gives for a case it declares, or unavailable where the point's data set is not
// installed); then one short measured run at the first proved point, in two processes (an exact
// figure must be the same in both), must print the original form ("tbox: 2000 switches in 3 ms,
// 666666 switches per second") with a verified figure.
// Exit 77 = skipped (the library was not found when benchbox was configured): ctest shows it skipped.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <string>

#include "run/catalog.hpp"
#include "run/executor.hpp"
#include <benchbox/module.hpp>
#include "run/runner.hpp"

using namespace benchbox;

namespace {

struct Run {
  ChildOutcome out;
  nlohmann::json results;  // discarded when no results file was written
};

Run run_benchbox(std::vector<std::string> argv, const std::filesystem::path& json_path) {
  std::filesystem::remove(json_path);
  argv.insert(argv.end(), {"--json", json_path.string()});
  ChildSpec spec;
  spec.argv = std::move(argv);
  spec.timeout = std::chrono::seconds(300);
  Run r{run_child(spec), nlohmann::json()};
  std::ifstream in(json_path);
  r.results = nlohmann::json::parse(in, nullptr, false);
  std::filesystem::remove(json_path);
  return r;
}

// A verify row: proved (verified, with its proof and a peak memory), or n/a with a reason the
// adapter gives for a case it declares, or unavailable (the point's data set is not installed).
std::string verify_problem(const nlohmann::json& r) {
  const std::string status = r["status"], reason = r["reason"];
  if (status == "not_applicable" && reason == kUndeclaredCaseReason)
    return "n/a because the adapter's describe does not declare the case (declare it, with not_applicable and the real "
           "reason if the library cannot run it)";
  if ((status == "not_applicable" && !reason.empty()) || status == "unavailable") return "";
  const auto& proof = r["proof"];
  if (status != "ok" || !r["verified"].get<bool>()) return "status " + status + ", reason: " + reason;
  if (!proof.is_object() || proof["done"].get<std::uint64_t>() == 0) return "verified without a proof (done, checksum)";
  if (r.value("peak_rss_bytes", 0) == 0) return "no peak memory";
  return "";
}

std::string escaped(const std::string& s) { return std::regex_replace(s, std::regex(R"([.+*?()\[\]{}|^$\\])"), R"(\$&)"); }

// The original form for timed cases ("... 20000 switches in 3 ms, 6666666 switches per second"),
// for a rate ("zstd -3: 40 compressions, 391 MB/s, ratio 3.12"), the figure with its unit otherwise.
bool original_line_printed(const std::string& out, const std::string& row, const std::string& unit) {
  const std::regex line("(^|\n)" + escaped(row) + ": ([0-9]+ " + escaped(unit) + " in [0-9]+ ms, [0-9]+ .+|[0-9]+ " + escaped(unit) +
                        ", [0-9.]+ .+|.+: [0-9.]+ .+)\n");
  return std::regex_search(out, line);
}

// "LIBRARY", then ",LIBRARY:VARIANT" for each row run by name only: --lib LIBRARY leaves those out.
std::string every_row_of(const std::string& module_id, const LibraryEntry& entry) {
  RunSettings settings;
  settings.module = module_id;
  settings.libexec_dir = default_libexec_dir();
  ProcessExecutor executor;
  std::string selection = entry.id;
  if (const Described d = describe_library(settings, entry, executor); d.description)  // else --verify says why
    for (const auto& v : d.description->variants)
      if (v.by_name) selection += "," + entry.id + ":" + v.id;
  return selection;
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
  std::string every_row = library;
  for (const auto& entry : load_catalog(default_libexec_dir(), module_id)) {
    if (entry.id != library) continue;
    if (!entry.available) {
      std::cout << "SKIP: " << library << " not available: " << entry.reason << "; to enable: " << entry.enable << "\n";
      return 77;
    }
    every_row = every_row_of(module_id, entry);
  }

  // In ctest's working folder (the build's), never in the system's /tmp.
  const auto json_path = std::filesystem::current_path() / ("benchbox-it-" + library + "-" + std::to_string(getpid()) + ".json");
  const Run verify = run_benchbox({benchbox, module_id, "--verify", "--lib", every_row}, json_path);
  std::cout << verify.out.out;
  if (verify.results.is_discarded() || verify.results["results"].empty()) {
    std::cout << "FAIL: --verify wrote no results (" << verify.out.failure_reason() << ") " << verify.out.err << "\n";
    return 1;
  }
  int failures = 0, proved = 0;
  const CaseSpec* measured_case = nullptr;
  std::optional<Point> measured_point;  // a copy: suite() gives its points by value
  std::string measured_row, measured_selection;
  for (const auto& c : module->cases) {
    for (const auto& point : c.suite()) {
      const std::string where = c.id + " " + c.label(point);
      int rows = 0;
      for (const auto& r : verify.results["results"]) {
        if (r["case"] != c.id || r["param_label"] != c.label(point)) continue;
        ++rows;
        const std::string row = r.value("variant_label", "").empty() ? library : r["variant_label"].get<std::string>();
        const std::string what = where + (row == library ? "" : " (" + row + ")");
        if (auto problem = verify_problem(r); !problem.empty()) {
          ++failures;
          std::cout << "FAIL " << what << ": " << problem << "\n";
        } else if (r["status"] == "ok") {
          ++proved;
          std::cout << "ok   " << what << ": verified\n";
          if (!measured_case) {
            measured_case = &c, measured_point = point, measured_row = row;
            measured_selection = library + (r.value("variant", "").empty() ? "" : ":" + r["variant"].get<std::string>());
          }
        } else {
          std::cout << "ok   " << what << ": " << r["reason"].get<std::string>() << "\n";
        }
      }
      if (rows == 0) {
        ++failures;
        std::cout << "FAIL " << where << ": --verify has no row for this suite point\n";
      }
    }
  }
  if (verify.out.exit_code != 0) {
    ++failures;
    std::cout << "FAIL: --verify exited with " << verify.out.exit_code << "\n";
  }
  if (proved == 0) {
    std::cout << "FAIL: no case was proved\n";
    return 1;
  }

  // One short measured run at the first proved point: the original form, and a verified figure.
  std::vector<std::string> run{benchbox, module_id, "-n", measured_case->id, measured_point->axes.front().value.text,
                               "--lib", measured_selection, "--reps", "2", "--processes", "2", "--no-pin"};
  std::uint64_t ops = 2000;
  if (measured_case->first_probe_ops) ops = std::clamp<std::uint64_t>(measured_case->first_probe_ops(*measured_point), 1, ops);
  run.insert(run.end(), {"--ops", std::to_string(ops)});
  for (std::size_t a = 1; a < measured_point->axes.size(); ++a)  // a case's further axes, by name
    run.insert(run.end(), {"--param", measured_point->axes[a].name + "=" + measured_point->axes[a].value.text});
  const Run timed = run_benchbox(run, json_path);
  std::cout << timed.out.out;
  const std::string where = measured_case->id + " " + measured_case->label(*measured_point);
  const bool figure = !timed.results.is_discarded() &&
                      std::any_of(timed.results["results"].begin(), timed.results["results"].end(), [](const auto& r) {
                        return r["status"] == "ok" && r["verified"].template get<bool>() && r["median"].is_number();
                      });
  if (timed.out.exit_code != 0 || !figure || !original_line_printed(timed.out.out, measured_row, measured_case->unit)) {
    ++failures;
    std::cout << "FAIL " << where << ": a measured run did not print a verified row in the original form (exit "
              << timed.out.exit_code << ") " << timed.out.err << "\n";
  } else {
    std::cout << "ok   " << where << ": measured, printed in the original form\n";
  }
  return failures == 0 ? 0 : 1;
}
