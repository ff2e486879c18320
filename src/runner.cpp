#include "runner.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <stdexcept>

#include "executor.hpp"
#include "measurement.hpp"
#include "protocol.hpp"

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

// Why `param` stacks of `stack_bytes` cannot run here (more than half the available memory, or
// more bytes than 64 bits count), or nothing.
std::optional<std::string> memory_refusal(const CaseSpec& spec, std::int64_t param, std::int64_t stack_bytes) {
  if (!spec.param_counts_stacks || param <= 0 || stack_bytes <= 0) return std::nullopt;
  std::uint64_t need = 0;
  const bool overflow =
      __builtin_mul_overflow(static_cast<std::uint64_t>(param), static_cast<std::uint64_t>(stack_bytes), &need);
  const auto have = available_memory_bytes();
  if (!overflow && need <= have / 2) return std::nullopt;
  return "refused: " + std::to_string(param) + " stacks of " + std::to_string(stack_bytes) + " bytes need " +
         (overflow ? std::string("more than 16 EiB") : std::to_string(need >> 20) + " MiB") + ", more than half of the " +
         std::to_string(have >> 20) + " MiB available";
}

struct Described {
  std::optional<LibraryDescription> description;
  std::string error;
};

Described describe(const RunSettings& s, const LibraryEntry& lib) {
  const auto limit = std::min<std::chrono::milliseconds>(s.timeout, std::chrono::seconds(30));
  auto out = run_child(adapter_child(s, {lib.program.string(), "describe"}, limit));
  if (!out.succeeded()) return {std::nullopt, "describe: " + child_failure(out)};
  try {
    return {parse_describe(out.out), ""};
  } catch (const ProtocolError& e) {
    return {std::nullopt, std::string("describe: protocol error: ") + e.what()};
  }
}

// Decides whether `lib` can run this case and parameter: fills the version and traits, or the
// status and reason of a row that will not be measured.
bool applicable(const CaseSpec& spec, std::int64_t param, const RunSettings& s, const LibraryEntry& lib, const Described* d,
                Measurement& m) {
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
  if (auto cg = d->description->info.find("callgrind");
      s.instructions && cg != d->description->info.end() && cg->second.rfind("unsupported", 0) == 0) {
    m.status = Status::not_applicable;
    m.reason = "instructions mode: Callgrind " + cg->second;
    return false;
  }
  if (m.traits.max_param >= 0 && param > m.traits.max_param) {
    m.status = Status::not_applicable;
    m.reason = "supports " + spec.param_name + " <= " + std::to_string(m.traits.max_param) +
               (m.traits.notes.empty() ? "" : " (" + m.traits.notes + ")");
    return false;
  }
  if (param < m.traits.min_param) {
    m.status = Status::not_applicable;
    m.reason = "needs " + spec.param_name + " >= " + std::to_string(m.traits.min_param);
    return false;
  }
  if (auto refusal = memory_refusal(spec, param, m.traits.stack_bytes)) {
    m.status = Status::failed;
    m.reason = *refusal;
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

void check_memory(const Module& module, const RunSettings& s, const std::vector<LibraryEntry>& catalog,
                  const std::vector<CasePoint>& points) {
  if (!s.param) return;  // the suites' own parameters fit any machine benchbox runs on
  std::map<std::string, Described> described;
  for (const CasePoint& point : points) {
    if (!point.spec->param_counts_stacks) continue;
    std::string refusals;
    bool runnable = false;
    for (const LibraryEntry& lib : catalog) {
      if (!lib.available || (!s.libraries.empty() && std::find(s.libraries.begin(), s.libraries.end(), lib.id) == s.libraries.end()))
        continue;
      auto it = described.find(lib.id);
      if (it == described.end()) it = described.emplace(lib.id, describe(s, lib)).first;
      Measurement m;
      const bool ok = applicable(*point.spec, point.param, s, lib, &it->second, m);
      if (!ok && m.status == Status::failed && m.reason.rfind("refused: ", 0) == 0) {
        refusals += (refusals.empty() ? "" : "; ") + lib.id + ": " + m.reason.substr(9);
      } else if (ok || m.status == Status::failed) {
        runnable = true;  // it runs, or it is a broken library: a failed row to show, not a refusal
        break;
      }
    }
    if (!runnable && !refusals.empty())
      throw std::invalid_argument("refused before starting: " + module.id + " " + point.spec->id + " with " +
                                  point.spec->describe_param(point.param) +
                                  " does not fit in memory with any selected library (" + refusals + ")");
  }
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
      auto it = described.find(lib->id);
      if (lib->available && it == described.end()) {
        it = described.emplace(lib->id, describe(s, *lib)).first;
        if (const auto& d = it->second.description; d && d->info.count("optimized") && d->info.at("optimized") == "no")
          results.warnings.push_back("the " + lib->id + " adapter was built without optimisation: rebuild with `cmake --preset release`");
      }
      if (applicable(spec, point.param, s, *lib, lib->available ? &it->second : nullptr, m)) measure(spec, s, *lib, m);
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
