// benchbox/module/case.hpp: one case of a module: its unit, figures, axes, suite and verification.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <benchbox/module/axis.hpp>
#include <benchbox/module/figure.hpp>
#include <benchbox/module/point.hpp>
#include <benchbox/module/verification.hpp>

namespace benchbox {

struct CaseSpec {
  std::string id;           // "switch"
  std::string unit;         // what one operation is, plural as printed: "switches", "documents"
  std::string description{};  // one line for `benchbox list`
  // One line for `benchbox list` and the docs: what is inside the clock, and what is proven
  // outside it and how (docs/method.md, "What is timed").
  std::string timed{};
  // The case's parameter axes, at least one (a number of coroutines; a data set and a block size).
  std::vector<AxisSpec> axes{};
  // The full suite: the product of the axes' suite values, or these points when given (each one
  // value per axis, in axis order): {{"text", "1000"}, {"zeros", "65536"}}.
  std::vector<std::vector<std::string>> suite_points{};
  // False: a case of the user's own work only (a program of theirs), with no value of benchbox's
  // to run: not in the full suite, and `-n CASE` needs its value. Its axes need no default or
  // suite values.
  bool in_suite = true;
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
  // Every library of the case computes one function (a hash algorithm): at each point all rows
  // must report the same checksum, decided when the run ends by which checksum most libraries give
  // (src/results/agreement.hpp), not by which row ran first.
  bool same_checksum = false;
  // Reports rank the libraries over the case's points (rebar's rank: the geometric mean of each
  // one's ratio to the best library at every point it ran), for a case whose points are so many
  // pieces of alike work (the regex module's benchmarks), not a sweep of one quantity.
  bool ranked = false;
  // With `ranked`: the name of an axis whose every value gets a rank of its own (the hashing
  // module's sizes: a rank over the algorithms at 16 B, another at 1 MiB). Empty: one rank.
  std::string rank_within{};
  // Human label of a point: "2 coroutines", "unbuffered", "canada.json". Default: the axes'
  // labels (AxisSpec::describe) joined by ", ".
  std::function<std::string(const Point&)> describe_point{};

  const AxisSpec* find_axis(std::string_view name) const;
  std::string label(const Point& p) const;
  const std::vector<FigureSpec>& extras(const Point& p) const {
    auto it = extra_figures_of.find(p.first().text);
    return it == extra_figures_of.end() ? extra_figures : it->second;
  }
  std::uint64_t round_ops(const Point& p, std::uint64_t ops) const { return legal_ops ? legal_ops(p, ops) : ops; }
  // Parses and checks a value of the first axis given on the command line; throws
  // std::invalid_argument.
  AxisValue parse_first(const std::string& text) const { return parse_axis(axes.front(), text); }
  AxisValue parse_axis(const AxisSpec& axis, const std::string& text) const;
  // A point from one text per axis, in axis order (optional axes at their default left out of
  // it); throws std::invalid_argument.
  Point parse_point(const std::vector<std::string>& texts) const;
  // The named axis's value at the point, or the axis's default where the point leaves an
  // optional axis out; throws std::invalid_argument for an axis the case does not have.
  AxisValue value_of(const Point& p, std::string_view axis) const;
  // The environment the adapter's processes of the point get from its axes' values (AxisSpec::env,
  // an optional axis left out at its default), in axis order.
  std::vector<std::pair<std::string, std::string>> environment(const Point& p) const;
  // The values of `-n CASE TEXT` when TEXT is one value the first (numeric) axis does not take and
  // the case's one optional axis does (`-n find dense`, `-n find my-keys.txt`, a comma-separated
  // sweep of them): one text per axis, the first axis's from AxisSpec::first_of or its default,
  // any other axis's its default. Nothing when TEXT holds a whole number (the first axis's, or a
  // mistake its parsing names). Throws std::invalid_argument for a value the axis refuses.
  std::optional<std::vector<std::string>> lone_value(const std::string& text) const;
  // The point of values given in axis order, as `benchbox trend -n CASE VALUES` names it: fewer
  // values than axes where the rest are optional (their defaults), or one lone value.
  Point point_of(std::vector<std::string> texts) const;
  // Every combination of the values given per axis (in axis order; the last axis varies fastest).
  std::vector<Point> product(const std::vector<std::vector<std::string>>& values_per_axis) const;
  // The full suite's points, checked (a module's typo fails here, with the case named); none for
  // a case not in_suite.
  std::vector<Point> suite() const;
  // Throws std::invalid_argument naming what is wrong with the declaration itself: no axis, an
  // axis without a name or range, a default or suite value outside its axis, a suite point of the
  // wrong arity, an optional axis first, before one that is not, or without one default value.
  // Called when the module registers, at program start.
  void check() const;
};

}  // namespace benchbox
