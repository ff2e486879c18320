#include "results/standing.hpp"

#include "results/pairing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace benchbox {

PairVerdict verdict_of(const Summary& ratio, bool noisy) {
  const double low = ratio.ci_low, high = ratio.ci_high;
  // Fewer than 5 rounds give no interval of 90% (3: min..max covers 75%): nothing is decided yet.
  if (ratio.ci_level < kLeastLevel && noisy) return PairVerdict::open;
  if (low > 1 + kNoiseFloor) return PairVerdict::different;
  if (low >= 1 / (1 + kTieBand) && high <= 1 + kTieBand) return PairVerdict::tied;
  return PairVerdict::open;
}

namespace {

// How many times worse `worse` is than `better`, for one pair of values (>= 1 when it is worse).
double worse_over_better(const FigureSpec& f, double better, double worse) { return f.lower_is_better ? worse / better : better / worse; }

}  // namespace

std::optional<std::vector<double>> paired_ratios(const Measurement& better, const Measurement& worse) {
  // One value per process, in rounds both can name (pairing.hpp).
  if (better.values.size() != better.processes || worse.values.size() != worse.processes || !rounds_known(better, worse))
    return std::nullopt;
  const auto theirs = values_by_round(better);
  std::vector<double> ratios;
  for (const auto& [round, w] : values_by_round(worse)) {
    const auto b = theirs.find(round);
    if (b != theirs.end() && b->second > 0 && w > 0) ratios.push_back(worse_over_better(better.figure, b->second, w));
  }
  if (ratios.size() < 2) return std::nullopt;
  return ratios;
}

namespace {

// A ratio known exactly: its median, and its interval the same.
Summary exact_ratio(double r) {
  Summary s;
  s.n = 1, s.median = s.ci_low = s.ci_high = r, s.ci_level = 1;
  return s;
}

// Two rows without rounds in common: their medians' intervals, every corner of the two.
Summary unpaired_ratio(const FigureSpec& f, const Summary& b, const Summary& w) {
  Summary r;
  r.n = std::min(b.n, w.n);
  r.ci_level = std::min(b.ci_level, w.ci_level);
  r.median = worse_over_better(f, b.median, w.median);
  r.ci_low = r.ci_high = r.median;
  for (double x : {b.ci_low, b.ci_high})
    for (double y : {w.ci_low, w.ci_high}) {
      const double corner = worse_over_better(f, x, y);
      r.ci_low = std::min(r.ci_low, corner), r.ci_high = std::max(r.ci_high, corner);
    }
  return r;
}

}  // namespace

PairJudgement judge_pair(const Measurement& better, const Measurement& worse) {
  PairJudgement j;
  const FigureSpec& f = better.figure;
  const double b = better.summary.median, w = worse.summary.median;
  // Exact figures, single values of a figure not from the clock (a conformance score), and zeros
  // (a ratio to 0 says nothing of a spread): equal, or not.
  const bool single = !f.noisy_clock() && better.summary.n == 1 && worse.summary.n == 1;
  if (f.deterministic() || single || !(b > 0) || !(w > 0)) {
    j.ratio = exact_ratio(b > 0 && w > 0 ? worse_over_better(f, b, w) : b == w ? 1 : 0);
    j.verdict = b == w ? PairVerdict::tied : PairVerdict::different;
    return j;
  }
  if (auto ratios = paired_ratios(better, worse)) {
    j.ratio = summarize(std::move(*ratios));
  } else {
    j.paired = false;
    j.ratio = unpaired_ratio(f, better.summary, worse.summary);
  }
  j.verdict = verdict_of(j.ratio, f.noisy_clock());
  return j;
}

double rounds_to_decide(const Summary& ratio) {
  if (ratio.ci_level < kLeastLevel || !(ratio.ci_low > 0) || !(ratio.median > 0)) return 0;
  const double m = std::log(ratio.median), half = (std::log(ratio.ci_high) - std::log(ratio.ci_low)) / 2;
  // The half-width that decides it: the interval inside ±kTieBand, or wholly beyond the floor.
  const double wanted = std::max(std::log(1 + kTieBand) - std::abs(m), m - std::log(1 + kNoiseFloor));
  if (wanted <= 0) return std::numeric_limits<double>::infinity();
  return static_cast<double>(ratio.n) * (half / wanted) * (half / wanted);
}

std::string rank_text(const Measurement& m) {
  if (m.standing.rank == 0) return "-";
  return std::to_string(m.standing.rank) + (m.standing.shared ? "=" : "");
}

namespace {

double half_width(const Summary& s) { return s.median > 0 ? (s.ci_high - s.ci_low) / (2 * s.median) : 0; }

std::string ratio_text(const Summary& s) { return fmt::format("{:.3f} ({:.3f}..{:.3f})", s.median, s.ci_low, s.ci_high); }

// A row no tie question holds open: its ratio to the best row (the `relative` column) must be known
// to ±kTieBand; a row alone at its point, or without rounds shared with the best, its own median.
void judge_against_best(Measurement& m, const Measurement* best, bool alone) {
  if (m.figure.deterministic()) return;
  if (best && best != &m)
    if (auto ratios = paired_ratios(*best, m)) m.standing.to_best = summarize(std::move(*ratios));
  // The best row is 1.00x by definition; alone, its figure is all its table says.
  const double known = m.standing.to_best ? half_width(*m.standing.to_best) : best == &m && !alone ? 0 : m.uncertainty();
  if (known <= kTieBand) return;
  m.standing.open = true;
  // A row ranked with a neighbour: its ratio to the best moves nothing the shared rank does not say.
  m.standing.marked = !m.standing.shared;
  const double n = static_cast<double>(m.standing.to_best ? m.standing.to_best->n : m.summary.n);
  m.standing.rounds_to_decide = n * (known / kTieBand) * (known / kTieBand);
  m.standing.why = m.standing.to_best ? fmt::format("its ratio to the best, {:.2f}x, known only to ±{:.0f}%",
                                                    m.standing.to_best->median, 100 * known)
                                      : fmt::format("its median known only to ±{:.0f}%", 100 * known);
}

}  // namespace

void set_standings(const std::vector<Measurement*>& rows) {
  std::vector<Measurement*> ok;
  for (auto* m : rows) {
    m->standing = {};
    if (m->ok() && m->summary.n > 0) ok.push_back(m);
  }
  std::stable_sort(ok.begin(), ok.end(), [](const Measurement* a, const Measurement* b) { return a->figure.better(a->summary.median, b->summary.median); });
  std::vector<Measurement*> ranked;
  for (auto* m : ok)
    if (!m->reference) ranked.push_back(m);
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    Measurement& m = *ranked[i];
    m.standing.rank = static_cast<unsigned>(i + 1);
    if (i == 0) continue;
    Measurement& prev = *ranked[i - 1];
    const PairJudgement j = judge_pair(prev, m);
    if (j.verdict != PairVerdict::different) {  // a tie, or not yet known: one rank
      m.standing.rank = prev.standing.rank;
      m.standing.shared = prev.standing.shared = true;
    }
    if (j.verdict != PairVerdict::open) continue;
    const double rounds = rounds_to_decide(j.ratio);
    for (auto [row, other] : {std::pair{&prev, &m}, std::pair{&m, &prev}}) {
      // Not told apart is what the shared rank says; the claim is unsure only without an interval.
      row->standing.marked = row->standing.marked || (j.ratio.ci_level < kLeastLevel && m.figure.noisy_clock());
      row->standing.rounds_to_decide = row->standing.open ? std::min(row->standing.rounds_to_decide, rounds) : rounds;
      row->standing.open = true;
      row->standing.why += fmt::format("{}tie with {} undecided: ratio {}", row->standing.why.empty() ? "" : "; ",
                                       other->row_name(), ratio_text(j.ratio));
    }
  }
  Measurement* best = ok.empty() ? nullptr : ok.front();
  for (auto* m : ok) {
    if (m->standing.open) continue;
    judge_against_best(*m, best, ok.size() == 1);
    if (m->standing.open && m != best) best->standing.pairs_open = true;
  }
}

void set_standings(Results& results) {
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<Measurement*>> points;
  for (auto& m : results.measurements) points[{m.module, m.case_id, m.point.key()}].push_back(&m);
  for (auto& [key, rows] : points) set_standings(rows);
}

}  // namespace benchbox
