// A module is one family of benchmarks (coroutines, JSON parsers, hash maps...). It declares its
// cases: what one operation is, the figures each case reports and which way is better, its
// parameter axes (each a number or a name from a list) and the points of the full suite, and how
// a trial's proof of work is verified. Modules register themselves from their own folder
// (modules/<id>/module.cpp); the driver never lists them and knows none of their concepts.
// docs/adding.md says what a module writes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "figure.hpp"

namespace benchbox {

// The user's own file given as a value (AxisSpec::user_file), as the results record it (with its
// path, the value's text): what was measured.
struct UserFile {
  std::uint64_t bytes = 0;
  std::string sha256;  // lower-case hex
};

// A value of one axis as given: its text (what the adapter receives) and, for numeric axes, its
// value; for the user's own file, its absolute path and `file`.
struct AxisValue {
  std::string text;
  std::optional<std::int64_t> number;
  std::optional<UserFile> file{};

  static AxisValue of(std::int64_t n) { return {std::to_string(n), n}; }
  static AxisValue named(std::string name) { return {std::move(name), std::nullopt}; }
  bool operator==(const AxisValue& o) const { return text == o.text; }
};

// One parameter axis of a case: "coroutines" (numeric), "data set" (named), "level".
struct AxisSpec {
  std::string name;                    // "coroutines", "data set", "elements"; no '=' or ','
  std::vector<std::string> choices{};  // non-empty: the value is one of these names
  std::int64_t min = 0, max = 0;       // numeric axes: the range
  std::string default_value{};         // what `-n CASE` runs when the axis is not given (first axis: several, comma-separated)
  std::vector<std::string> suite{};    // what the full suite runs
  std::string help{};                  // one line for --help and `benchbox list`
  // Human label of one value ("level 3", "canada.json"). Default: a case's only axis shows its
  // value as given ("2"); an axis among several shows "name value" ("threads 2").
  std::function<std::string(const AxisValue&)> describe{};
  // Set where a value may also be the path of the user's own file (a document to parse, a file to
  // compress): a value that is none of `choices` is then a path. The driver checks that it is a
  // readable, non-empty regular file and records its size and SHA-256 (user_file.hpp); this checks
  // its content, before anything runs: an error message, or nothing. The adapter receives the
  // absolute path; the value's label is the file's name.
  std::function<std::optional<std::string>(const std::filesystem::path&)> user_file{};
  // Set where a value may also be free text of the user's (a regex pattern): a value that is none
  // of `choices` is then taken as it is, commas included (unless every comma-separated piece is a
  // choice: a sweep), and this checks it: an error message, or nothing. The adapter receives it.
  std::function<std::optional<std::string>(const std::string&)> free_text{};
  bool named() const { return !choices.empty(); }
};

// One value per axis of a case, in the case's axis order: where a row is measured. The point is
// also its first axis's value (point.text, point.number): all that a case with one axis reads,
// so functions written for a AxisValue take a Point as they are.
struct Point : AxisValue {
  struct Axis {
    std::string name;
    AxisValue value;
  };
  std::vector<Axis> axes;

  Point() = default;
  Point(AxisValue only) : AxisValue(only), axes{{"", std::move(only)}} {}  // a one-axis point
  explicit Point(std::vector<Axis> all);

  // The value of the named axis, or nullptr.
  const AxisValue* find(std::string_view axis) const;
  // Identity across runs and files: the value as given for one axis ("2", "canada"), every axis
  // as name=value otherwise ("data=text,size=1000").
  std::string key() const;
  bool operator==(const Point& o) const { return key() == o.key(); }
};

// What an adapter said about how it runs a case (from `describe`). The limits are of the case's
// first axis.
struct CaseTraits {
  std::int64_t min_param = 0;
  std::int64_t max_param = -1;         // -1: no limit
  std::string max_param_reason;        // why max_param (empty: the notes say)
  std::uint64_t bytes_per_param = 0;   // memory per unit of the parameter (0: no check)
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
  Point point;        // the point (a one-axis case reads param.text, param.number)
  CaseTraits traits;  // the library's, with its variant's over them
  std::filesystem::path data_dir;  // <libexec>/<module>/data: the module's data sets
  std::string variant{};           // the library's variant this row runs ("3"), or empty
};

using Verifier = std::function<std::optional<std::string>(const CaseContext&, const TrialProof&)>;

struct CaseSpec {
  std::string id;           // "switch"
  std::string unit;         // what one operation is, plural as printed: "switches", "documents"
  std::string description{};  // one line for `benchbox list`
  // One line for `benchbox list` and the docs: what is inside the clock, and what is proven
  // outside it and how (docs/method.md, "What is timed").
  std::string timed{};
  AxisSpec param{};          // the case's axis, when it has one
  std::vector<AxisSpec> axes{};  // or its axes, when it has several (then `param` stays empty)
  // The full suite: the product of the axes' suite values, or these points when given (each one
  // value per axis, in axis order): {{"text", "1000"}, {"zeros", "65536"}}.
  std::vector<std::vector<std::string>> suite_points{};
  // The case's own figure (figure.hpp): ns per operation by default, or any figure the module
  // declares (a rate such as MB/s, a ratio, bytes, a score).
  FigureSpec figure = FigureSpec::time();
  // Further figures of every row (allocations, bytes per element, a compression ratio...).
  std::vector<FigureSpec> extra_figures{};
  // Named values of the first axis whose points report other further figures than extra_figures
  // (two conformance input sets, each scored by its own categories).
  std::map<std::string, std::vector<FigureSpec>> extra_figures_of{};
  // For a time figure, the rate shown beside it: the proof count `count` per second, divided by
  // `scale` ("bytes" per second / 1e6 = "MB/s"). Empty count: operations per second in the
  // case's unit. (A rate that is the case's figure itself: FigureSpec::rate.)
  struct Rate {
    std::string count{};
    double scale = 1;
    std::string unit{};
  } rate{};
  // The work is fixed: `fixed_ops` operations per trial, no calibration.
  std::optional<std::uint64_t> fixed_ops{};
  // The operations of calibration's first probe at a point (default 10): 1 where one operation
  // may last seconds (a whole file at a codec's strongest level); a round of N where every probe
  // process first builds an N-element structure, so that one probe, not four, pays for it.
  std::function<std::uint64_t(const Point&)> first_probe_ops{};
  // How the trials are spread: `once`, the figure is the same every time (a conformance score):
  // one trial in one process; `cold`, every trial in a fresh process without a warm-up (memory
  // an earlier trial freed would be reused and hide the cost), over the run's processes.
  enum class Trials { repeated, once, cold } trials = Trials::repeated;
  // More than 1: the case runs that many threads on as many CPUs (a producer and a consumer):
  // its adapter is not pinned to one CPU, and every report says so.
  unsigned cpus = 1;
  // The smallest honest operation count at least `ops` at this point (rounding to whole
  // rounds, a floor per coroutine...). Default: `ops` itself.
  std::function<std::uint64_t(const Point&, std::uint64_t ops)> legal_ops{};
  // A trial that legal_ops stretches far beyond the count wanted needs no warm-up before it: set
  // only where measured (its first trial in a process no slower than its second). Not for work
  // that faults in fresh memory (a map built from empty pays its page faults in the first trial).
  bool stretched_trial_warms_itself = false;
  // Why a point given on the command line means nothing (the user's own pattern with no file to
  // search): a usage error before anything runs, or nothing.
  std::function<std::optional<std::string>(const Point&)> refuse_point{};
  // Why this point cannot run on this machine at all (a data set not installed), or nothing.
  std::function<std::optional<std::string>(const Point&, const std::filesystem::path& data_dir)> unavailable{};
  // Returns an error message when the proof does not match what was asked.
  Verifier verify{};
  // Why this library's results at this point cannot be checked against the reference the verifier
  // holds (semantics the reference does not share: a leftmost-longest regex engine on a pattern of
  // the user's), or nothing. Asked only of a trial whose one problem is that `verify` failed; the
  // proof is there to keep what no semantics excuses (work not done) a failure. With a reason the
  // row is n/a with it and the difference: neither a number nor a failure for what is no bug.
  using Unverifiable = std::function<std::optional<std::string>(const CaseContext&, const TrialProof&)>;
  Unverifiable unverifiable{};
  // Reports rank the libraries over the case's points (rebar's rank: the geometric mean of each
  // one's ratio to the best library at every point it ran), for a case whose points are so many
  // pieces of alike work (the regex module's benchmarks), not a sweep of one quantity.
  bool ranked = false;
  // Human label of a point: "2 coroutines", "unbuffered", "canada.json". Default: the axes'
  // labels (AxisSpec::describe) joined by ", ".
  std::function<std::string(const Point&)> describe_point{};

  // The case's axes: `axes`, or `param` alone.
  std::span<const AxisSpec> axes const { return axes.empty() ? std::span<const AxisSpec>(&param, 1) : axes; }
  const AxisSpec* find_axis(std::string_view name) const;
  std::string label(const Point& p) const;
  const std::vector<FigureSpec>& extras(const Point& p) const {
    auto it = extra_figures_of.find(p.text);
    return it == extra_figures_of.end() ? extra_figures : it->second;
  }
  std::uint64_t round_ops(const Point& p, std::uint64_t ops) const { return legal_ops ? legal_ops(p, ops) : ops; }
  // Parses and checks a value of the first axis given on the command line; throws
  // std::invalid_argument.
  AxisValue parse_first(const std::string& text) const { return parse_axis(axes.front(), text); }
  AxisValue parse_axis(const AxisSpec& axis, const std::string& text) const;
  // A point from one text per axis, in axis order; throws std::invalid_argument.
  Point parse_point(const std::vector<std::string>& texts) const;
  // Every combination of the values given per axis (in axis order; the last axis varies fastest).
  std::vector<Point> product(const std::vector<std::vector<std::string>>& values_per_axis) const;
  // The full suite's points, checked (a module's typo fails here, with the case named).
  std::vector<Point> suite() const;
};

struct Module {
  std::string id;
  std::string description;
  // What the reference row (the module's floor) is a limit of, as the reports say under a table.
  std::string reference_note = "the limit of this case on this machine";
  // Processes (and repetitions, one per process) per row of the whole default suite when the user
  // gives neither: a module whose trials need heavy untimed set-up (building a 10^6-element map)
  // may ask for fewer, to keep its suite within its time budget.
  unsigned default_processes = kDriverDefaultProcesses;
  // The most processes a run of part of the default suite may grow to (processes_for). A module
  // whose points all cost about the same may allow more than the driver's default: its part runs
  // then stay within the suite's time and gain repeatability (json: 27).
  unsigned part_run_max_processes = kDriverDefaultProcesses;
  std::vector<CaseSpec> cases{};

  const CaseSpec* find_case(const std::string& case_id) const;
  // A run of part of the default suite spends the suite's time budget on more processes: its
  // default grows with the share of the suite's points left out, up to part_run_max_processes
  // (`hashmap -n find 1000000`, one point of 14: 9 processes a row where the suite runs 3).
  unsigned processes_for(std::size_t selected_points, std::size_t suite_points) const;
  static constexpr unsigned kDriverDefaultProcesses = 9;
};

// Registry of modules linked into this driver.
std::vector<const Module*>& modules();
const Module* find_module(const std::string& id);

struct ModuleRegistration {
  explicit ModuleRegistration(const Module& m);
};

}  // namespace benchbox
