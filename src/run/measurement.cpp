#include "run/measurement.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

namespace benchbox {
namespace {

std::string last_line(const std::string& text) {
  const auto end = text.find_last_not_of("\n ");
  if (end == std::string::npos) return "";
  const auto nl = text.rfind('\n', end);
  const auto begin = nl == std::string::npos ? 0 : nl + 1;
  std::string line = text.substr(begin, end - begin + 1);
  return line.size() > 200 ? line.substr(0, 200) + "..." : line;
}

// What the measured CPU did from construction to now, from its /proc/stat line (clock ticks): the
// time the host took from this machine (steal, the eighth number) and the time the CPU was busy
// (user, nice, system, irq, softirq), whoever ran. From the CPU the adapters are pinned to, or
// from all CPUs together when they are not pinned.
class CpuClock {
 public:
  explicit CpuClock(std::optional<int> cpu) : line_(cpu ? "cpu" + std::to_string(*cpu) : "cpu"), start_(read(line_)) {}
  double steal_ms() const { return ms(read(line_).steal, start_.steal); }
  double busy_ms() const { return ms(read(line_).busy, start_.busy); }

 private:
  struct Ticks {
    std::uint64_t busy = 0, steal = 0;
  };
  static double ms(std::uint64_t now, std::uint64_t start) {
    static const long ticks = sysconf(_SC_CLK_TCK);
    return now >= start && ticks > 0 ? static_cast<double>(now - start) * 1000.0 / static_cast<double>(ticks) : 0;
  }
  static Ticks read(const std::string& wanted) {
    std::ifstream in("/proc/stat");
    std::string line;
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      std::string name;
      std::uint64_t v[8] = {};  // user nice system idle iowait irq softirq steal
      if (!(fields >> name) || name.rfind("cpu", 0) != 0) return {};  // the cpu lines come first
      if (name != wanted) continue;
      for (auto& x : v) fields >> x;
      return {v[0] + v[1] + v[2] + v[5] + v[6], v[7]};
    }
    return {};
  }
  std::string line_;
  Ticks start_;
};

// The result of one adapter process.
struct Batch {
  std::vector<TrialRecord> timed;              // verified timed trials
  std::optional<double> callgrind_per_op;      // instructions mode
  std::uint64_t peak_rss_bytes = 0;
  double cpu_seconds = 0, wall_seconds = 0;    // the adapter process's own CPU time, and how long it ran
  std::string error;                           // non-empty: this batch failed
  bool not_applicable = false;                 // with `error` its reason: the adapter cannot run the point
};

// Removes Callgrind's output file whichever way the batch ends.
struct RemoveOnExit {
  std::filesystem::path file;
  ~RemoveOnExit() {
    std::error_code ec;
    if (!file.empty()) std::filesystem::remove(file, ec);
  }
};

// Total instructions Callgrind collected (the "totals:" or "summary:" line of its output).
std::optional<std::uint64_t> callgrind_total(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  std::optional<std::uint64_t> total;
  while (std::getline(in, line)) {
    for (const char* key : {"totals:", "summary:"})
      if (line.rfind(key, 0) == 0) {
        std::istringstream fields(line.substr(std::string(key).size()));
        std::uint64_t v = 0;
        if (fields >> v) total = v;
      }
  }
  return total;
}

// The reason a trial is n/a rather than wrong (CaseSpec::unverifiable), with the difference found:
// only when its one problem is the module's verification; nothing otherwise.
std::optional<std::string> unverifiable(const RowContext& row, const Measurement& m, const TrialRecord& t,
                                        const TrialProblem& problem) {
  if (!row.spec.unverifiable || problem.kind != TrialProblem::Kind::verification) return std::nullopt;
  const CaseContext context{m.point, m.traits, row.settings.data_dir(), m.variant, m.reference};
  const auto why = row.spec.unverifiable(context, TrialProof{t.ops, t.done, t.checksum, t.counts});
  if (!why) return std::nullopt;
  return *why + " (" + problem.detail + ")";
}

// The adapter's reply, checked: the right number of trials, in order, each one verified.
std::string check_reply(const RowContext& row, const Measurement& m, const ChildOutcome& out, std::uint64_t ops,
                        unsigned reps, unsigned warmup, std::uint64_t warmup_ops, Batch& b) {
  if (out.interrupted) return "interrupted before this measurement finished";
  RunReply reply;
  try {
    reply = parse_run(out.out);
  } catch (const ProtocolError& e) {
    return out.succeeded() ? std::string("protocol error: ") + e.what() : child_failure(out);
  }
  if (reply.error) return "adapter error: " + *reply.error;
  if (reply.not_applicable && out.succeeded()) {
    b.not_applicable = true;
    return *reply.not_applicable;
  }
  if (!out.succeeded()) return child_failure(out);
  if (reply.trials.size() != reps + warmup)
    return "reported " + std::to_string(reply.trials.size()) + " trials, expected " + std::to_string(reps + warmup);
  for (std::size_t k = 0; k < reply.trials.size(); ++k) {
    const TrialRecord& t = reply.trials[k];
    const std::string which = t.warmup ? "warm-up" : "repetition " + std::to_string(b.timed.size() + 1);
    if (t.warmup != (k < warmup)) return which + ": trial out of order";
    if (auto problem = trial_problem(row, m, t, t.warmup ? warmup_ops : ops)) {
      if (auto why = unverifiable(row, m, t, *problem)) return b.not_applicable = true, *why;
      return which + ": " + problem->message();
    }
    if (!t.warmup) b.timed.push_back(t);
  }
  return "";
}

// A warm-up brings caches, predictors and the clock speed to where the timed trial finds them; a
// quarter of its operations does that and saves most of the time
// each process spent on it. Fixed work is not cut.
std::uint64_t warmup_ops_for(const RowContext& row, const Measurement& m, std::uint64_t ops) {
  if (row.spec.fixed_ops) return ops;
  return row.spec.round_ops(m.point, std::max<std::uint64_t>(1, ops / kWarmupShare));
}

Batch run_batch(const RowContext& row, const Measurement& m, std::uint64_t ops, unsigned reps, unsigned warmup) {
  const RunSettings& s = row.settings;
  Batch b;
  const std::uint64_t warmup_ops = warmup_ops_for(row, m, ops);
  auto argv = run_arguments(row.library.program.string(), row.spec.id, m.point, ops, reps, warmup, warmup_ops, m.variant);
  RemoveOnExit callgrind;
  if (s.instructions) {
    const auto dir = s.scratch_dir.empty() ? std::filesystem::temp_directory_path() : s.scratch_dir;
    callgrind.file = dir / ("benchbox-callgrind-" + std::to_string(getpid()) + "-" + row.library.id + ".out");
    argv.insert(argv.begin(), {s.valgrind, "--tool=callgrind", "--collect-atstart=no", "--dump-line=no",
                               "--callgrind-out-file=" + callgrind.file.string()});
  }
  ChildSpec child = adapter_child(s, row.library, argv, s.timeout);
  for (auto& setting : row.spec.environment(m.point)) child.env.push_back(std::move(setting));  // over the library's
  child.cpu = cpu_of(row);
  const ChildOutcome out = row.executor.run(child);
  b.error = check_reply(row, m, out, ops, reps, warmup, warmup_ops, b);
  // The adapter's own figure where it reports one: the rusage of a child also counts the pages it
  // inherited from the driver before exec (the driver's size, not the library's).
  b.peak_rss_bytes = out.peak_rss_bytes;
  b.cpu_seconds = out.cpu_seconds;
  b.wall_seconds = out.wall_seconds;
  for (const TrialRecord& t : b.timed)
    if (t.peak_rss_bytes) b.peak_rss_bytes = *t.peak_rss_bytes;
  if (!b.error.empty() || !s.instructions) return b;
  auto total = callgrind_total(callgrind.file);
  if (!total) b.error = "Callgrind wrote no instruction total";
  else b.callgrind_per_op = static_cast<double>(*total) / static_cast<double>(ops * reps);
  return b;
}

// The row's figure in one verified timed trial.
double figure_value(const RunSettings& s, const Measurement& m, const Batch& b, const TrialRecord& t) {
  if (s.instructions) return *b.callgrind_per_op;
  std::string unused;
  return *value_in_trial(m.figure, t, unused);
}

// Whether a figure of the case is kept in this run: under Callgrind the clock measures Valgrind.
bool kept(const RunSettings& s, const FigureSpec& f) { return !(s.instructions && f.from_clock()); }

std::string number_text(double v) {
  std::ostringstream out;
  out.precision(17);
  out << v;
  return out.str();
}

// An exact figure must have one value in every trial of the row.
std::optional<std::string> inexact(const FigureSpec& f, const std::vector<double>& values) {
  if (!f.exact() || values.empty()) return std::nullopt;
  for (std::size_t k = 1; k < values.size(); ++k)
    if (values[k] != values.front())
      return "verification failed: '" + f.id + "' is exact and must be the same in every trial: " + number_text(values.front()) +
             " in the first repetition, " + number_text(values[k]) + " in repetition " + std::to_string(k + 1);
  return std::nullopt;
}

// What one operation counts towards the row's rate: 1 for operations per second, or the proof
// count the case names (bytes per document for MB/s).
void set_rate(const CaseSpec& spec, const TrialRecord& t, Measurement& m) {
  if (!m.figure.timed()) return;
  if (spec.rate.count.empty()) {
    m.rate_unit = spec.unit + "/s";
    m.rate_per_op = 1;
    return;
  }
  m.rate_unit = spec.rate.unit;
  m.rate_scale = spec.rate.scale;
  m.rate_per_op = static_cast<double>(t.counts.at(spec.rate.count)) / static_cast<double>(std::max<std::uint64_t>(t.done, 1));
}

}  // namespace

std::optional<double> value_in_trial(const FigureSpec& f, const TrialRecord& t, std::string& missing) {
  auto count = [&](const std::string& name) -> std::optional<double> {
    auto it = t.counts.find(name);
    if (it == t.counts.end()) missing = "the adapter reported no '" + name + "' count (for '" + f.id + "')";
    return it == t.counts.end() ? std::nullopt : std::optional<double>(static_cast<double>(it->second));
  };
  switch (f.source()) {
    case FigureSource::clock: return t.ns > 0 ? static_cast<double>(t.ns) / static_cast<double>(t.ops) : 0.0;
    case FigureSource::clock_rate: {
      const auto n = f.from.empty() ? std::optional<double>(static_cast<double>(t.ops)) : count(f.from);
      if (!n) return std::nullopt;
      return t.ns > 0 ? *n * 1e9 / static_cast<double>(t.ns) / f.scale : 0.0;
    }
    case FigureSource::count_ratio: {
      const auto numerator = count(f.from), denominator = count(f.per);
      if (!numerator || !denominator) return std::nullopt;
      if (*denominator == 0) {
        missing = "the '" + f.per + "' count is 0 (the denominator of '" + f.id + "')";
        return std::nullopt;
      }
      return *numerator / *denominator;
    }
    case FigureSource::count_value: return count(f.from);
    case FigureSource::adapter:
      if (auto it = t.figures.find(f.id); it != t.figures.end()) return it->second;
      missing = "the adapter reported no '" + f.id + "' figure";
      return std::nullopt;
    case FigureSource::callgrind: missing = "instructions are counted by Callgrind, not reported"; return std::nullopt;
  }
  return std::nullopt;
}

std::optional<int> cpu_of(const RowContext& row) { return row.spec.cpus > 1 ? std::nullopt : row.settings.cpu; }

std::string child_failure(const ChildOutcome& out) {
  std::string reason = out.failure_reason();
  if (auto tail = last_line(out.err); !tail.empty()) reason += "; stderr: " + tail;
  return reason;
}

ChildSpec adapter_child(const RunSettings& s, const LibraryEntry& lib, std::vector<std::string> argv,
                        std::chrono::milliseconds timeout) {
  ChildSpec c;
  c.argv = std::move(argv);
  c.env = lib.env;  // what the library's build declared (e.g. a runtime's thread count)
  c.env.push_back({"BENCHBOX_DATA_DIR", s.data_dir().string()});
  if (s.counters) c.env.push_back({"BENCHBOX_COUNTERS", "1"});
  c.cpu = s.cpu;
  c.timeout = timeout;
  return c;
}

std::optional<TrialProblem> trial_problem(const RowContext& row, const Measurement& m, const TrialRecord& t, std::uint64_t ops) {
  const auto own = [](std::string what) { return TrialProblem{TrialProblem::Kind::trial, std::move(what)}; };
  if (t.ops != ops) return own("trial does not match the request (ops " + std::to_string(t.ops) + ", asked " + std::to_string(ops) + ")");
  const auto& extras = row.spec.extras(m.point);
  const bool clocked = row.spec.figure.from_clock() || row.settings.instructions ||
                       std::any_of(extras.begin(), extras.end(),
                                   [&](const FigureSpec& f) { return kept(row.settings, f) && f.from_clock(); });
  if (clocked && t.ns == 0) return own("the clock did not advance over the measured loop");
  std::string missing;
  if (!row.settings.instructions && !value_in_trial(row.spec.figure, t, missing)) return own(missing);
  for (const auto& extra : extras)
    if (kept(row.settings, extra) && !value_in_trial(extra, t, missing)) return own(missing);
  if (!row.spec.rate.count.empty() && m.figure.timed() && !t.counts.count(row.spec.rate.count))
    return own("the adapter reported no '" + row.spec.rate.count + "' count");
  // Last: a verification failure is then the trial's one problem (CaseSpec::unverifiable).
  const CaseContext context{m.point, m.traits, row.settings.data_dir(), m.variant, m.reference};
  if (auto wrong = row.spec.verify(context, TrialProof{t.ops, t.done, t.checksum, t.counts}))
    return TrialProblem{TrialProblem::Kind::verification, *wrong};
  return std::nullopt;
}

namespace {

// CaseSpec::Trials: how a case's trials are spread over processes.
bool once(const RowContext& row) { return row.spec.trials == CaseSpec::Trials::once; }
bool one_per_process(const RowContext& row) { return row.spec.trials != CaseSpec::Trials::repeated; }

// How many timed repetitions the p-th of the row's processes runs.
unsigned reps_of_process(const RowContext& row, unsigned p) {
  if (one_per_process(row)) return 1;
  const unsigned n = processes_of(row);
  return row.settings.reps / n + (p < row.settings.reps % n ? 1 : 0);
}

bool trial_warms_itself(const RowContext& row, const OpsCount& count) {
  return row.spec.stretched_trial_warms_itself && count.ops >= kSelfWarmingStretch * count.wanted;
}

// A probe runs warm, as the row's trials will: a cold first trial (stacks, pages and caches
// touched for the first time) can take hundreds of times a warm one, and a count scaled from it
// gave trials of 50 µs (the coroutine floor's `create` at 1000: 2,000 coroutines a trial), all noise.
// Cold rows (one trial per process) and a user's --warmup 0 probe cold, as they are measured; so
// does a probe that the case's minimum stretches enough to warm itself (1000 threads' switches).
unsigned probe_warmups(const RowContext& row, const OpsCount& probe) { return std::min(1u, warmups_of(row, probe)); }

}  // namespace

std::uint64_t first_probe_ops(const RowContext& row, const Measurement& m) {
  return row.spec.first_probe_ops ? std::max<std::uint64_t>(row.spec.first_probe_ops(m.point), 1) : 10;
}

// Probes grow tenfold (or by the factor the last probe suggests) until one lasts 10 ms, then
// scale to the target with two significant digits: counts people can read and compare.
std::optional<OpsCount> calibrate(const RowContext& row, const Measurement& m, std::string& error, bool* not_applicable) {
  constexpr double kProbeNs = 10e6;
  const RunSettings& s = row.settings;
  const double target_ns = static_cast<double>(s.target.count()) * 1e6;
  // The first probe is small: one operation of some cases (a 2 MB document parsed by a slow
  // library) takes milliseconds, of others seconds (first_probe_ops); probes grow up to 100-fold each.
  std::uint64_t asked = first_probe_ops(row, m);
  std::uint64_t ops = row.spec.round_ops(m.point, asked);
  for (int probe = 0; probe < 16; ++probe) {
    Batch b = run_batch(row, m, ops, 1, probe_warmups(row, OpsCount{asked, ops}));
    if (!b.error.empty()) {
      error = b.not_applicable ? b.error : "calibration: " + b.error;
      if (not_applicable) *not_applicable = b.not_applicable;
      return std::nullopt;
    }
    const double ns = static_cast<double>(b.timed[0].ns);
    const double per_op = ns / static_cast<double>(ops);
    if (ns >= kProbeNs || ops >= s.max_ops) {
      double want = std::clamp(target_ns / std::max(per_op, 1e-3), 1.0, static_cast<double>(s.max_ops));
      const double scale = std::pow(10.0, std::floor(std::log10(want)) - 1);
      const auto wanted = static_cast<std::uint64_t>(std::max(1.0, std::round(want / scale) * scale));
      return OpsCount{wanted, row.spec.round_ops(m.point, wanted)};
    }
    const double factor = std::clamp(kProbeNs * 1.5 / std::max(ns, 1.0), 2.0, 100.0);
    asked = std::max(std::min<std::uint64_t>(s.max_ops, static_cast<std::uint64_t>(static_cast<double>(ops) * factor)), ops + 1);
    ops = row.spec.round_ops(m.point, asked);
  }
  return OpsCount{ops, ops};
}

unsigned processes_of(const RowContext& row) {
  if (once(row)) return 1;
  // A cold figure (memory) barely moves between processes: three fresh ones show how much.
  if (one_per_process(row)) return std::max(1u, std::min(row.settings.processes, kColdProcesses));
  return std::max(1u, std::min(row.settings.processes, row.settings.reps));
}

unsigned warmups_of(const RowContext& row, const OpsCount& count) {
  if (one_per_process(row)) return 0;  // a cold figure: the trial is the process's first
  if (row.settings.warmup) return *row.settings.warmup;
  return trial_warms_itself(row, count) ? 0 : 1;
}

namespace {

// Instructions mode without --ops: a power of ten of operations, at most kMaxInstructionsOps,
// whose trial is at most about kInstructionsBudget instructions, decided by instructions (a probe
// under Callgrind of the case's first probe count), so that every run of the same binaries counts
// the same operations and the same instructions per operation. A row a native calibration finds
// fast (a million operations or more in the target time: a few hundred instructions each at most)
// takes the most without the probe. A fixed 100000 kept `json -n parse` (twitter.json) and
// serialization at 6400 records under Callgrind for hours: every such row timed out.
std::optional<OpsCount> instructions_count(const RowContext& row, const Measurement& m, std::string& error, bool* not_applicable) {
  constexpr std::uint64_t kMaxInstructionsOps = 100'000;
  constexpr double kInstructionsBudget = 1e8;
  RunSettings native = row.settings;
  native.instructions = false;
  const auto timed = calibrate({row.spec, native, row.library, row.executor}, m, error, not_applicable);
  if (!timed) return std::nullopt;
  double per_op = 0;
  if (timed->ops < 10 * kMaxInstructionsOps) {
    const std::uint64_t probe = row.spec.round_ops(m.point, first_probe_ops(row, m));
    const Batch b = run_batch(row, m, probe, 1, probe_warmups(row, OpsCount{probe, probe}));
    if (!b.error.empty()) {
      error = b.not_applicable ? b.error : "calibration (a probe under Callgrind): " + b.error;
      if (not_applicable) *not_applicable = b.not_applicable;
      return std::nullopt;
    }
    per_op = *b.callgrind_per_op;
  }
  std::uint64_t ops = 1;
  while (ops * 10 <= kMaxInstructionsOps && static_cast<double>(ops * 10) * per_op <= kInstructionsBudget) ops *= 10;
  return OpsCount{ops, row.spec.round_ops(m.point, ops)};
}

}  // namespace

bool begin_measurement(const RowContext& row, Measurement& m) {
  const RunSettings& s = row.settings;
  if (s.instructions) m.figure = FigureSpec::instructions();
  OpsCount count;
  if (row.spec.fixed_ops) {
    count = {*row.spec.fixed_ops, *row.spec.fixed_ops};
  } else if (s.ops) {
    count = {*s.ops, row.spec.round_ops(m.point, *s.ops)};
  } else if (s.verify) {
    // One short trial proves the work without timing anything worth a figure: the calibration's
    // first probe, raised to the case's minimum.
    const std::uint64_t quick = first_probe_ops(row, m);
    count = {quick, row.spec.round_ops(m.point, quick)};
  } else {
    std::string error;
    bool not_applicable = false;
    auto calibrated = s.instructions ? instructions_count(row, m, error, &not_applicable) : calibrate(row, m, error, &not_applicable);
    if (!calibrated) return (not_applicable ? not_applicable_measurement(m, error) : fail_measurement(m, error)), false;
    count = *calibrated;
  }
  m.ops = count.ops;
  m.warmups = warmups_of(row, count);
  m.extra_figures.clear();
  for (const auto& f : row.spec.extras(m.point))
    if (kept(s, f)) m.extra_figures.push_back({f, {}, {}});
  return true;
}

bool measure_process(const RowContext& row, unsigned p, Measurement& m) {
  const RunSettings& s = row.settings;
  const CpuClock clock(cpu_of(row));
  Batch b = run_batch(row, m, m.ops, reps_of_process(row, p), m.warmups.value_or(0));
  m.host_steal_ms += clock.steal_ms();
  if (cpu_of(row) && !s.instructions) {  // pinned: whatever else ran on the measured CPU meanwhile
    // Signed: the busy ticks are 10 ms apart and the process's own time exact, so one process's
    // difference errs either way; summed over processes the errors cancel (clamped when reported).
    m.others_cpu_ms += clock.busy_ms() - 1000 * b.cpu_seconds;
    m.measured_wall_ms += 1000 * b.wall_seconds;
  }
  m.peak_rss_bytes = std::max(m.peak_rss_bytes, b.peak_rss_bytes);
  if (!b.error.empty()) return (b.not_applicable ? not_applicable_measurement(m, b.error) : fail_measurement(m, b.error)), false;
  std::string unused;
  for (const TrialRecord& t : b.timed) {
    m.values.push_back(figure_value(s, m, b, t));
    for (auto& e : m.extra_figures) e.values.push_back(*value_in_trial(e.spec, t, unused));
    const double n = static_cast<double>(t.ops);
    m.counter_sums.trials += 1;
    m.counter_sums.all_cycles = m.counter_sums.all_cycles && t.cycles;
    m.counter_sums.all_instructions = m.counter_sums.all_instructions && t.instructions;
    if (t.cycles) m.counter_sums.cycles += static_cast<double>(*t.cycles) / n;
    if (t.instructions) m.counter_sums.instructions += static_cast<double>(*t.instructions) / n;
    set_rate(row.spec, t, m);
    m.details = t.details;
    m.proof = TrialProof{t.ops, t.done, t.checksum, t.counts};
  }
  auto wrong = inexact(m.figure, m.values);
  for (const auto& e : m.extra_figures)
    if (!wrong) wrong = inexact(e.spec, e.values);
  if (wrong) return fail_measurement(m, *wrong), false;
  ++m.processes;
  return true;
}

void end_measurement(const RowContext& row, Measurement& m) {
  m.status = Status::ok;
  m.verified = true;
  m.summary = summarize(m.values);
  for (auto& e : m.extra_figures) e.summary = summarize(e.values);
  const auto& c = m.counter_sums;
  if (row.settings.instructions) {
    m.instructions_per_op = m.summary.median;
  } else if (m.figure.timed() && c.trials > 0 && row.spec.cpus == 1) {  // the counters follow one thread only
    if (c.all_cycles) m.cycles_per_op = c.cycles / c.trials;
    if (c.all_instructions) m.instructions_per_op = c.instructions / c.trials;
  }
  m.modes = separated_modes(m.values);
}

void not_applicable_measurement(Measurement& m, std::string reason) {
  fail_measurement(m, std::move(reason));
  m.status = Status::not_applicable;
}

void fail_measurement(Measurement& m, std::string reason) {
  m.status = Status::failed;
  m.reason = std::move(reason);
  m.values.clear();
  m.rounds.clear();
  m.extra_figures.clear();
  m.proof.reset();  // a failed row proves nothing, whatever an earlier process showed
}

void measure(const RowContext& row, Measurement& m) {
  if (!begin_measurement(row, m)) return;
  for (unsigned p = 0; p < processes_of(row); ++p)
    if (!measure_process(row, p, m)) return;
  end_measurement(row, m);
}

}  // namespace benchbox
