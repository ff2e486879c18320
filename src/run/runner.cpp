#include "run/runner.hpp"

#include <sched.h>

#include <algorithm>
#include <utility>
#include <fstream>
#include <numeric>
#include <random>
#include <stdexcept>
#include <thread>

#include "results/pairing.hpp"
#include "results/standing.hpp"
#include "run/measurement.hpp"

#include <fmt/format.h>

namespace benchbox {
namespace {

std::uint64_t available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  return 0;
}

// Why the point's first axis times the library's memory per unit cannot run here (more than half
// the available memory, or more bytes than 64 bits count), or nothing.
std::optional<std::string> memory_refusal(const CasePoint& point, const CaseTraits& traits) {
  const auto n = point.point.first().number.value_or(0);
  if (n <= 0 || traits.bytes_per_unit == 0) return std::nullopt;
  std::uint64_t need = 0;
  const bool overflow = __builtin_mul_overflow(static_cast<std::uint64_t>(n), traits.bytes_per_unit, &need);
  const auto have = available_memory_bytes();
  if (!overflow && need <= have / 2) return std::nullopt;
  return point.spec->axes.front().name + " " + point.point.first().text + " at " + std::to_string(traits.bytes_per_unit) +
         " bytes each need " + (overflow ? std::string("more than 16 EiB") : std::to_string(need >> 20) + " MiB") +
         ", more than half of the " + std::to_string(have >> 20) + " MiB available";
}

bool selected(const RunSettings& s, const std::string& id) {
  return s.libraries.empty() ||
         std::any_of(s.libraries.begin(), s.libraries.end(), [&](const LibrarySelection& sel) { return sel.library == id; });
}

// Whether a variant's row runs: one --lib names (LIBRARY:VARIANT), or, where the settings name
// the library alone or no library at all, every variant but those run by name only.
bool variant_selected(const RunSettings& s, const std::string& id, const VariantDescription& v) {
  bool named_alone = s.libraries.empty();
  for (const auto& sel : s.libraries) {
    if (sel.library != id) continue;
    if (sel.variant == v.id) return true;
    named_alone = named_alone || sel.variant.empty();
  }
  return named_alone && !v.by_name;
}

// The points of one case: its suite when the settings give no value of any axis; otherwise
// the product of the values given, the default of every axis not given.
std::vector<Point> points_of(const CaseSpec& c, const RunSettings& s) {
  if (s.axis_values.empty() && !c.in_suite)
    throw std::invalid_argument("case " + c.id + " runs only a " + c.axes.front().name + " of yours: " + c.axes.front().help);
  if (s.axis_values.empty()) return c.suite();
  std::vector<std::vector<std::string>> values;
  for (const auto& axis : c.axes) {
    const auto given = s.axis_values.find(axis.name);
    values.push_back(given != s.axis_values.end() ? given->second : std::vector<std::string>{axis.default_value});
  }
  return c.product(values);
}

std::vector<const CaseSpec*> planned_cases(const Module& module, const RunSettings& s) {
  std::vector<const CaseSpec*> cases;
  if (s.cases.empty())
    for (const auto& c : module.cases)
      if (c.in_suite) cases.push_back(&c);
  for (const auto& id : s.cases) {
    const CaseSpec* c = module.find_case(id);
    if (!c) {
      std::string known;
      for (const auto& k : module.cases) known += (known.empty() ? "" : ", ") + k.id;
      throw std::invalid_argument("unknown case '" + id + "' in module " + module.id + " (cases: " + known + ")");
    }
    cases.push_back(c);
  }
  return cases;
}

// Adds the case's points not there yet: a value given twice runs once.
void add_new_points(const CaseSpec& c, std::vector<Point> new_points, std::vector<CasePoint>& points) {
  for (Point& p : new_points)
    if (std::none_of(points.begin(), points.end(), [&](const CasePoint& q) { return q.spec == &c && q.point == p; }))
      points.push_back({&c, std::move(p)});
}

// A row goes into the results (and the results file) as soon as it is done (failed at once;
// measured when its batch's rounds end): an interruption loses nothing finished.
void record(Measurement&& m, Results& results, const RunObserver& observer) {
  results.measurements.push_back(std::move(m));
  if (observer.measured) observer.measured(results.measurements.back());
}

}  // namespace

std::vector<CasePoint> plan(const Module& module, const RunSettings& s) {
  std::vector<CasePoint> points;
  for (const CaseSpec* c : planned_cases(module, s)) add_new_points(*c, points_of(*c, s), points);
  return points;
}

std::vector<CasePoint> suite_of(const Module& module) {
  std::vector<CasePoint> points;
  for (const auto& c : module.cases) add_new_points(c, c.suite(), points);
  return points;
}

Applicability applicable(const CasePoint& point, const RunSettings& s, const LibraryEntry& lib, const Described* d,
                         Measurement& m) {
  const CaseSpec& spec = *point.spec;
  if (!lib.available) return {Decision::unavailable, lib.reason};
  if (spec.unavailable)
    if (auto why = spec.unavailable(point.point, s.data_dir())) return {Decision::unavailable, *why};
  if (const unsigned have = cpus_for_children(); spec.cpus > have)
    return {Decision::unavailable, "the case runs on " + std::to_string(spec.cpus) + " CPUs and this machine has " +
                                       std::to_string(have) + " for benchbox"};
  if (!d || !d->description) return {Decision::failed, d ? d->error : "not described"};
  m.version = d->description->version;
  auto support = d->description->cases.find(spec.id);
  if (support == d->description->cases.end()) return {Decision::not_applicable, kUndeclaredCaseReason};
  if (!support->second.applicable) return {Decision::not_applicable, support->second.not_applicable_reason};
  m.traits = support->second.traits;
  if (!lib.build.empty()) m.traits.values["build"] = lib.build;  // what this version or build of the library differs by
  if (!m.variant.empty()) {
    const VariantDescription* v = d->description->find_variant(m.variant);
    if (!v) return {Decision::failed, "describe does not declare variant '" + m.variant + "'"};
    for (const auto& [k, value] : v->traits) m.traits.values[k] = value;
    for (const auto& [k, why] : v->not_applicable_at) m.traits.not_applicable_at[k] = why;
    if (!v->notes.empty()) m.traits.notes += (m.traits.notes.empty() ? "" : "; ") + v->notes;
  }
  const auto& info = d->description->info;
  if (auto cg = info.find("callgrind"); s.instructions && cg != info.end() && cg->second.rfind("unsupported", 0) == 0)
    return {Decision::not_applicable, "instructions mode: Callgrind " + cg->second};
  if (s.instructions && spec.cpus > 1)
    return {Decision::not_applicable, "instructions mode: Callgrind runs one thread at a time, and this case's " +
                                          std::to_string(spec.cpus) + " threads wait for each other: their waiting would count as work"};
  if (s.instructions && !spec.figure.from_clock())
    return {Decision::not_applicable, "instructions mode counts timed cases only; this case's figure is " + spec.figure.label};
  if (auto na = m.traits.not_applicable_at.find(point.point.first().text); na != m.traits.not_applicable_at.end()) {
    m.not_offered = true;
    return {Decision::not_applicable, na->second};
  }
  const auto n = point.point.first().number;
  const std::string& axis = spec.axes.front().name;
  if (n && m.traits.max_value >= 0 && *n > m.traits.max_value)
    return {Decision::not_applicable,
            "supports " + axis + " <= " + std::to_string(m.traits.max_value) +
                (!m.traits.max_value_reason.empty() ? ": " + m.traits.max_value_reason
                 : m.traits.notes.empty()           ? std::string()
                                                    : " (" + m.traits.notes + ")")};
  if (n && *n < m.traits.min_value)
    return {Decision::not_applicable, "needs " + axis + " >= " + std::to_string(m.traits.min_value)};
  if (auto refusal = memory_refusal(point, m.traits)) return {Decision::refused, *refusal};
  return {};
}

Runner::Runner(const Module& module, const RunSettings& settings, const std::vector<LibraryEntry>& catalog, Executor& executor)
    : module_(module), settings_(settings), catalog_(catalog), executor_(executor) {
  for (const auto& e : catalog)  // a library run by name only when --lib names it (selected: named)
    if (selected(settings, e.id) && (!e.by_name || !settings.libraries.empty())) selected_.push_back(&e);
}

Described describe_library(const RunSettings& settings, const LibraryEntry& lib, Executor& executor) {
  Described d;
  const auto limit = std::min<std::chrono::milliseconds>(settings.timeout, std::chrono::seconds(30));
  auto out = executor.run(adapter_child(settings, lib, {lib.program.string(), "describe"}, limit));
  if (!out.succeeded()) {
    d.error = "describe: " + child_failure(out);
  } else {
    try {
      d.description = parse_describe(out.out);
    } catch (const ProtocolError& e) {
      d.error = std::string("describe: protocol error: ") + e.what();
    }
  }
  return d;
}

const Described& Runner::describe(const LibraryEntry& lib) {
  if (auto it = described_.find(lib.id); it != described_.end()) return it->second;
  return described_.emplace(lib.id, describe_library(settings_, lib, executor_)).first->second;
}

void Runner::check_libraries() {
  auto entry = [this](const std::string& id) {
    return std::find_if(catalog_.begin(), catalog_.end(), [&](const LibraryEntry& e) { return e.id == id; });
  };
  for (const auto& selection : settings_.libraries)  // every id first: no adapter is asked before
    if (entry(selection.library) == catalog_.end())
      throw std::invalid_argument("unknown library '" + selection.library + "' in module " + module_.id + " (see `benchbox list`)");
  for (const auto& selection : settings_.libraries) {
    const std::string& id = selection.library;
    const LibraryEntry& lib = *entry(id);
    if (selection.variant.empty() || !lib.available) continue;
    const auto& d = describe(lib).description;
    if (!d) continue;  // its rows fail, with describe's error
    if (d->variants.empty()) throw std::invalid_argument("--lib " + selection.text() + ": library " + id + " has no variants");
    if (!d->find_variant(selection.variant)) {
      std::string known;
      for (const auto& v : d->variants) known += (known.empty() ? "" : ", ") + v.id;
      throw std::invalid_argument("--lib " + selection.text() + ": library " + id + " has no variant '" + selection.variant +
                                  "' (variants: " + known + ")");
    }
  }
}

void Runner::check_memory(const std::vector<CasePoint>& points) {
  if (settings_.axis_values.empty()) return;  // the suites' own points fit any machine
  for (const CasePoint& point : points) {
    if (!point.point.first().number) continue;
    std::string refusals;
    bool runnable = false;
    for (const LibraryEntry* lib : selected_) {
      if (!lib->available) continue;
      Measurement m;
      const Applicability a = applicable(point, settings_, *lib, &describe(*lib), m);
      if (a.decision == Decision::refused) refusals += (refusals.empty() ? "" : "; ") + lib->id + ": " + a.reason;
      runnable = runnable || a.decision == Decision::run || a.decision == Decision::failed;  // failed: a row to show
    }
    if (!runnable && !refusals.empty())
      throw std::invalid_argument("refused before starting: " + module_.id + " " + point.spec->id + " with " + point.label() +
                                  " does not fit in memory with any selected library (" + refusals + ")");
  }
}

std::vector<const VariantDescription*> Runner::variants_of(const LibraryEntry& lib) {
  // A pointer into the kept description: the variants' addresses outlive this call.
  const auto* d = lib.available ? &describe(lib).description : nullptr;
  if (!d || !*d || (*d)->variants.empty()) return {nullptr};  // one row, whatever becomes of it
  std::vector<const VariantDescription*> out;
  for (const auto& v : (*d)->variants)
    if (variant_selected(settings_, lib.id, v)) out.push_back(&v);
  return out;
}

Measurement Runner::prepare(const CasePoint& point, const LibraryEntry& lib, const VariantDescription* variant,
                            Results& results, bool& measuring) {
  Measurement m;
  m.module = module_.id;
  m.case_id = point.spec->id;
  m.unit = point.spec->unit;
  m.library = lib.id;
  if (variant) {
    m.variant = variant->id;
    m.variant_label = other_row_label(variant->label, lib);
  }
  m.cpus = point.spec->cpus;
  m.reference = lib.reference;
  m.point = point.point;
  m.param_label = point.label();
  m.figure = point.spec->figure;
  const Described* d = nullptr;
  if (lib.available) {
    const bool first = !described_.count(lib.id);
    d = &describe(lib);
    if (const auto& desc = d->description; first && desc && desc->info.count("optimized") && desc->info.at("optimized") == "no")
      results.warnings.push_back("the " + lib.id + " adapter was built without optimisation: rebuild with `cmake --preset release`");
  }
  const Applicability a = applicable(point, settings_, lib, d, m);
  measuring = false;
  switch (a.decision) {
    case Decision::run: measuring = begin_measurement({*point.spec, settings_, lib, executor_}, m); break;
    case Decision::unavailable:
      m.status = Status::unavailable;
      m.enable = lib.available ? "" : lib.enable;
      break;
    case Decision::not_applicable: m.status = Status::not_applicable; break;
    case Decision::refused:
    case Decision::failed: m.status = Status::failed; break;
  }
  if (a.decision != Decision::run) m.reason = (a.decision == Decision::refused ? "refused: " : "") + a.reason;
  return m;
}

std::vector<std::size_t> round_order(std::size_t count, std::uint64_t seed, std::uint64_t round) {
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), 0);
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + round);
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

unsigned round_of_process(unsigned k, unsigned processes, unsigned rounds) {
  return processes == 0 ? 0 : static_cast<unsigned>(std::uint64_t{k} * rounds / processes);
}

// One point's rows from calibration to the results.
struct Runner::PointRows {
  const CasePoint* point = nullptr;
  std::vector<Measurement> rows;               // being measured
  std::vector<const LibraryEntry*> libraries;  // of each row
  std::vector<char> measuring;
  std::vector<double> seconds;  // each row's processes so far, on the executor's clock
  std::vector<std::string> order;  // every row's id in declared order (libraries, then each one's variants)

  RowContext context(std::size_t i, const RunSettings& s, Executor& e) const {
    return {*point->spec, s, *libraries[i], e};
  }
  bool holds(const Measurement& m) const { return m.case_id == point->spec->id && m.point == point->point; }
  std::ptrdiff_t position(const Measurement& m) const { return std::find(order.begin(), order.end(), m.row_id()) - order.begin(); }
  std::size_t unfinished() const { return static_cast<std::size_t>(std::count(measuring.begin(), measuring.end(), true)); }
};

Runner::PointRows Runner::prepare_point(const CasePoint& point, Results& results, const RunObserver& observer) {
  PointRows p;
  p.point = &point;
  for (const LibraryEntry* lib : selected_) {
    for (const VariantDescription* variant : variants_of(*lib)) {
      if (interrupted()) return p;
      if (observer.calibrating) observer.calibrating(point, variant ? lib->id + ":" + variant->id : lib->id);
      bool measure_it = false;
      Measurement m = prepare(point, *lib, variant, results, measure_it);
      if (interrupted()) return p;  // a calibration cut short is no result
      p.order.push_back(m.row_id());
      if (!measure_it) {  // n/a, not available, failed before measuring: known now
        record(std::move(m), results, observer);
        continue;
      }
      p.rows.push_back(std::move(m));
      p.libraries.push_back(lib);
      p.measuring.push_back(true);
      p.seconds.push_back(0);
    }
  }
  return p;
}

void Runner::run_round(std::vector<PointRows*>& points, const std::vector<std::vector<char>>& in, unsigned r, unsigned first,
                       Results& results, const RunObserver& observer) {
  // One point draws no shuffle: a run of one case keeps the orders a seed gave before rounds
  // spanned several. A round takes the points in a shuffled order, each point's rows together
  // (the rows a paired ratio divides are seconds apart), in a shuffled order of their own.
  const auto point_order = points.size() > 1 ? round_order(points.size(), settings_.seed, shuffles_++)
                                             : std::vector<std::size_t>(points.size(), 0);
  for (std::size_t pi : point_order) {
    PointRows& p = *points[pi];
    for (std::size_t i : round_order(p.rows.size(), settings_.seed, shuffles_++)) {
      if (!p.measuring[i] || !in[pi][i]) continue;
      if (interrupted()) return;
      const RowContext row = p.context(i, settings_, executor_);
      if (observer.process_started) observer.process_started(r + 1, first, *p.point, p.rows[i].row_name());
      const double before = executor_.seconds();
      // A row past its first set is a result already: a process cut short by an interruption
      // must not take its earlier values with it (fail_measurement clears them).
      std::optional<Measurement> kept;
      if (r >= first) kept = p.rows[i];
      const bool ok = measure_process(row, p.rows[i].processes, p.rows[i]);
      p.seconds[i] += executor_.seconds() - before;
      if (!ok && interrupted()) {
        if (kept) p.rows[i] = std::move(*kept);
        return;  // cut short: not a result, and not recorded
      }
      if (ok) {
        if (p.rows[i].values.size() == p.rows[i].processes) p.rows[i].rounds.push_back(r);
        // Without a budget a row is done with its last process: recorded now, as it was before
        // the budget. With one, at the end of the rounds, which may reopen any row.
        if (settings_.budget || p.rows[i].processes < processes_of(row)) continue;
        end_measurement(row, p.rows[i]);
      }
      p.measuring[i] = false;  // done, or failed: recorded now
      record(std::move(p.rows[i]), results, observer);
    }
  }
}

namespace {

// A row the next round could take: its question open (or the best row an open ratio pairs with).
struct Candidate {
  std::size_t point, row;
  double cost, rounds_needed;  // seconds per process; rounds beyond its own to decide it (0: unknown)
  unsigned processes;
  bool pairs_only;             // in for the rows whose ratio to it is open
  bool marked;                 // its question is what the mark says
};

bool asked_for(const Candidate& c, const std::vector<Candidate>& all) {
  return !c.pairs_only || std::any_of(all.begin(), all.end(), [&](const Candidate& o) { return o.point == c.point && !o.pairs_only; });
}

// The budget where it can decide something: a question the rounds left could not settle at the
// spread it has (kMostProcessesPerRow, or the seconds left over the rounds' cost) waits, so that
// the questions within reach get more rounds. Dropping one makes the rounds cheaper: again.
std::vector<Candidate> within_reach(std::vector<Candidate> candidates, double left) {
  for (bool dropped = true; dropped;) {
    dropped = false;
    double cost = 0;
    for (const auto& c : candidates) cost += c.cost;
    const double rounds_left = cost > 0 ? left / cost : 0;
    std::vector<Candidate> kept;
    for (const auto& c : candidates) {
      const double reach = std::min(rounds_left, static_cast<double>(kMostProcessesPerRow - c.processes));
      if (c.rounds_needed <= reach && asked_for(c, candidates)) kept.push_back(c);
      else dropped = true;
    }
    candidates = std::move(kept);
  }
  return candidates;
}

// Nothing within reach: the seconds left go to the marked rows (and the best rows they pair
// with) before any is reported unsure.
std::vector<Candidate> marked_only(const std::vector<Candidate>& candidates) {
  std::vector<Candidate> marked;
  for (const auto& c : candidates)
    if (c.marked || c.pairs_only) marked.push_back(c);
  std::vector<Candidate> out;
  for (const auto& c : marked)
    if (c.marked || std::any_of(marked.begin(), marked.end(), [&](const Candidate& o) { return o.point == c.point && o.marked; }))
      out.push_back(c);
  return out;
}

}  // namespace

std::vector<Measurement> Runner::rows_so_far(const std::vector<PointRows*>& points) const {
  std::vector<Measurement> out;
  for (const PointRows* p : points)
    for (std::size_t i = 0; i < p->rows.size(); ++i) {
      if (!p->measuring[i] || p->rows[i].processes == 0) continue;
      Measurement m = p->rows[i];
      m.status = Status::ok;
      m.summary = summarize(m.values);
      out.push_back(std::move(m));
    }
  return out;
}

Runner::OpenRows Runner::open_rows(const std::vector<PointRows*>& points, double left) const {
  std::vector<Candidate> candidates;
  OpenRows out;
  for (std::size_t pi = 0; pi < points.size(); ++pi) {
    const PointRows* p = points[pi];
    out.in.emplace_back(p->rows.size(), false);
    std::vector<Measurement> now;  // the rows as they stand: a scratch copy, summarised
    std::vector<std::size_t> of;
    for (std::size_t i = 0; i < p->rows.size(); ++i) {
      if (!p->measuring[i] || p->rows[i].processes == 0) continue;
      now.push_back(p->rows[i]);
      now.back().status = Status::ok;
      now.back().summary = summarize(now.back().values);
      of.push_back(i);
    }
    std::vector<Measurement*> rows;
    for (auto& m : now) rows.push_back(&m);
    set_standings(rows);
    for (std::size_t k = 0; k < now.size(); ++k) {
      const std::size_t i = of[k];
      const RowContext row = p->context(i, settings_, executor_);
      // Only rows of one repetition per process in every round pair; a cold row's processes are its figure.
      const bool repeatable = row.spec.trials == CaseSpec::Trials::repeated && p->rows[i].rounds.size() == p->rows[i].values.size();
      const auto& s = now[k].standing;
      if (!(s.open || s.pairs_open) || !repeatable || p->rows[i].processes >= kMostProcessesPerRow) continue;
      const double processes = static_cast<double>(p->rows[i].processes);
      const double beyond = s.open && s.rounds_to_decide > 0 ? std::max(1.0, s.rounds_to_decide - processes) : 0;
      candidates.push_back({pi, i, p->seconds[i] / processes, beyond, p->rows[i].processes, !s.open, s.marked});
    }
  }
  auto chosen = within_reach(candidates, left);
  if (!std::any_of(chosen.begin(), chosen.end(), [](const Candidate& c) { return !c.pairs_only; })) chosen = marked_only(candidates);
  for (const auto& c : candidates)
    out.waiting += !c.pairs_only && std::none_of(chosen.begin(), chosen.end(), [&](const Candidate& o) {
      return o.point == c.point && o.row == c.row;
    });
  for (const auto& c : chosen) {
    out.in[c.point][c.row] = true;
    out.seconds += c.cost;
  }
  return out;
}

namespace {

// "a; b": the batches' reasons, each once.
std::string joined_once(const std::string& reasons, const std::string& reason) {
  if (reasons.empty()) return reason;
  for (std::size_t start = 0; start <= reasons.size();) {
    const std::size_t end = std::min(reasons.find("; ", start), reasons.size());
    if (reasons.compare(start, end - start, reason) == 0) return reasons;
    start = end + 2;
  }
  return reasons + "; " + reason;
}

}  // namespace

void Runner::record_rounds(Results& results, unsigned first, unsigned rounds, const std::string& stopped) const {
  auto& record = results.context["rounds"];
  if (!record.is_object()) record = nlohmann::json::object();
  const unsigned most = std::max(rounds, record.value("rounds", 0u));
  record = {{"budget_seconds", settings_.budget ? nlohmann::json(settings_.budget->count()) : nlohmann::json(nullptr)},
            {"first", first},
            {"rounds", most},
            {"stopped", joined_once(record.value("stopped", std::string()), stopped)},
            {"seconds", executor_.seconds() - started_}};
}

void Runner::run_rounds(std::vector<PointRows*>& points, Results& results, const RunObserver& observer, double deadline) {
  unsigned first = 0;
  for (const auto* p : points)
    for (std::size_t i = 0; i < p->rows.size(); ++i)
      if (p->measuring[i]) first = std::max(first, processes_of(p->context(i, settings_, executor_)));
  std::string stopped = settings_.budget ? "every question decided" : "the processes asked for";
  unsigned r = 0;
  for (;; ++r) {
    std::vector<std::vector<char>> in;
    double cost = 0;
    if (r < first) {  // every row, its processes spread evenly over the first set (a cold row's 3 of 7: 0, 2, 4)
      for (const PointRows* p : points) {
        in.emplace_back(p->rows.size(), false);
        for (std::size_t i = 0; i < p->rows.size(); ++i) {
          if (!p->measuring[i]) continue;
          const RowContext row = p->context(i, settings_, executor_);
          const unsigned n = processes_of(row);
          in.back()[i] = p->rows[i].processes < n && round_of_process(p->rows[i].processes, n, first) == r;
          if (in.back()[i] && p->rows[i].processes > 0) cost += p->seconds[i] / p->rows[i].processes;
        }
      }
    } else {
      if (!settings_.budget) break;
      OpenRows open = open_rows(points, deadline - executor_.seconds());
      in = std::move(open.in), cost = open.seconds;
      const bool any = std::any_of(in.begin(), in.end(), [](const auto& v) { return std::find(v.begin(), v.end(), true) != v.end(); });
      if (!any && open.waiting > 0)
        stopped = fmt::format("{} open question(s) beyond the budget's reach at their spread", open.waiting);
      if (!any) break;
    }
    // The first round always runs: without it no row has a figure.
    if (settings_.budget && r > 0 && executor_.seconds() + cost > deadline) {
      stopped = fmt::format("budget: the next round would end after {} s", settings_.budget->count());
      break;
    }
    run_round(points, in, r, first, results, observer);
    if (interrupted()) break;
    if (observer.rounds_so_far) observer.rounds_so_far(rows_so_far(points));
  }
  if (observer.rounds_so_far) observer.rounds_so_far({});
  // Every row is a result, with the processes the budget gave it (at least the first round's);
  // interrupted, only a row that has its first set (a row cut short in it counts as unfinished).
  for (auto* p : points)
    for (std::size_t i = 0; i < p->rows.size(); ++i) {
      const unsigned least = interrupted() ? processes_of(p->context(i, settings_, executor_)) : 1;
      if (!p->measuring[i] || p->rows[i].processes < least) continue;
      end_measurement(p->context(i, settings_, executor_), p->rows[i]);
      p->measuring[i] = false;
      record(std::move(p->rows[i]), results, observer);
    }
  if (interrupted()) stopped = "interrupted";
  record_rounds(results, first, r, stopped);
}

void Runner::publish(std::vector<PointRows*>& points, std::size_t first, Results& results, const RunObserver& observer) {
  // The rows were recorded as they finished, the points' rounds mixed: the results keep the
  // plan's order of points and each point's declared order of rows.
  auto place = [&](const Measurement& m) {
    for (std::size_t k = 0; k < points.size(); ++k)
      if (points[k]->holds(m)) return std::pair{k, points[k]->position(m)};
    return std::pair{points.size(), std::ptrdiff_t{0}};  // not the batch's: last
  };
  std::vector<std::pair<std::pair<std::size_t, std::ptrdiff_t>, Measurement>> placed;
  for (auto it = results.measurements.begin() + static_cast<std::ptrdiff_t>(first); it != results.measurements.end(); ++it)
    placed.emplace_back(place(*it), std::move(*it));
  std::stable_sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  results.measurements.resize(first);
  for (auto& [where, m] : placed) results.measurements.push_back(std::move(m));
  std::vector<LibraryEntry> shown;
  for (const auto* l : selected_) shown.push_back(*l);
  for (const PointRows* p : points) {
    if (p->unfinished() > 0) continue;  // interrupted: a table without its measured rows would mislead
    std::vector<Measurement*> rows;
    for (std::size_t k = first; k < results.measurements.size(); ++k)
      if (p->holds(results.measurements[k])) rows.push_back(&results.measurements[k]);
    if (rows.empty()) continue;  // interrupted before any of its rows was decided
    set_paired_ratios(rows);
    set_standings(rows);
    if (observer.case_started) observer.case_started(*p->point, shown);
    if (observer.case_finished) observer.case_finished(*p->point);
  }
}

void Runner::run(const std::vector<CasePoint>& points, Results& results, const RunObserver& observer) {
  started_ = executor_.seconds();
  const bool whole_suite = settings_.interleave == RunSettings::Interleave::suite;
  std::vector<PointRows> prepared;
  prepared.reserve(points.size());  // the batches point into it
  std::size_t batch_begin = 0, first_row = results.measurements.size();
  for (const CasePoint& point : points) {
    prepared.push_back(prepare_point(point, results, observer));
    const bool batch_ends = !whole_suite || &point == &points.back() || interrupted();
    if (!batch_ends) continue;
    std::vector<PointRows*> batch;
    for (std::size_t k = batch_begin; k < prepared.size(); ++k) batch.push_back(&prepared[k]);
    // Case by case, each batch may spend up to its share of what is left of the budget.
    const double budget = settings_.budget ? static_cast<double>(settings_.budget->count()) : 0;
    const double left = std::max(0.0, started_ + budget - executor_.seconds());
    const double deadline = executor_.seconds() + left * static_cast<double>(batch.size()) /
                                                      static_cast<double>(points.size() - batch_begin);
    if (!interrupted()) run_rounds(batch, results, observer, deadline);
    for (const auto* p : batch) results.unfinished_rows += p->unfinished();
    publish(batch, first_row, results, observer);
    batch_begin = prepared.size();
    first_row = results.measurements.size();
    if (interrupted()) break;
  }
  results.interrupted = interrupted();
}

}  // namespace benchbox
