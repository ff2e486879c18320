// A module is one family of benchmarks (coroutines, JSON parsers, hash maps...). It declares its
// cases: what one operation is, the figure each case reports and whether lower or higher is
// better, its parameter (a number or a name from a list), the points of the full suite, and how a
// trial's proof of work is verified. Modules register themselves from their own folder
// (modules/<id>/module.cpp); the driver never lists them and knows none of their concepts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "figure.hpp"

namespace benchbox {

// The user's own file given as a parameter value, as the results record it (with its path, the
// value's text): what was measured.
struct UserFile {
  std::uint64_t bytes = 0;
  std::string sha256;  // lower-case hex
};

// A case's parameter as given: its text (what the adapter receives) and, for numeric
// parameters, its value; for the user's own file, its absolute path and `file`.
struct ParamValue {
  std::string text;
  std::optional<std::int64_t> number;
  std::optional<UserFile> file{};

  static ParamValue of(std::int64_t n) { return {std::to_string(n), n}; }
  static ParamValue named(std::string name) { return {std::move(name), std::nullopt}; }
  bool operator==(const ParamValue& o) const { return text == o.text; }
};

struct ParamSpec {
  std::string name;                  // "coroutines", "data set", "elements"
  std::vector<std::string> choices{};  // non-empty: the parameter is one of these names
  std::int64_t min = 0, max = 0;     // numeric parameters: the range
  std::string default_value{};       // `-n CASE` without a parameter runs this (several: comma-separated)
  std::vector<std::string> suite{};  // what the full suite runs
  std::string help{};                // one line for --help and `benchbox list`
  // Set where a value may also be the path of the user's own file (a document to parse, a file to
  // compress): a value that is none of `choices` is then a path. The driver checks that it is a
  // readable, non-empty regular file and records its size and SHA-256 (user_file.hpp); this checks
  // its content, before anything runs: an error message, or nothing. The adapter receives the
  // absolute path; the row's label is the file's name.
  std::function<std::optional<std::string>(const std::filesystem::path&)> user_file{};
  bool named() const { return !choices.empty(); }
};

// What an adapter said about how it runs a case (from `describe`).
struct CaseTraits {
  std::int64_t min_param = 0;
  std::int64_t max_param = -1;         // -1: no limit
  std::string max_param_reason;        // why max_param (empty: the notes say)
  std::uint64_t bytes_per_param = 0;   // memory per unit of the parameter (0: no check)
  std::string notes;
  std::map<std::string, std::string> values;  // module-defined ("style", "stack_bytes")

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
  ParamValue param;
  CaseTraits traits;
  std::filesystem::path data_dir;  // <libexec>/<module>/data: the module's data sets
};

using Verifier = std::function<std::optional<std::string>(const CaseContext&, const TrialProof&)>;

struct CaseSpec {
  std::string id;           // "switch"
  std::string unit;         // what one operation is, plural as printed: "switches", "documents"
  std::string description{};  // one line for `benchbox list`
  ParamSpec param;
  // The case's own figure. Time cases are timed by the driver (ns per operation); for the others
  // (bytes, a score) the adapter reports the figure in every trial under the figure's id.
  FigureSpec figure = FigureSpec::time();
  // Further figures the adapter reports in every trial (allocations, bytes per element...).
  std::vector<FigureSpec> extra_figures{};
  // Named parameter values whose points report other further figures than extra_figures (two
  // conformance input sets, each scored by its own categories).
  std::map<std::string, std::vector<FigureSpec>> extra_figures_of{};
  // A rate besides ops per second: the proof count `count` per second, divided by `scale`
  // ("bytes" per second / 1e6 = "MB/s"). Empty count: operations per second in the case's unit.
  struct Rate {
    std::string count{};
    double scale = 1;
    std::string unit{};
  } rate{};
  // The work is fixed: `fixed_ops` operations per trial, no calibration.
  std::optional<std::uint64_t> fixed_ops{};
  // How the trials are spread: `once`, the figure is the same every time (a conformance score):
  // one trial in one process; `cold`, every trial in a fresh process without a warm-up (memory
  // an earlier trial freed would be reused and hide the cost), over the run's processes.
  enum class Trials { repeated, once, cold } trials = Trials::repeated;
  // The smallest honest operation count at least `ops` for this parameter (rounding to whole
  // rounds, a floor per coroutine...). Default: `ops` itself.
  std::function<std::uint64_t(const ParamValue&, std::uint64_t ops)> legal_ops{};
  // A trial that legal_ops stretches far beyond the count wanted needs no warm-up before it: set
  // only where measured (its first trial in a process no slower than its second). Not for work
  // that faults in fresh memory (a map built from empty pays its page faults in the first trial).
  bool stretched_trial_warms_itself = false;
  // Why this point cannot run on this machine at all (a data set not installed), or nothing.
  std::function<std::optional<std::string>(const ParamValue&, const std::filesystem::path& data_dir)> unavailable{};
  // Returns an error message when the proof does not match what was asked.
  Verifier verify{};
  // Human label of a parameter value: "2 coroutines", "unbuffered", "canada.json".
  std::function<std::string(const ParamValue&)> describe_param{};

  std::string label(const ParamValue& p) const {
    if (p.file) return std::filesystem::path(p.text).filename().string();
    return describe_param ? describe_param(p) : p.text;
  }
  const std::vector<FigureSpec>& extras(const ParamValue& p) const {
    auto it = extra_figures_of.find(p.text);
    return it == extra_figures_of.end() ? extra_figures : it->second;
  }
  std::uint64_t round_ops(const ParamValue& p, std::uint64_t ops) const { return legal_ops ? legal_ops(p, ops) : ops; }
  // Parses and checks a parameter given on the command line; throws std::invalid_argument.
  ParamValue parse_param(const std::string& text) const;
};

struct Module {
  std::string id;
  std::string description;
  // What the reference row (the module's floor) is a limit of, as the reports say under a table.
  std::string reference_note = "the limit of this case on this machine";
  // Processes (and repetitions, one per process) per row when the user gives neither: a module
  // whose trials need heavy untimed set-up (building a 10^6-element map) may ask for fewer.
  unsigned default_processes = 9;
  std::vector<CaseSpec> cases{};

  const CaseSpec* find_case(const std::string& case_id) const;
};

// Registry of modules linked into this driver.
std::vector<const Module*>& modules();
const Module* find_module(const std::string& id);

struct ModuleRegistration {
  explicit ModuleRegistration(const Module& m);
};

}  // namespace benchbox
