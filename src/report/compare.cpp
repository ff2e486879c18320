#include "report/compare.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "report/context.hpp"
#include "report/numbers.hpp"
#include "results/machine.hpp"
#include "results/pairing.hpp"
#include "results/standing.hpp"
#include "results/statistics.hpp"

namespace benchbox {

bool Comparison::regression() const {
  for (const auto& r : rows)
    if (r.regression) return true;
  for (const auto& u : unmatched)
    if (u.lost) return true;
  return false;
}

namespace {

bool same_row(const Measurement& a, const Measurement& b) {
  return std::tie(a.module, a.case_id, a.library, a.variant) == std::tie(b.module, b.case_id, b.library, b.variant) &&
         a.point == b.point;
}

std::string state(const Measurement* m) {
  if (!m) return "absent";
  switch (m->status) {
    case Status::ok: return m->verified ? "ok" : "ok (not verified)";
    case Status::failed: return "failed: " + m->reason;
    case Status::not_applicable: return "n/a: " + m->reason;
    case Status::unavailable: return "not available: " + m->reason;
  }
  return "";
}

UnmatchedRow unmatched(const Measurement& m, const Measurement* old_row, const Measurement* new_row) {
  return {m.module, m.case_id, m.param_label, m.row_name(), state(old_row), state(new_row)};
}

// The row's ratio to the geometric mean of the case's other rows at its point, round by round
// (ratios_to_others). The reference row is not paired: its change is the machine's (compare_results).
std::optional<std::vector<double>> round_ratios(const Measurement& m, const Results& file) {
  if (m.reference || !m.figure.timed()) return std::nullopt;
  std::vector<const Measurement*> rows;
  for (const auto& o : file.measurements) rows.push_back(&o);  // ratios_to_others keeps m's point's
  return ratios_to_others(m, rows);
}

// A row in every run of one side: its measurement and the file it came from, run by run.
struct RowRuns {
  std::vector<const Measurement*> rows;
  std::vector<const Results*> files;
  const Measurement& first() const { return *rows.front(); }
  std::vector<double> values() const {
    std::vector<double> all;
    for (const auto* m : rows) all.insert(all.end(), m->values.begin(), m->values.end());
    return all;
  }
  // Every run's round ratios (round_ratios), run after run; none unless every run has them.
  std::optional<std::vector<std::vector<double>>> ratios() const {
    std::vector<std::vector<double>> per_run;
    for (std::size_t k = 0; k < rows.size(); ++k) {
      auto r = round_ratios(*rows[k], *files[k]);
      if (!r) return std::nullopt;
      per_run.push_back(std::move(*r));
    }
    return per_run;
  }
};

std::vector<double> joined(const std::vector<std::vector<double>>& runs) {
  std::vector<double> all;
  for (const auto& r : runs) all.insert(all.end(), r.begin(), r.end());
  return all;
}

// Whether every run of one side lies beyond every run of the other (each run summarised by the
// median of what is judged): with several runs, a row that moved in one run only (the host's
// doing, as between two runs of one build) is not called, while a change of code moves every run.
bool runs_separated(const std::vector<double>& old_levels, const std::vector<double>& new_levels) {
  const auto [old_low, old_high] = std::minmax_element(old_levels.begin(), old_levels.end());
  const auto [new_low, new_high] = std::minmax_element(new_levels.begin(), new_levels.end());
  return *old_high < *new_low || *new_high < *old_low;
}

// A side's rank of the row: one text when its runs agree, "2=/3" when they do not.
std::string ranks_of(const RowRuns& side) {
  std::vector<std::string> ranks;
  for (const auto* m : side.rows) ranks.push_back(rank_text(*m));
  if (std::all_of(ranks.begin(), ranks.end(), [&](const std::string& x) { return x == ranks.front(); })) return ranks.front();
  return fmt::format("{}", fmt::join(ranks, "/"));
}

// Exact counts (instructions under Callgrind) are the same on every run of the same code: their
// relative change is the verdict, with no rank test (one value against one can never be
// significant). Timed figures go through the U test, on the rounds' paired ratios where both
// sides have them (the host's slow and fast periods cancel), on the repetitions otherwise, pooled
// over a side's runs.
ComparedRow compared(const RowRuns& old_side, const RowRuns& new_side, const CompareOptions& opt) {
  const Measurement& o = old_side.first();
  ComparedRow r;
  r.module = o.module;
  r.case_id = o.case_id;
  r.param_label = o.param_label;
  r.unit = o.unit;
  r.library = o.row_name();
  r.reference = o.reference;
  r.figure = o.figure;
  r.point = o.point;
  r.cpus = o.cpus;
  r.old_rank = ranks_of(old_side);
  r.new_rank = ranks_of(new_side);
  const auto old_values = old_side.values(), new_values = new_side.values();
  r.old_median = median_of(old_values);
  r.new_median = median_of(new_values);
  r.change = r.old_median != 0 ? (r.new_median - r.old_median) / r.old_median : 0;
  r.old_reps = old_values.size();
  r.new_reps = new_values.size();
  r.old_runs = old_side.rows.size();
  r.new_runs = new_side.rows.size();
  double judged = r.change;
  const auto old_ratios = old_side.ratios(), new_ratios = new_side.ratios();
  if (old_ratios && new_ratios) {
    const double before = median_of(joined(*old_ratios)), after = median_of(joined(*new_ratios));
    if (before > 0) r.ratio_change = (after - before) / before;
  }
  std::vector<double> old_levels, new_levels;  // each run's median of what is judged
  if (r.ratio_change && !opt.medians_only) {
    r.by_ratio = true;
    judged = *r.ratio_change;
    r.p = mann_whitney_p(joined(*old_ratios), joined(*new_ratios));
    for (const auto& run : *old_ratios) old_levels.push_back(median_of(run));
    for (const auto& run : *new_ratios) new_levels.push_back(median_of(run));
  } else if (!o.figure.deterministic()) {
    r.p = mann_whitney_p(old_values, new_values);
    for (const auto* m : old_side.rows) old_levels.push_back(m->summary.median);
    for (const auto* m : new_side.rows) new_levels.push_back(m->summary.median);
  }
  if (r.old_runs + r.new_runs > 2 && r.p) r.runs_separated = runs_separated(old_levels, new_levels);
  r.worse = o.figure.lower_is_better ? judged : -judged;
  r.verified = std::all_of(old_side.rows.begin(), old_side.rows.end(), [](auto* m) { return m->verified; }) &&
               std::all_of(new_side.rows.begin(), new_side.rows.end(), [](auto* m) { return m->verified; });
  return r;
}

// Benjamini-Hochberg: each row's p-value adjusted for the number of rows tested at once, so that
// among the rows called better or worse at most `alpha` of them are expected to be false alarms
// (a hundred rows at p < 0.05 each called about five of them by chance alone).
void adjust_for_many_rows(std::vector<ComparedRow>& rows) {
  std::vector<ComparedRow*> tested;
  for (auto& r : rows)
    if (r.p) tested.push_back(&r);
  std::sort(tested.begin(), tested.end(), [](const ComparedRow* a, const ComparedRow* b) { return *a->p < *b->p; });
  double smallest_after = 1;
  for (std::size_t i = tested.size(); i-- > 0;) {
    const double scaled = *tested[i]->p * static_cast<double>(tested.size()) / static_cast<double>(i + 1);
    smallest_after = std::min(smallest_after, scaled);
    tested[i]->q = smallest_after;
  }
}

void judge(ComparedRow& r, const CompareOptions& opt) {
  const double judged = r.by_ratio ? *r.ratio_change : r.change;
  const bool significant = r.exact() || (*r.q < opt.alpha && r.runs_separated.value_or(true));
  if (!r.exact() && *r.q >= opt.alpha) r.why = fmt::format("q >= {:g}", opt.alpha);
  else if (!significant) r.why = "runs overlap";
  else if (std::fabs(judged) < opt.noise_floor)
    r.why = fmt::format("|{}| < {:g}%", r.by_ratio ? "vs others chg" : "change", 100 * opt.noise_floor);
  else r.verdict = r.worse > 0 ? Verdict::worse : Verdict::better;
  // The rule of --fail-on-regression stands on its own (it does not go through the noise floor).
  r.regression = opt.fail_on_regression && r.verified && significant && r.worse > *opt.fail_on_regression;
}

bool same_build_of(const nlohmann::json& a, const nlohmann::json& b) {
  for (const char* key : {"benchbox_revision", "build_type", "compiler", "cxx_flags"}) {
    const auto x = a.find(key), y = b.find(key);
    if (x == a.end() || y == b.end() || *x != *y) return false;
  }
  // Recorded since 2026-12-05 only: absent from both files is no difference (the writer never
  // stores null for them).
  for (const char* key : {"library_flags", "adapter_flags"})
    if (a.value(key, nlohmann::json()) != b.value(key, nlohmann::json())) return false;
  return true;
}

// The row `like` in each of `runs`: none when a run lacks it.
std::optional<RowRuns> find_in_runs(const Measurement& like, const std::vector<Results>& runs) {
  RowRuns found;
  for (const auto& file : runs) {
    const Measurement* hit = nullptr;
    for (const auto& m : file.measurements)
      if (same_row(like, m)) hit = &m;
    if (!hit) return std::nullopt;
    found.rows.push_back(hit);
    found.files.push_back(&file);
  }
  return found;
}

bool all_ok(const RowRuns& side) {
  return std::all_of(side.rows.begin(), side.rows.end(), [](const Measurement* m) { return m->ok(); });
}

// "hashmap find, insert": what a side's results files hold, for the message when nothing compares.
std::string modules_of(const std::vector<Results>& side) {
  std::vector<std::string> seen;
  for (const auto& file : side)
    for (const auto& m : file.measurements)
      if (std::find(seen.begin(), seen.end(), m.module + " " + m.case_id) == seen.end()) seen.push_back(m.module + " " + m.case_id);
  return seen.empty() ? "no rows" : fmt::format("{}", fmt::join(seen, ", "));
}

// The row of a side to show when the row is not compared: its first run that is not ok, else its first.
const Measurement* shown_row(const std::optional<RowRuns>& side) {
  if (!side) return nullptr;
  for (const auto* m : side->rows)
    if (!m->ok()) return m;
  return side->rows.front();
}

bool comparable(const RowRuns& old_side, const RowRuns& new_side) {
  const auto& figure = old_side.first().figure.id;
  for (const auto* side : {&old_side, &new_side})
    for (const auto* m : side->rows)
      if (!m->ok() || m->figure.id != figure) return false;
  return true;
}

bool same_build_everywhere(const std::vector<Results>& old_runs, const std::vector<Results>& new_runs) {
  for (const auto* side : {&old_runs, &new_runs})
    for (const auto& file : *side)
      if (!same_build_of(old_runs.front().context, file.context)) return false;
  return true;
}

}  // namespace

Comparison compare_results(const Results& old_results, const Results& new_results, const CompareOptions& opt) {
  return compare_runs({old_results}, {new_results}, opt);
}

Comparison compare_runs(const std::vector<Results>& old_runs, const std::vector<Results>& new_runs, const CompareOptions& opt) {
  if (old_runs.empty() || new_runs.empty()) throw std::invalid_argument("compare: each side needs a results file");
  Comparison c;
  c.old_machine = machine_label(old_runs.front().context);
  c.new_machine = machine_label(new_runs.front().context);
  // Two machines of one name and description (another core count): told apart by their fingerprint.
  if (const auto o = machine_of(old_runs.front().context), n = machine_of(new_runs.front().context);
      c.old_machine == c.new_machine && o.fingerprint != n.fingerprint)
    c.old_machine += " [" + o.fingerprint + "]", c.new_machine += " [" + n.fingerprint + "]";
  c.old_runs = old_runs.size();
  c.new_runs = new_runs.size();
  auto in_some_new_run = [&](const Measurement& o) {
    return std::any_of(new_runs.begin(), new_runs.end(), [&](const Results& file) {
      return std::any_of(file.measurements.begin(), file.measurements.end(), [&](const Measurement& m) { return same_row(o, m); });
    });
  };
  for (const auto& o : old_runs.front().measurements) {
    const auto old_side = find_in_runs(o, old_runs), new_side = find_in_runs(o, new_runs);
    if (old_side && new_side && comparable(*old_side, *new_side)) {
      c.rows.push_back(compared(*old_side, *new_side, opt));
      continue;
    }
    const Measurement* n = shown_row(new_side);
    UnmatchedRow u = unmatched(o, old_side ? shown_row(old_side) : &o, n);
    u.lost = opt.fail_on_regression && old_side && all_ok(*old_side) && (!new_side || !all_ok(*new_side));
    if (!old_side) u.old_state = "absent from one of the old runs";
    else if (!new_side && in_some_new_run(o)) u.new_state = "absent from one of the new runs";
    else if (n && o.ok() && n->ok() && o.figure.id != n->figure.id)  // time against instructions
      u.old_state = "ok (" + o.figure.label + ")", u.new_state = "ok (" + n->figure.label + "): different figures";
    c.unmatched.push_back(u);
  }
  if (c.rows.empty())
    c.nothing_compared = "no row is ok in both sides with the same figure (old: " + modules_of(old_runs) +
                         "; new: " + modules_of(new_runs) + ")";
  // The reference row's change is the machine's only when every file comes from the same build:
  // otherwise a change common to every row (compiler, flags, benchbox itself) would pass unseen.
  const bool same_build = same_build_everywhere(old_runs, new_runs);
  adjust_for_many_rows(c.rows);
  for (auto& r : c.rows) judge(r, opt);
  for (auto& ref : c.rows) {
    const bool paired = std::any_of(c.rows.begin(), c.rows.end(), [&](const ComparedRow& r) {
      return r.by_ratio && std::tie(r.module, r.case_id) == std::tie(ref.module, ref.case_id) && r.point == ref.point;
    });
    if (paired && ref.reference && same_build) ref.machine_change = true, ref.regression = false;
  }
  for (const auto& n : new_runs.front().measurements) {
    bool in_old = false;
    for (const auto& o : old_runs.front().measurements) in_old = in_old || same_row(o, n);
    if (!in_old) c.unmatched.push_back(unmatched(n, nullptr, &n));
  }
  return c;
}

namespace {

// The rows one side has and the other has not, or that are not verified on both sides.
std::string not_compared(const std::vector<UnmatchedRow>& unmatched) {
  std::string out;
  if (unmatched.empty()) return out;
  out += "\nNot compared:\n";
  auto brief = [](const std::string& s) { return s.size() > 90 ? s.substr(0, 87) + "..." : s; };
  for (const auto& u : unmatched) {
    const std::string states = u.old_state == u.new_state ? brief(u.old_state) + " (both)"
                                                          : "old " + brief(u.old_state) + "; new " + brief(u.new_state);
    out += fmt::format("  {} {}, {}, {}: {}{}\n", u.module, u.case_id, u.param_label, u.library, states,
                       u.lost ? "  REGRESSION (ran before, not now)" : "");
  }
  return out;
}

// What the columns and verdicts mean, with this comparison's thresholds.
std::string legend(const Comparison& c, const CompareOptions& opt) {
  return fmt::format(
      "\nrank: the row's place among its case's rows, old->new where it moved (2=: a shared rank, the rows not told "
      "apart in that run; a side's runs joined by / where they differ).\nVerdicts: two-sided Mann-Whitney U test over the rounds' paired ratios where paired chg is shown, over the "
      "repetitions otherwise (exact counts: their change alone); q-value: the p-value adjusted for every row compared "
      "at once (Benjamini-Hochberg: of the rows called better or worse, a fraction {0:g} at most is expected to be false "
      "alarms); "
      "\"unchanged\" when q >= {0:g} or the judged change is below {1:g}% (noise floor). paired chg: the change of the "
      "row's ratio to the geometric mean of the case's other rows in the same round (median over rounds); {2}. The "
      "reference row itself is never a regression when both files come from the same build (revision, compiler, "
      "flags): its change is then the machine's.{3}{4}\n",
      opt.alpha, 100 * opt.noise_floor,
      opt.medians_only ? "shown only: --medians judges by the medians"
                       : "where it is shown, the verdict and p stand on it: it cancels what the host did in "
                         "each round (--medians: judge by the medians)",
      opt.fail_on_regression
          ? fmt::format(" Regression: a verified row worse by more than {:g}% (with q < {:g}, or exactly for counts), "
                        "or a row ok in the old file(s) that failed, was skipped or is absent in the new.",
                        100 * *opt.fail_on_regression, opt.alpha)
          : "",
      c.old_runs + c.new_runs > 2
          ? " Several runs per side: the repetitions (or paired ratios) are pooled over a side's runs, and a row is "
            "called only when every run of one side lies beyond every run of the other (else \"runs overlap\")."
          : "");
}

}  // namespace

std::string render_comparison(const Comparison& c, const CompareOptions& opt) {
  auto runs = [](std::size_t n) { return n > 1 ? fmt::format(" ({} runs)", n) : std::string(); };
  std::string out = fmt::format("old: {}{}\nnew: {}{}\n", c.old_machine, runs(c.old_runs), c.new_machine, runs(c.new_runs));
  if (c.old_machine != c.new_machine)
    out += "note: the files come from different machines: differences are the machines' as much as the code's\n";
  std::string heading;
  for (const auto& r : c.rows) {
    const std::string h = fmt::format("== {} {}, {}{} ==", r.module, r.case_id, r.param_label,
                                      r.cpus > 1 ? fmt::format(" (unpinned, {} CPUs)", r.cpus) : "");
    if (h != heading) {
      heading = h;
      out += fmt::format("\n{} ({}, {})\n{:<16} {:>9} {:>12} {:>12} {:>9} {:>11} {:>9} {:>9}  {}\n", h, r.figure.label,
                         r.figure.direction(), "library", "rank", fmt::format("old {}", r.figure.label),
                         fmt::format("new {}", r.figure.label), "change", "paired chg", "p-value", "q-value", "verdict");
    }
    std::string verdict = to_string(r.verdict);
    if (!r.why.empty()) verdict += " (" + r.why + ")";
    if (r.regression) verdict += "  REGRESSION";
    if (r.machine_change) verdict += "  (the reference: the machine's change)";
    if (!r.verified) verdict += "  [not verified]";
    const std::string rank = r.old_rank == r.new_rank ? r.new_rank : r.old_rank + "->" + r.new_rank;
    out += fmt::format("{:<16} {:>9} {:>12} {:>12} {:>+8.1f}% {:>11} {:>9} {:>9}  {}\n", r.library, rank, format_value(r.old_median),
                       format_value(r.new_median), 100 * r.change,
                       r.ratio_change ? fmt::format("{:+.1f}%", 100 * *r.ratio_change) : "-",
                       r.p ? fmt::format("{:.3f}", *r.p) : "exact", r.q ? fmt::format("{:.3f}", *r.q) : "exact", verdict);
  }
  out += not_compared(c.unmatched);
  out += legend(c, opt);
  if (c.old_runs == 1 && c.new_runs == 1)
    out += "note: one run per side: the host can shift a row between two runs of one build by more than its own "
           "interval (up to 13% seen here, docs/measurement.md); give several runs per side (OLD1,OLD2,OLD3 "
           "NEW1,NEW2,NEW3) before acting on a verdict\n";
  return out;
}

}  // namespace benchbox
