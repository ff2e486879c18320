#include "report/reporter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <cmath>
#include <map>
#include <stdexcept>
#include <tuple>

#include "results/standing.hpp"

namespace benchbox {

std::unique_ptr<Reporter> make_text_reporter(const ReportOptions&);
std::unique_ptr<Reporter> make_json_reporter(const ReportOptions&);
std::unique_ptr<Reporter> make_markdown_reporter(const ReportOptions&);
std::unique_ptr<Reporter> make_csv_reporter(const ReportOptions&);
std::unique_ptr<Reporter> make_gbench_reporter(const ReportOptions&);
std::unique_ptr<Reporter> make_github_action_reporter(const ReportOptions&);
std::unique_ptr<Reporter> make_github_action_bigger_reporter(const ReportOptions&);
std::unique_ptr<Reporter> make_svg_reporter(const ReportOptions&);
std::unique_ptr<Reporter> make_html_reporter(const ReportOptions&);

namespace {
using Factory = std::unique_ptr<Reporter> (*)(const ReportOptions&);
const std::map<std::string, Factory, std::less<>>& factories() {
  static const std::map<std::string, Factory, std::less<>> all = {
      {"text", make_text_reporter},
      {"json", make_json_reporter},
      {"md", make_markdown_reporter},
      {"csv", make_csv_reporter},
      {"gbench", make_gbench_reporter},
      {"github-action", make_github_action_reporter},
      {"github-action-bigger", make_github_action_bigger_reporter},
      {"svg", make_svg_reporter},
      {"html", make_html_reporter},
  };
  return all;
}
}  // namespace

std::vector<std::string> reporter_formats() {
  std::vector<std::string> names;
  for (const auto& [name, f] : factories()) names.push_back(name);
  return names;
}

std::unique_ptr<Reporter> make_reporter(std::string_view format, const ReportOptions& options) {
  auto it = factories().find(format);
  if (it == factories().end()) {
    std::string known;
    for (const auto& n : reporter_formats()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown format '" + std::string(format) + "' (formats: " + known + ")");
  }
  return it->second(options);
}

const Measurement* CaseGroup::best() const {
  const Measurement* best = nullptr;
  for (const auto* m : rows)
    if (m->ok() && (!best || m->figure.better(m->summary.median, best->summary.median))) best = m;
  return best;
}

const Measurement* CaseGroup::reference() const {
  for (const auto* m : rows)
    if (m->ok() && m->reference) return m;
  return nullptr;
}

double CaseGroup::relative(const Measurement& m) const {
  const Measurement* b = best();
  return b ? m.figure.relative_to(b->summary.median, m.summary.median) : 1.0;
}

std::string CaseGroup::vs_reference(const Measurement& m) {
  return m.ok() && m.reference_ratio ? fmt::format("{:.2f}x", m.reference_ratio->median) : "-";
}

// The robust figures of the group's rows of `figure_id` that have a positive one.
std::vector<double> CaseGroup::robust_figures(const std::string& figure_id) const {
  std::vector<double> out;
  for (const auto* r : rows)
    if (const auto q = r->robust(); q && q->value > 0 && r->figure.id == figure_id) out.push_back(q->value);
  return out;
}

std::optional<double> CaseGroup::vs_mean(const Measurement& m) const {
  const auto mine = m.robust();
  if (!mine || mine->value <= 0) return std::nullopt;
  const auto all = robust_figures(m.figure.id);
  if (all.size() < 2) return std::nullopt;
  double log_sum = 0;
  for (double v : all) log_sum += std::log(v);
  return mine->value / std::exp(log_sum / static_cast<double>(all.size()));
}

std::string CaseGroup::vs_mean_text(const Measurement& m) const {
  const auto v = vs_mean(m);
  if (!v) return "-";
  // Three significant digits: a case's rows may span 1000x, and 0.03x would hide 0.0294 vs 0.0303.
  if (*v < 0.001) return "<0.001x";
  return *v >= 99.95 ? fmt::format("{:.0f}x", *v) : fmt::format("{:#.3g}x", *v);
}

std::vector<FigureSpec> CaseGroup::extra_figures() const {
  std::vector<FigureSpec> out;
  for (const auto* m : rows)
    for (const auto& e : m->extra_figures)
      if (std::none_of(out.begin(), out.end(), [&](const FigureSpec& f) { return f.id == e.spec.id; })) out.push_back(e.spec);
  return out;
}

const FigureSpec* CaseGroup::trade_off() const {
  for (const auto* m : rows)
    for (const auto& e : m->extra_figures)
      if (e.spec.trade_off) return &e.spec;
  return nullptr;
}

bool CaseGroup::on_frontier(const Measurement& m) const {
  const FigureSpec* t = trade_off();
  // The reference row (a copy, ratio 1) is a limit, not a choice: neither on the frontier nor hiding a row from it.
  // A row that trades nothing (a codec storing its input) is not a choice on the frontier either.
  auto trades = [t](const FigureValues* v) { return v && (!t->trades_nothing_at || t->better(v->summary.median, *t->trades_nothing_at)); };
  const FigureValues* mine = t && m.ok() && !m.reference ? m.extra(t->id) : nullptr;
  if (!trades(mine)) return false;
  auto no_worse = [](const FigureSpec& f, double a, double b) { return !f.better(b, a); };  // a at least as good as b
  for (const auto* o : rows) {
    const FigureValues* theirs = o != &m && o->ok() && !o->reference ? o->extra(t->id) : nullptr;
    if (!trades(theirs)) continue;
    const double speed = o->summary.median, trade = theirs->summary.median;
    if (no_worse(figure, speed, m.summary.median) && no_worse(*t, trade, mine->summary.median) &&
        (figure.better(speed, m.summary.median) || t->better(trade, mine->summary.median)))
      return false;  // dominated
  }
  return true;
}

std::string CaseGroup::cpus_note() const { return cpus > 1 ? fmt::format(" (unpinned, {} CPUs)", cpus) : ""; }

std::string CaseGroup::cpus_legend() const {
  return cpus > 1 ? fmt::format("unpinned, {0} CPUs: the case runs its threads on {0} CPUs; its adapter is not pinned to one", cpus)
                  : "";
}

std::string CaseGroup::robust_title() const {
  return figure.noisy_clock() ? (figure.lower_is_better ? "lower q." : "upper q.") : "robust";
}

std::string CaseGroup::robust_legend() const {
  if (!figure.noisy_clock()) return "robust: none, the figure is not timed";
  return fmt::format("{}: the robust figure, the {} quartile of the repetitions (noise only ever slows; "
                     "docs/measurement.md), ± half-width of its order-statistic interval",
                     robust_title(), figure.lower_is_better ? "lower" : "upper");
}

std::string CaseGroup::unstable_legend() {
  return fmt::format("~: unsure where it matters: too few rounds for an interval to say whether it and the row beside it "
                     "differ, or, ranked alone, its ratio to the best known only to worse than ±{:.0f}%, when the run ended",
                     100 * kTieBand);
}

std::string CaseGroup::tie_legend() {
  return fmt::format("= after a rank (2=): a shared rank: the row and the one above it are not told apart (their ratio, paired "
                     "round by round, does not lie more than {:.0f}% beyond 1 over its whole 95% interval; tied when that "
                     "interval stays within ±{:.0f}%, the warnings name the pairs where it does not); ranked apart, they differ",
                     100 * kNoiseFloor, 100 * kTieBand);
}

std::string CaseGroup::vs_mean_legend() const {
  if (!figure.noisy_clock()) return "vs mean: none, the figure is not timed";
  const std::size_t n = robust_figures(figure.id).size();
  if (n < 2) return "vs mean: none, fewer than two rows with a number";
  const std::string q = figure.lower_is_better ? "lower quartile" : "upper quartile";
  return fmt::format("vs mean: the row's {0} over the geometric mean of the {1} rows' {0}s here ({2} 1: better than "
                     "that mean; compare it between runs of the same rows)",
                     q, n, figure.lower_is_better ? "below" : "above");
}

std::string summary_note(const FigureSpec& f) { return f.exact() ? "exact, the same in every trial" : ""; }

namespace {

// "9 first, up to 23 for the open questions; budget 180 s, 142 s used; stopped: every question decided".
std::string rounds_note(const nlohmann::json& context) {
  const auto r = context.find("rounds");
  if (r == context.end() || !r->is_object()) return "";
  const unsigned first = r->value("first", 0u), rounds = r->value("rounds", 0u);
  const auto budget = r->find("budget_seconds");
  return fmt::format("{} first{}{}; stopped: {}", first, rounds > first ? fmt::format(", up to {} for the open questions", rounds) : "",
                     budget != r->end() && budget->is_number()
                         ? fmt::format("; budget {} s, {:.0f} s used", budget->get<double>(), r->value("seconds", 0.0))
                         : "",
                     r->value("stopped", std::string("?")));
}

}  // namespace

std::vector<CaseGroup> group_by_case(const Results& results, RowOrder order) {
  std::vector<CaseGroup> groups;
  for (const auto& m : results.measurements) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const CaseGroup& g) {
      return g.module == m.module && g.case_id == m.case_id && g.point == m.point;
    });
    if (it == groups.end()) {
      groups.push_back({m.module, m.case_id, m.unit, m.param_label, m.point, m.figure, {}, {}, {}, {}, m.cpus});
      it = groups.end() - 1;
      if (auto notes = results.context.find("reference_notes"); notes != results.context.end() && notes->is_object())
        if (auto note = notes->find(m.module); note != notes->end() && note->is_string()) it->reference_note = *note;
      it->rounds_note = rounds_note(results.context);
    }
    (m.status == Status::unavailable ? it->unavailable : m.not_offered ? it->not_offered : it->rows).push_back(&m);
    if (m.ok()) it->figure = m.figure;  // instructions mode changes the figure of measured rows
  }
  for (auto& g : groups)
    std::stable_sort(g.rows.begin(), g.rows.end(), [order](const Measurement* a, const Measurement* b) {
      if (a->ok() != b->ok()) return a->ok();
      return order == RowOrder::best_first && a->ok() && a->figure.better(a->summary.median, b->summary.median);
    });
  return groups;
}

namespace {

bool is_ranked(const Results& results, const std::string& module, const std::string& case_id) {
  auto all = results.context.find("ranked_cases");
  if (all == results.context.end() || !all->is_object()) return false;
  auto cases = all->find(module);
  if (cases == all->end() || !cases->is_array()) return false;
  return std::any_of(cases->begin(), cases->end(), [&](const auto& c) { return c.is_string() && c.template get<std::string>() == case_id; });
}

// The axis a ranked case ranks within (CaseSpec::rank_within), or "".
std::string rank_axis(const Results& results, const std::string& module, const std::string& case_id) {
  auto all = results.context.find("rank_within");
  if (all == results.context.end() || !all->is_object()) return "";
  auto cases = all->find(module);
  if (cases == all->end() || !cases->is_object()) return "";
  auto axis = cases->find(case_id);
  return axis != cases->end() && axis->is_string() ? axis->template get<std::string>() : "";
}

// Whether two rows of a rank (`better` above) are tied over the points both ran: the mean over
// those points of the log of their ratio paired round by round, with an interval from each point's
// own (independent points: their variances add), does not lie wholly beyond the noise floor.
bool tied_over_points(const std::string& better, const std::string& worse, const std::vector<const CaseGroup*>& points) {
  double sum = 0, variance = 0;
  std::size_t n = 0;
  for (const CaseGroup* g : points) {
    const Measurement *a = nullptr, *b = nullptr;
    for (const auto* m : g->rows) {
      if (!m->ok() || m->reference) continue;
      if (m->row_name() == better) a = m;
      if (m->row_name() == worse) b = m;
    }
    if (!a || !b) continue;
    const PairJudgement j = judge_pair(*a, *b);
    if (!(j.ratio.median > 0 && j.ratio.ci_low > 0)) continue;
    const double se = (std::log(j.ratio.ci_high) - std::log(j.ratio.ci_low)) / (2 * 1.96);
    sum += std::log(j.ratio.median), variance += se * se, ++n;
  }
  if (n == 0) return false;  // never side by side: nothing says they tie
  const double mean = sum / static_cast<double>(n), half = 1.96 * std::sqrt(variance) / static_cast<double>(n);
  return std::fabs(mean) - half <= std::log1p(kNoiseFloor);  // either way round: over these points the order may differ
}

// Each row's place: shared with the row above where the two are tied.
void set_rank_places(Rank& r, const std::vector<const CaseGroup*>& points) {
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    r.rows[i].place = static_cast<unsigned>(i + 1);
    if (i == 0 || !tied_over_points(r.rows[i - 1].name, r.rows[i].name, points)) continue;
    r.rows[i].place = r.rows[i - 1].place;
    r.rows[i].shared = r.rows[i - 1].shared = true;
  }
}

Rank rank_of(const std::vector<const CaseGroup*>& points) {
  Rank r{points.front()->module, points.front()->case_id, 0, {}};
  std::vector<double> log_sums;
  for (const CaseGroup* g : points) {
    // A point only one library ran (its variants are still one library) ranks nobody: its 1.00x
    // would put a library without rivals (the one FarmHash) at the top.
    std::set<std::string> libraries;
    for (const auto* m : g->rows)
      if (m->ok() && !m->reference) libraries.insert(m->library);
    if (libraries.size() < 2) continue;
    ++r.points;
    const Measurement* best = nullptr;
    for (const auto* m : g->rows)
      if (m->ok() && !m->reference && (!best || m->figure.better(m->summary.median, best->summary.median))) best = m;
    if (!best) continue;
    for (const auto* m : g->rows) {
      if (!m->ok() || m->reference) continue;
      auto it = std::find_if(r.rows.begin(), r.rows.end(), [&](const Rank::Row& row) { return row.name == m->row_name(); });
      if (it == r.rows.end()) {
        r.rows.push_back({m->row_name()});
        log_sums.push_back(0);
        it = r.rows.end() - 1;
      }
      log_sums[static_cast<std::size_t>(it - r.rows.begin())] += std::log(m->figure.relative_to(best->summary.median, m->summary.median));
      ++it->points;
    }
  }
  for (std::size_t i = 0; i < r.rows.size(); ++i) r.rows[i].geomean = std::exp(log_sums[i] / static_cast<double>(r.rows[i].points));
  // More points first where the means tie: a library that ran everywhere is better known.
  std::stable_sort(r.rows.begin(), r.rows.end(), [](const Rank::Row& a, const Rank::Row& b) {
    return a.geomean != b.geomean ? a.geomean < b.geomean : a.points > b.points;
  });
  set_rank_places(r, points);
  return r;
}

}  // namespace

std::vector<Rank> ranks(const Results& results, const std::vector<CaseGroup>& groups) {
  std::vector<Rank> out;
  std::vector<std::pair<std::string, std::string>> seen;
  for (const auto& g : groups) {
    const std::pair<std::string, std::string> key{g.module, g.case_id};
    if (std::find(seen.begin(), seen.end(), key) != seen.end() || !is_ranked(results, g.module, g.case_id)) continue;
    seen.push_back(key);
    const std::string axis = rank_axis(results, g.module, g.case_id);
    std::vector<std::string> values;  // of the rank_within axis, in first-seen order ("" without one)
    for (const auto& p : groups)
      if (p.module == g.module && p.case_id == g.case_id) {
        const AxisValue* v = axis.empty() ? nullptr : p.point.find(axis);
        const std::string value = v ? v->text : "";
        if (std::find(values.begin(), values.end(), value) == values.end()) values.push_back(value);
      }
    for (const auto& value : values) {
      std::vector<const CaseGroup*> points;
      for (const auto& p : groups) {
        const AxisValue* v = axis.empty() ? nullptr : p.point.find(axis);
        if (p.module == g.module && p.case_id == g.case_id && (v ? v->text : "") == value) points.push_back(&p);
      }
      if (points.size() < 2) continue;
      Rank r = rank_of(points);
      if (!value.empty()) r.within = axis + "=" + value;
      if (!r.rows.empty() && r.points >= 2) out.push_back(std::move(r));
    }
  }
  return out;
}

std::vector<Coverage> coverage(const std::vector<CaseGroup>& groups) {
  std::vector<Coverage> out;
  for (const auto& g : groups)  // the cases where some library does not offer some value
    if (!g.not_offered.empty() && std::none_of(out.begin(), out.end(), [&](const Coverage& o) {
          return o.module == g.module && o.case_id == g.case_id;
        }))
      out.push_back({g.module, g.case_id, g.point.axes.empty() ? "" : g.point.axes.front().name, {}});
  for (const auto& g : groups) {
    auto c = std::find_if(out.begin(), out.end(), [&](const Coverage& o) { return o.module == g.module && o.case_id == g.case_id; });
    if (c == out.end()) continue;
    const std::string& value = g.point.first().text;
    auto v = std::find_if(c->offered_by.begin(), c->offered_by.end(), [&](const auto& o) { return o.first == value; });
    if (v == c->offered_by.end()) {
      c->offered_by.emplace_back(value, std::vector<std::string>{});
      v = c->offered_by.end() - 1;
    }
    for (const auto* m : g.rows)
      if (!m->reference && std::find(v->second.begin(), v->second.end(), m->row_name()) == v->second.end())
        v->second.push_back(m->row_name());
  }
  for (auto& c : out)  // by name: the rows' order is each point's ranking
    for (auto& [value, names] : c.offered_by) std::sort(names.begin(), names.end());
  return out;
}

std::string not_offered_names(const CaseGroup& g) {
  std::string out;
  for (const auto* m : g.not_offered) out += (out.empty() ? "" : ", ") + m->row_name();
  return out;
}

std::vector<const Measurement*> unavailable_libraries(const Results& results) {
  std::vector<const Measurement*> out;
  for (const auto& m : results.measurements)
    if (m.status == Status::unavailable && std::none_of(out.begin(), out.end(), [&](const Measurement* o) {
          return o->row_id() == m.row_id() && o->reason == m.reason;
        }))
      out.push_back(&m);
  return out;
}

std::string unavailable_items(const Results& results, std::string_view item, std::string (*escape)(std::string_view)) {
  std::string out;
  for (const auto* m : unavailable_libraries(results))
    out += fmt::format(fmt::runtime(item), escape(m->row_name()), escape(m->reason),
                       m->enable.empty() ? "" : " (to enable: " + escape(m->enable) + ")");
  return out;
}

}  // namespace benchbox
