#include "results.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace benchbox {

using nlohmann::json;

const char* to_string(Status s) {
  switch (s) {
    case Status::ok: return "ok";
    case Status::failed: return "failed";
    case Status::not_applicable: return "not_applicable";
    case Status::unavailable: return "unavailable";
  }
  return "failed";
}

namespace {

Status status_from(const std::string& s) {
  for (Status st : {Status::ok, Status::failed, Status::not_applicable, Status::unavailable})
    if (s == to_string(st)) return st;
  throw std::runtime_error("unknown status '" + s + "'");
}

json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

json measurement_json(const Measurement& m) {
  const bool ok = m.status == Status::ok;
  const Summary& s = m.summary;
  return {
      {"module", m.module},
      {"case", m.case_id},
      {"param", m.param},
      {"param_label", m.param_label},
      {"unit", m.unit},
      {"library", m.library},
      {"version", m.version},
      {"status", to_string(m.status)},
      {"reason", m.reason},
      {"verified", m.verified},
      {"ops", m.ops},
      {"metric", m.metric},
      {"ns_per_op", ok && m.metric == "ns_per_op" ? json(s.median) : json(nullptr)},
      {"unstable", m.unstable()},
      {"uncertainty", ok ? json(m.uncertainty()) : json(nullptr)},
      {"ops_per_second", ok && m.metric == "ns_per_op" ? json(m.ops_per_second()) : json(nullptr)},
      {"reps", m.ns_per_op},
      {"processes", m.processes},
      {"stats",
       ok ? json{{"n", s.n},           {"median", s.median},   {"mean", s.mean},       {"min", s.min},
                 {"max", s.max},       {"stddev", s.stddev},   {"mad", s.mad},         {"ci_low", s.ci_low},
                 {"ci_high", s.ci_high}, {"ci_level", s.ci_level}, {"relative_spread", s.relative_spread()}}
          : json(nullptr)},
      {"style", m.traits.style},
      {"stack_bytes", m.traits.stack_bytes},
      {"notes", m.traits.notes},
      {"cycles_per_op", optional_number(m.cycles_per_op)},
      {"instructions_per_op", optional_number(m.instructions_per_op)},
  };
}

template <class T>
T field(const json& j, const char* key, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end()) throw std::runtime_error(where + ": field '" + key + "' is missing");
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    // Whole numbers in range only: get<T>() would cast 1e300 or -5 without a word (or with UB).
    const bool fits = it->is_number_unsigned() ? std::in_range<T>(it->template get<std::uint64_t>())
                                               : it->is_number_integer() && std::in_range<T>(it->template get<std::int64_t>());
    if (!fits) throw std::runtime_error(where + ": field '" + key + "' is not a whole number in range");
  }
  try {
    return it->get<T>();
  } catch (const json::exception&) {
    throw std::runtime_error(where + ": field '" + key + "' has the wrong type");
  }
}

std::optional<double> optional_field(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  if (!it->is_number()) throw std::runtime_error(std::string("field '") + key + "' is not a number");
  return it->get<double>();
}

}  // namespace

json to_json(const Results& r) {
  json out = {{"schema", "benchbox-results"},
              {"schema_version", kResultsSchemaVersion},
              {"context", r.context},
              {"warnings", r.warnings},
              {"interrupted", r.interrupted},
              {"results", json::array()}};
  for (const auto& m : r.measurements) out["results"].push_back(measurement_json(m));
  return out;
}

Results results_from_json(const json& j) {
  if (!j.is_object() || !j.contains("schema") || j["schema"] != "benchbox-results")
    throw std::runtime_error("not a benchbox results file (no \"schema\": \"benchbox-results\")");
  const auto version = field<std::int64_t>(j, "schema_version", "results file");
  if (version != kResultsSchemaVersion)
    throw std::runtime_error("results schema version " + std::to_string(version) + " is not supported (this benchbox reads " +
                             std::to_string(kResultsSchemaVersion) + ")");
  Results r;
  r.context = j.value("context", json::object());
  if (!r.context.is_object()) throw std::runtime_error("field 'context' is not an object");
  r.warnings = field<std::vector<std::string>>(j, "warnings", "results file");
  r.interrupted = j.contains("interrupted") && field<bool>(j, "interrupted", "results file");
  const auto& list = j.find("results");
  if (list == j.end() || !list->is_array()) throw std::runtime_error("field 'results' is missing or not an array");
  std::size_t index = 0;
  for (const auto& e : *list) {
    const std::string where = "result #" + std::to_string(++index);
    if (!e.is_object()) throw std::runtime_error(where + " is not an object");
    Measurement m;
    m.module = field<std::string>(e, "module", where);
    m.case_id = field<std::string>(e, "case", where);
    m.param = field<std::int64_t>(e, "param", where);
    m.param_label = field<std::string>(e, "param_label", where);
    m.unit = field<std::string>(e, "unit", where);
    m.library = field<std::string>(e, "library", where);
    m.version = field<std::string>(e, "version", where);
    m.status = status_from(field<std::string>(e, "status", where));
    m.reason = field<std::string>(e, "reason", where);
    m.verified = field<bool>(e, "verified", where);
    m.ops = field<std::uint64_t>(e, "ops", where);
    m.metric = e.contains("metric") ? field<std::string>(e, "metric", where) : "ns_per_op";
    if (m.metric != "ns_per_op" && m.metric != "instructions_per_op")
      throw std::runtime_error(where + ": unknown metric '" + m.metric + "'");
    m.ns_per_op = field<std::vector<double>>(e, "reps", where);
    m.processes = field<unsigned>(e, "processes", where);
    m.traits.style = field<std::string>(e, "style", where);
    m.traits.stack_bytes = field<std::int64_t>(e, "stack_bytes", where);
    m.traits.notes = field<std::string>(e, "notes", where);
    m.cycles_per_op = optional_field(e, "cycles_per_op");
    m.instructions_per_op = optional_field(e, "instructions_per_op");
    if (m.status == Status::ok) {
      if (m.ns_per_op.empty()) throw std::runtime_error(where + ": an ok result has no repetitions");
      for (double x : m.ns_per_op)
        if (!(x > 0) || !std::isfinite(x)) throw std::runtime_error(where + ": repetition values must be positive numbers");
      m.summary = summarize(m.ns_per_op);
    }
    r.measurements.push_back(std::move(m));
  }
  return r;
}

Results load_results(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (buffer.str().empty()) throw std::runtime_error(path.string() + " is empty");
  json j = json::parse(buffer.str(), nullptr, false);
  if (j.is_discarded()) throw std::runtime_error(path.string() + " is not valid JSON (truncated or damaged?)");
  try {
    return results_from_json(j);
  } catch (const std::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

void write_file_atomically(const std::filesystem::path& path, const std::string& content) {
  const auto tmp = path.string() + ".tmp." + std::to_string(getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + tmp);
    out << content;
    out.flush();
    if (!out) throw std::runtime_error("write to " + tmp + " failed");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot rename " + tmp + " to " + path.string());
  }
}

}  // namespace benchbox
