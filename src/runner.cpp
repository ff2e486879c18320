#include "runner.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <stdexcept>

#include "executor.hpp"
#include "protocol.hpp"

namespace benchbox {
namespace {

std::uint64_t round_up(std::uint64_t v, std::uint64_t multiple) {
  return multiple <= 1 ? v : (v + multiple - 1) / multiple * multiple;
}

std::uint64_t available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  return 0;
}

std::string last_line(const std::string& text) {
  auto end = text.find_last_not_of("\n ");
  if (end == std::string::npos) return "";
  auto begin = text.rfind('\n', end);
  std::string line = text.substr(begin == std::string::npos ? 0 : begin + 1, end - (begin == std::string::npos ? 0 : begin + 1) + 1);
  return line.size() > 200 ? line.substr(0, 200) + "..." : line;
}

std::string child_failure(const ChildOutcome& out) {
  std::string reason = out.failure_reason();
  if (auto tail = last_line(out.err); !tail.empty()) reason += "; stderr: " + tail;
  return reason;
}

ChildSpec child_spec(const RunSettings& s, std::vector<std::string> argv, std::chrono::milliseconds timeout) {
  ChildSpec c;
  c.argv = std::move(argv);
  c.env = {{"GOMAXPROCS", "1"}};  // single-threaded for every runtime that has a knob
  c.cpu = s.cpu;
  c.timeout = timeout;
  return c;
}

struct Described {
  std::optional<LibraryDescription> description;
  std::string error;
};

Described describe(const RunSettings& s, const LibraryEntry& lib) {
  auto out = run_child(child_spec(s, {lib.program.string(), "describe"}, std::chrono::seconds(30)));
  if (!out.succeeded()) return {std::nullopt, "describe: " + child_failure(out)};
  try {
    return {parse_describe(out.out), ""};
  } catch (const ProtocolError& e) {
    return {std::nullopt, std::string("describe: protocol error: ") + e.what()};
  }
}

// Runs the repetitions over fresh processes, verifying every trial (warm-ups too) before any
// time is kept. Fills ns_per_op or sets the failure.
void measure(const Module&, const CaseSpec& spec, const RunSettings& s, const LibraryEntry& lib, Measurement& m) {
  const unsigned processes = std::max(1u, std::min(s.processes, s.reps));
  double cycles = 0, instructions = 0;
  bool have_cycles = true, have_instructions = true;
  unsigned timed = 0;
  for (unsigned p = 0; p < processes; ++p) {
    const unsigned reps = s.reps / processes + (p < s.reps % processes ? 1 : 0);
    auto out = run_child(child_spec(s, run_arguments(lib.program.string(), spec.id, m.param, m.ops, reps, s.warmup), s.timeout));
    if (out.interrupted) {
      m.status = Status::failed;
      m.reason = "interrupted before this measurement finished";
      return;
    }
    RunReply reply;
    try {
      reply = parse_run(out.out);
    } catch (const ProtocolError& e) {
      m.status = Status::failed;
      m.reason = out.succeeded() ? std::string("protocol error: ") + e.what() : child_failure(out);
      return;
    }
    if (reply.error) {
      m.status = Status::failed;
      m.reason = "adapter error: " + *reply.error;
      return;
    }
    if (!out.succeeded()) {
      m.status = Status::failed;
      m.reason = child_failure(out);
      return;
    }
    if (reply.trials.size() != reps + s.warmup) {
      m.status = Status::failed;
      m.reason = "reported " + std::to_string(reply.trials.size()) + " trials, expected " + std::to_string(reps + s.warmup);
      return;
    }
    for (std::size_t k = 0; k < reply.trials.size(); ++k) {
      const TrialRecord& t = reply.trials[k];
      const std::string which = t.warmup ? "warm-up" : "repetition " + std::to_string(timed + 1);
      if (t.warmup != (k < s.warmup) || t.ops != m.ops) {
        m.status = Status::failed;
        m.reason = which + ": trial does not match the request (ops " + std::to_string(t.ops) + ")";
        return;
      }
      if (auto wrong = spec.verify(m.param, m.traits, TrialProof{t.ops, t.done, t.checksum})) {
        m.status = Status::failed;
        m.reason = "verification failed in " + which + ": " + *wrong;
        return;
      }
      if (t.ns == 0) {
        m.status = Status::failed;
        m.reason = which + ": the clock did not advance over the measured loop";
        return;
      }
      if (t.warmup) continue;
      ++timed;
      m.ns_per_op.push_back(static_cast<double>(t.ns) / static_cast<double>(t.ops));
      have_cycles = have_cycles && t.cycles;
      have_instructions = have_instructions && t.instructions;
      if (t.cycles) cycles += static_cast<double>(*t.cycles) / static_cast<double>(t.ops);
      if (t.instructions) instructions += static_cast<double>(*t.instructions) / static_cast<double>(t.ops);
    }
  }
  m.processes = processes;
  m.status = Status::ok;
  m.verified = true;
  m.summary = summarize(m.ns_per_op);
  if (have_cycles && timed) m.cycles_per_op = cycles / timed;
  if (have_instructions && timed) m.instructions_per_op = instructions / timed;
}

// Decides whether `lib` can run this case and parameter: fills the version and traits, or the
// status and reason of a row that will not be measured.
bool applicable(const CaseSpec& spec, std::int64_t param, const LibraryEntry& lib, const Described* d, Measurement& m) {
  if (!lib.available) {
    m.status = Status::unavailable;
    m.reason = lib.reason + (lib.enable.empty() ? "" : "; to enable: " + lib.enable);
    return false;
  }
  if (!d->description) {
    m.status = Status::failed;
    m.reason = d->error;
    return false;
  }
  m.version = d->description->version;
  auto support = d->description->cases.find(spec.id);
  if (support == d->description->cases.end()) {
    m.status = Status::not_applicable;
    m.reason = "the adapter does not implement this case";
    return false;
  }
  if (!support->second.applicable) {
    m.status = Status::not_applicable;
    m.reason = support->second.not_applicable_reason;
    return false;
  }
  m.traits = support->second.traits;
  if (param < m.traits.min_param) {
    m.status = Status::not_applicable;
    m.reason = "needs " + spec.param_name + " >= " + std::to_string(m.traits.min_param);
    return false;
  }
  const auto need = static_cast<std::uint64_t>(param) * static_cast<std::uint64_t>(m.traits.stack_bytes);
  const auto have = available_memory_bytes();
  if (spec.param_counts_stacks && need > have / 2) {
    m.status = Status::failed;
    m.reason = "refused: " + std::to_string(param) + " stacks of " + std::to_string(m.traits.stack_bytes) + " bytes need " +
               std::to_string(need >> 20) + " MiB, more than half of the " + std::to_string(have >> 20) + " MiB available";
    return false;
  }
  return true;
}

}  // namespace

std::vector<CasePoint> plan(const Module& module, const RunSettings& s, const std::vector<LibraryEntry>& catalog) {
  std::vector<const CaseSpec*> cases;
  if (s.cases.empty())
    for (const auto& c : module.cases) cases.push_back(&c);
  for (const auto& id : s.cases) {
    const CaseSpec* c = module.find_case(id);
    if (!c) {
      std::string known;
      for (const auto& k : module.cases) known += (known.empty() ? "" : ", ") + k.id;
      throw std::invalid_argument("unknown case '" + id + "' in module " + module.id + " (cases: " + known + ")");
    }
    cases.push_back(c);
  }
  for (const auto& id : s.libraries)
    if (std::none_of(catalog.begin(), catalog.end(), [&](const LibraryEntry& e) { return e.id == id; }))
      throw std::invalid_argument("unknown library '" + id + "' in module " + module.id + " (see `benchbox list`)");
  if (s.reps == 0) throw std::invalid_argument("--reps must be at least 1");
  if (s.ops && *s.ops == 0) throw std::invalid_argument("--ops must be at least 1");
  std::vector<CasePoint> points;
  for (const CaseSpec* c : cases) {
    std::vector<std::int64_t> params = s.param ? std::vector<std::int64_t>{*s.param} : c->suite_params;
    for (auto p : params) {
      if (p < c->min_param || p > c->max_param)
        throw std::invalid_argument(c->param_name + " for " + c->id + " must be between " + std::to_string(c->min_param) +
                                    " and " + std::to_string(c->max_param) + ", got " + std::to_string(p));
      points.push_back({c, p});
    }
  }
  return points;
}

void run_plan(const Module& module, const RunSettings& s, const std::vector<LibraryEntry>& catalog,
              const std::vector<CasePoint>& points, Results& results, const RunObserver& observer) {
  std::vector<const LibraryEntry*> libs;
  for (const auto& e : catalog)
    if (s.libraries.empty() || std::find(s.libraries.begin(), s.libraries.end(), e.id) != s.libraries.end())
      libs.push_back(&e);
  std::vector<LibraryEntry> shown;
  for (auto* l : libs) shown.push_back(*l);

  std::map<std::string, Described> described;
  for (const CasePoint& point : points) {
    if (observer.case_started) observer.case_started(point, shown);
    const CaseSpec& spec = *point.spec;
    for (const LibraryEntry* lib : libs) {
      if (interrupted()) break;
      Measurement m;
      m.module = module.id;
      m.case_id = spec.id;
      m.unit = spec.unit;
      m.library = lib->id;
      m.param = point.param;
      m.param_label = spec.describe_param(point.param);
      m.ops = round_up(s.ops.value_or(module.default_ops), spec.ops_multiple);
      auto it = described.find(lib->id);
      if (lib->available && it == described.end()) it = described.emplace(lib->id, describe(s, *lib)).first;
      if (applicable(spec, point.param, *lib, lib->available ? &it->second : nullptr, m)) measure(module, spec, s, *lib, m);
      if (interrupted() && m.status != Status::ok) break;  // do not record a half-done measurement
      results.measurements.push_back(m);
      if (observer.measured) observer.measured(m);
    }
    if (observer.case_finished) observer.case_finished(point);
    if (interrupted()) {
      results.interrupted = true;
      break;
    }
  }
}

}  // namespace benchbox
