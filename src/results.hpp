// The results of a run: what every reporter reads and what `--json` writes (docs/results-schema.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "module.hpp"
#include "statistics.hpp"

namespace benchbox {

inline constexpr int kResultsSchemaVersion = 1;

enum class Status { ok, failed, not_applicable, unavailable };
const char* to_string(Status s);

struct Measurement {
  std::string module, case_id, unit, library, version;
  std::int64_t param = 0;
  std::string param_label;  // "2 coroutines", "unbuffered"
  Status status = Status::failed;
  std::string reason;  // failed / n/a / unavailable: why (and how to enable)
  bool verified = false;
  std::uint64_t ops = 0;            // operations per repetition
  // The metric's value per timed repetition, in run order: ns per op, or in instructions mode
  // (metric "instructions_per_op") instructions per op counted by Callgrind.
  std::string metric = "ns_per_op";
  std::vector<double> ns_per_op;
  Summary summary;                  // of ns_per_op
  unsigned processes = 0;           // fresh processes the repetitions were spread over
  CaseTraits traits;
  std::optional<double> cycles_per_op, instructions_per_op;

  double ops_per_second() const { return metric == "ns_per_op" && summary.median > 0 ? 1e9 / summary.median : 0; }
  // Half-width of the median's confidence interval, relative to the median.
  double uncertainty() const { return summary.median > 0 ? (summary.ci_high - summary.ci_low) / (2 * summary.median) : 0; }
  bool unstable() const { return status == Status::ok && uncertainty() > kUnstableThreshold; }
  static constexpr double kUnstableThreshold = 0.05;
};

struct Results {
  nlohmann::json context = nlohmann::json::object();
  std::vector<std::string> warnings;
  std::vector<Measurement> measurements;
  bool interrupted = false;
};

nlohmann::json to_json(const Results& results);

// Reads a results file; throws std::runtime_error with a one-line message naming what is wrong.
Results results_from_json(const nlohmann::json& j);
Results load_results(const std::filesystem::path& path);

// Writes through a temporary file and rename(2): readers see the old file or the whole new one.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

}  // namespace benchbox
