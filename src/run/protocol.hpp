// The driver's side of the adapter protocol (docs/protocol.md): JSON lines on the adapter's
// standard output. Anything that does not parse, or parses to the wrong shape, is a
// ProtocolError with a message for the user; it never reaches the statistics.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <benchbox/module.hpp>

namespace benchbox {

inline constexpr int kProtocolVersion = 3;

struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct CaseSupport {
  bool applicable = false;
  std::string not_applicable_reason;
  CaseTraits traits;
};

// One of several rows the library's adapter runs (a codec's level): `--variant id`.
struct VariantDescription {
  std::string id;     // "3": letters, digits and .-_+
  std::string label;  // the row's name: "zstd -3" (empty: "<library>:<id>")
  std::string notes;  // added to the case's notes
  std::map<std::string, std::string> traits;  // over the case's
  std::map<std::string, std::string> not_applicable_at;  // added to every case's, for this row
  bool by_name = false;  // outside the suite: run only when --lib names it (LIBRARY:VARIANT)
};

struct LibraryDescription {
  std::string id;
  std::string version;
  std::map<std::string, std::string> info;
  std::vector<VariantDescription> variants;  // empty: one row per case
  std::map<std::string, CaseSupport> cases;
  const VariantDescription* find_variant(const std::string& variant_id) const;
};

struct TrialRecord {
  bool warmup = false;
  std::uint64_t ops = 0, ns = 0, done = 0, checksum = 0;
  std::optional<std::uint64_t> cycles, instructions;
  std::optional<std::uint64_t> peak_rss_bytes;  // the adapter's own peak resident memory so far
  std::map<std::string, std::uint64_t> counts;  // further proof
  std::map<std::string, double> figures;        // figures the adapter measured itself
  std::vector<std::string> details;
};

// The adapter's answer to `run`: its trials in order, or the error it reported.
struct RunReply {
  std::vector<TrialRecord> trials;
  std::optional<std::string> error;
  // The adapter found, trying, that the library cannot run this point (a search past the engine's
  // own limit or the adapter's time limit): the row is n/a with this reason, not failed.
  std::optional<std::string> not_applicable;
};

LibraryDescription parse_describe(std::string_view output);
RunReply parse_run(std::string_view output);

// The adapter's command line for one run: `warmup` untimed trials of `warmup_ops` operations,
// then `reps` timed trials of `ops`, at `point` (one --axis VALUE for a point of one axis, one
// --axis NAME=VALUE per axis otherwise), of the library's `variant` when not empty.
std::vector<std::string> run_arguments(const std::string& program, const std::string& case_id, const Point& point,
                                       std::uint64_t ops, unsigned reps, unsigned warmup, std::uint64_t warmup_ops,
                                       const std::string& variant = "");

}  // namespace benchbox
