// benchbox/module/verification.hpp: what an adapter says of a case, what a trial claims, and what checks it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include <benchbox/module/point.hpp>

namespace benchbox {

// What an adapter said about how it runs a case (from `describe`). The limits are of the case's
// first axis.
struct CaseTraits {
  std::int64_t min_value = 0;
  std::int64_t max_value = -1;        // -1: no limit
  std::string max_value_reason;       // why max_value (empty: the notes say)
  std::uint64_t bytes_per_unit = 0;   // memory per unit of the first axis (0: no check)
  std::string notes;
  std::map<std::string, std::string> values;  // module-defined ("style", "stack_bytes")
  std::map<std::string, std::string> not_applicable_at;  // first-axis value -> why this library cannot run it

  std::string value(const std::string& key) const {
    auto it = values.find(key);
    return it == values.end() ? std::string() : it->second;
  }
};

// What one trial claims to have done.
struct TrialProof {
  std::uint64_t ops = 0;  // asked for
  std::uint64_t done = 0;
  std::uint64_t checksum = 0;
  std::map<std::string, std::uint64_t> counts;  // further proof, module-defined
};

// What a verification or a check may consult besides the trial.
struct CaseContext {
  Point point;        // where the row runs (a one-axis case reads point.first())
  CaseTraits traits;  // the library's, with its variant's over them
  std::filesystem::path data_dir;  // <libexec>/<module>/data: the module's data sets
  std::string variant{};           // the library's variant this row runs ("3"), or empty
  bool reference = false;          // the module's reference row (its floor), which may prove other work
};

using Verifier = std::function<std::optional<std::string>(const CaseContext&, const TrialProof&)>;

}  // namespace benchbox
