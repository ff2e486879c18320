#include "results/results_file.hpp"

#include "results/secrets.hpp"
#include "results/standing.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include <fmt/format.h>

namespace benchbox {

using nlohmann::json;

namespace {

Status status_from(const std::string& s) {
  if (const auto st = status_names.named(s)) return *st;
  throw std::runtime_error("unknown status '" + s + "'");
}

json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

json figure_json(const FigureSpec& f) {
  json out = {{"id", f.id},
              {"kind", f.kind},
              {"unit", f.unit},
              {"label", f.label},
              {"lower_is_better", f.lower_is_better},
              {"description", f.description},
              {"summary", to_string(f.summary)}};
  if (!f.from.empty()) out["from"] = f.from;
  if (!f.per.empty()) out["per"] = f.per;
  if (f.source() == FigureSource::clock_rate) out["scale"] = f.scale;
  if (f.trade_off) out["trade_off"] = true;
  return out;
}

json value_json(const AxisValue& v) { return v.number ? json(*v.number) : json(v.text); }

json point_json(const Point& p) {
  json out = json::array();
  for (const auto& a : p.axes) {
    out.push_back({{"axis", a.name}, {"value", value_json(a.value)}});
    if (a.value.file) out.back()["file"] = {{"bytes", a.value.file->bytes}, {"sha256", a.value.file->sha256}};
  }
  return out;
}

json quantile_json(const Quantile& q) {
  return {{"value", q.value}, {"ci_low", q.ci_low}, {"ci_high", q.ci_high}, {"ci_level", q.ci_level}};
}

json stats_json(const Summary& s) {
  return {{"n", s.n},         {"median", s.median}, {"mean", s.mean},       {"min", s.min},
          {"max", s.max},     {"stddev", s.stddev}, {"mad", s.mad},         {"ci_low", s.ci_low},
          {"ci_high", s.ci_high}, {"ci_level", s.ci_level}, {"relative_spread", s.relative_spread()},
          {"lower_quartile", quantile_json(s.lower_quartile)}, {"upper_quartile", quantile_json(s.upper_quartile)}};
}

json robust_json(const Measurement& m) {
  const auto q = m.robust();
  if (!q) return nullptr;
  json out = quantile_json(*q);
  out["quantile"] = m.robust_quantile();
  return out;
}

// Where the row stands among its point's rows (standing.hpp); readers of this file recompute it.
json standing_json(const Measurement& m) {
  if (!m.ok()) return nullptr;
  const auto& s = m.standing;
  return {{"rank", s.rank == 0 ? json(nullptr) : json(s.rank)}, {"shared", s.shared}, {"open", s.open}, {"marked", s.marked}, {"why", s.why},
          {"to_best", s.to_best ? stats_json(*s.to_best) : json(nullptr)}};
}

json measurement_json(const Measurement& m) {
  const bool ok = m.ok();
  json extras = json::object();
  for (const auto& e : m.extra_figures)
    extras[e.spec.id] = {{"figure", figure_json(e.spec)}, {"median", e.summary.median}, {"reps", e.values}};
  return {
      {"module", m.module},
      {"case", m.case_id},
      {"param", value_json(m.point.first())},
      {"point", point_json(m.point)},
      {"param_label", m.param_label},
      {"unit", m.unit},
      {"library", m.library},
      {"variant", m.variant},
      {"variant_label", m.variant_label},
      {"cpus", m.cpus},
      {"version", m.version},
      {"reference", m.reference},
      {"status", to_string(m.status)},
      {"reason", m.reason},
      {"not_offered", m.not_offered},
      {"enable", m.enable},
      {"verified", m.verified},
      {"ops", m.ops},
      {"figure", figure_json(m.figure)},
      {"median", ok ? json(m.summary.median) : json(nullptr)},
      {"unstable", m.unstable()},
      {"uncertainty", ok ? json(m.uncertainty()) : json(nullptr)},
      {"robust", robust_json(m)},
      {"rate", ok && m.rate() > 0 ? json{{"unit", m.rate_unit}, {"median", m.rate()}, {"per_op", m.rate_per_op},
                                          {"scale", m.rate_scale}}
                                  : json(nullptr)},
      {"reps", m.values},
      {"rounds", m.rounds},
      {"processes", m.processes},
      {"warmups", m.warmups ? json(*m.warmups) : json(nullptr)},
      {"stats", ok ? stats_json(m.summary) : json(nullptr)},
      {"extra_figures", extras},
      {"peak_rss_bytes", m.peak_rss_bytes},
      {"traits", m.traits.values},
      {"notes", m.traits.notes},
      {"details", m.details},
      {"proof", m.proof ? json{{"ops", m.proof->ops}, {"done", m.proof->done}, {"checksum", m.proof->checksum},
                               {"counts", m.proof->counts}}
                        : json(nullptr)},
      {"cycles_per_op", optional_number(m.cycles_per_op)},
      {"instructions_per_op", optional_number(m.instructions_per_op)},
      {"host_steal_ms", m.host_steal_ms},
      {"others_cpu_ms", m.others_cpu_ms},
      {"measured_wall_ms", m.measured_wall_ms},
      {"modes", m.modes},
      {"reference_ratio", m.reference_ratio ? stats_json(*m.reference_ratio) : json(nullptr)},
      {"others_ratio", m.others_ratio ? stats_json(*m.others_ratio) : json(nullptr)},
      {"standing", standing_json(m)},
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
              {"context", context_without_secrets(r.context)},  // a file of an older benchbox may hold one
              {"warnings", r.warnings},
              {"interrupted", r.interrupted},
              {"results", json::array()}};
  for (const auto& m : r.measurements) out["results"].push_back(measurement_json(m));
  return out;
}

namespace {

// Schema 2 knew these kinds only; schema 3 figures may be of any kind a module declares.
bool schema2_kind(const std::string& kind) {
  for (const char* k : {FigureKind::time, FigureKind::instructions, FigureKind::bytes, FigureKind::score, FigureKind::count})
    if (kind == k) return true;
  return false;
}

FigureSpec figure_from(const json& f, const std::string& where, std::int64_t version) {
  if (!f.is_object()) throw std::runtime_error(where + ": field 'figure' is not an object");
  FigureSpec spec;
  spec.id = field<std::string>(f, "id", where);
  spec.kind = field<std::string>(f, "kind", where);
  if (spec.kind.empty() || (version < 3 && !schema2_kind(spec.kind)))
    throw std::runtime_error(where + ": unknown figure kind '" + spec.kind + "'");
  spec.unit = field<std::string>(f, "unit", where);
  spec.label = field<std::string>(f, "label", where);
  spec.lower_is_better = field<bool>(f, "lower_is_better", where);
  spec.description = f.value("description", "");
  try {
    spec.summary = figure_summary_from(f.contains("summary") ? field<std::string>(f, "summary", where) : "median");
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(where + ": " + e.what());
  }
  if (f.contains("from")) spec.from = field<std::string>(f, "from", where);
  if (f.contains("per")) spec.per = field<std::string>(f, "per", where);
  if (f.contains("scale")) spec.scale = field<double>(f, "scale", where);
  if (f.contains("trade_off")) spec.trade_off = field<bool>(f, "trade_off", where);
  return spec;
}

std::vector<double> positive_values(const json& e, const char* key, const std::string& where) {
  auto values = field<std::vector<double>>(e, key, where);
  for (double x : values)
    if (!(x >= 0) || !std::isfinite(x)) throw std::runtime_error(where + ": repetition values must be non-negative numbers");
  return values;
}

// A paired ratio's summary (reference_ratio, others_ratio): the fields the reports use.
std::optional<Summary> ratio_from(const json& e, const char* key, const std::string& where) {
  auto ratio = e.find(key);
  if (ratio == e.end() || !ratio->is_object()) return std::nullopt;
  Summary r;
  r.n = field<std::size_t>(*ratio, "n", where);
  r.median = field<double>(*ratio, "median", where);
  r.ci_low = field<double>(*ratio, "ci_low", where);
  r.ci_high = field<double>(*ratio, "ci_high", where);
  // The unstable mark is judged on it: a damaged interval must not pass for a narrow one.
  if (!(0 <= r.ci_low && r.ci_low <= r.median && r.median <= r.ci_high) || !std::isfinite(r.ci_high))
    throw std::runtime_error(where + ": field '" + key + "' is not a ratio with its interval (0 <= ci_low <= median <= ci_high)");
  return r;
}

AxisValue value_from(const json& e, const char* key, const std::string& where) {
  auto it = e.find(key);
  if (it != e.end() && it->is_string()) return AxisValue::named(it->get<std::string>());
  return AxisValue::of(field<std::int64_t>(e, key, where));
}

// Schema 3: every axis, in order. Before: the one parameter, its axis unnamed.
Point point_from(const json& e, const std::string& where, std::int64_t version) {
  if (version < 3) return Point::of(value_from(e, "param", where));
  const auto list = field<json>(e, "point", where);
  if (!list.is_array() || list.empty()) throw std::runtime_error(where + ": field 'point' is not a non-empty array");
  std::vector<Point::Axis> axes;
  for (const auto& a : list) {
    if (!a.is_object()) throw std::runtime_error(where + ": an axis of 'point' is not an object");
    axes.push_back({field<std::string>(a, "axis", where), value_from(a, "value", where)});
    if (auto f = a.find("file"); f != a.end() && f->is_object())
      axes.back().value.file = UserFile{field<std::uint64_t>(*f, "bytes", where), field<std::string>(*f, "sha256", where)};
  }
  return Point(std::move(axes));
}

// The figure, traits and rate of a row as benchbox 0.1 wrote them (schema 1).
void read_version1(const json& e, const std::string& where, Measurement& m) {
  const std::string metric = e.contains("metric") ? field<std::string>(e, "metric", where) : "ns_per_op";
  if (metric != "ns_per_op" && metric != "instructions_per_op")
    throw std::runtime_error(where + ": unknown metric '" + metric + "'");
  m.figure = metric == "ns_per_op" ? FigureSpec::time() : FigureSpec::instructions();
  // Version 1 wrote its first module's traits as fields of their own: every field that is not
  // one of the row's own becomes a trait.
  static const std::set<std::string> row_fields = {
      "module", "case", "param", "param_label", "unit", "library", "version", "status", "reason", "verified", "ops",
      "metric", "ns_per_op", "unstable", "uncertainty", "ops_per_second", "reps", "processes", "stats", "notes",
      "cycles_per_op", "instructions_per_op"};
  for (auto& [key, value] : e.items())
    if (!row_fields.count(key) && (value.is_string() || value.is_number()))
      m.traits.values[key] = value.is_string() ? value.get<std::string>() : value.dump();
  if (m.figure.timed()) {
    m.rate_unit = m.unit + "/s";
    m.rate_per_op = 1;
  }
}

void read_version2(const json& e, const std::string& where, std::int64_t version, Measurement& m) {
  m.figure = figure_from(field<json>(e, "figure", where), where, version);
  m.reference = field<bool>(e, "reference", where);
  m.enable = e.value("enable", "");
  m.not_offered = e.value("not_offered", false);  // written since the hashing module
  if (auto rate = e.find("rate"); rate != e.end() && rate->is_object()) {
    m.rate_unit = field<std::string>(*rate, "unit", where);
    m.rate_per_op = field<double>(*rate, "per_op", where);
    m.rate_scale = field<double>(*rate, "scale", where);
  }
  if (auto traits = e.find("traits"); traits != e.end() && traits->is_object())
    for (auto& [k, v] : traits->items()) m.traits.values[k] = v.is_string() ? v.get<std::string>() : v.dump();
  m.peak_rss_bytes = field<std::uint64_t>(e, "peak_rss_bytes", where);
  m.details = field<std::vector<std::string>>(e, "details", where);
  if (auto proof = e.find("proof"); proof != e.end() && !proof->is_null()) {
    if (!proof->is_object()) throw std::runtime_error(where + ": field 'proof' is not an object");
    const std::string in = where + ", proof";
    m.proof = TrialProof{field<std::uint64_t>(*proof, "ops", in), field<std::uint64_t>(*proof, "done", in),
                         field<std::uint64_t>(*proof, "checksum", in), {}};
    const json counts = field<json>(*proof, "counts", in);
    if (!counts.is_object()) throw std::runtime_error(in + ": field 'counts' is not an object");
    for (const auto& [name, value] : counts.items())  // each whole and in range, as every count
      m.proof->counts[name] = field<std::uint64_t>(counts, name.c_str(), in + ", counts");
  }
  m.host_steal_ms = e.value("host_steal_ms", 0.0);
  m.others_cpu_ms = e.value("others_cpu_ms", 0.0);
  m.measured_wall_ms = e.value("measured_wall_ms", 0.0);
  if (auto w = e.find("warmups"); w != e.end() && w->is_number_unsigned()) m.warmups = w->get<unsigned>();
  if (auto modes = e.find("modes"); modes != e.end() && modes->is_array()) m.modes = positive_values(e, "modes", where);
  m.reference_ratio = ratio_from(e, "reference_ratio", where);
  m.others_ratio = ratio_from(e, "others_ratio", where);
  if (auto extras = e.find("extra_figures"); extras != e.end() && extras->is_object())
    for (auto& [id, x] : extras->items()) {
      FigureValues f;
      f.spec = figure_from(field<json>(x, "figure", where), where, version);
      f.values = positive_values(x, "reps", where);
      f.summary = summarize(f.values);
      m.extra_figures.push_back(std::move(f));
    }
}

// What schema 3 added to a row besides its point and open figures.
void read_version3(const json& e, const std::string& where, Measurement& m) {
  m.variant = e.value("variant", "");
  m.variant_label = e.value("variant_label", "");
  if (e.contains("cpus")) m.cpus = field<unsigned>(e, "cpus", where);
  if (m.cpus == 0) throw std::runtime_error(where + ": field 'cpus' is 0");
}

// Schema 4: the round of each value (the rows of a point are paired by it).
void read_rounds(const json& e, const std::string& where, Measurement& m) {
  if (!e.contains("rounds")) return;
  m.rounds = field<std::vector<unsigned>>(e, "rounds", where);
  if (!m.rounds.empty() && m.rounds.size() != m.values.size())
    throw std::runtime_error(where + ": field 'rounds' has " + std::to_string(m.rounds.size()) + " rounds for " +
                             std::to_string(m.values.size()) + " repetitions");
  if (std::adjacent_find(m.rounds.begin(), m.rounds.end(), std::greater_equal<>()) != m.rounds.end())
    throw std::runtime_error(where + ": field 'rounds' is not in increasing order");
}

// Values of an exact figure are one value repeated: a file that says otherwise was edited.
void check_exact(const FigureSpec& f, const std::vector<double>& values, const std::string& where) {
  if (f.exact() && std::any_of(values.begin(), values.end(), [&](double v) { return v != values.front(); }))
    throw std::runtime_error(where + ": figure '" + f.id + "' is exact but its repetitions differ");
}

// A figure no run can produce is an edited or damaged file, refused with the row named: a time
// per operation over the trial's operations must fit in the adapter's time limit (the run's
// --timeout, at most a day), and no figure benchbox writes comes near 10^15.
void check_plausible(const Measurement& m, double timeout_seconds, const std::string& where) {
  constexpr double kLargest = 1e15;
  auto refuse = [&](const FigureSpec& f, double x, const std::string& why) {
    throw std::runtime_error(fmt::format("{}: figure '{}' has the value {:g}, {}", where, f.id, x, why));
  };
  for (double x : m.values) {
    if (m.figure.timed() && x * static_cast<double>(std::max<std::uint64_t>(m.ops, 1)) > timeout_seconds * 1e9)
      refuse(m.figure, x, fmt::format("which over {} operations takes longer than the adapter may run ({:g} s)", m.ops, timeout_seconds));
    if (x > kLargest) refuse(m.figure, x, "beyond anything a run produces");
  }
  for (const auto& f : m.extra_figures)
    for (double x : f.values)
      if (x > kLargest) refuse(f.spec, x, "beyond anything a run produces");
}

}  // namespace

Results results_from_json(const json& j) {
  if (!j.is_object() || !j.contains("schema") || j["schema"] != "benchbox-results")
    throw std::runtime_error("not a benchbox results file (no \"schema\": \"benchbox-results\")");
  const auto version = field<std::int64_t>(j, "schema_version", "results file");
  if (version < 1 || version > kResultsSchemaVersion)
    throw std::runtime_error("results schema version " + std::to_string(version) + " is not supported (this benchbox reads 1 to " +
                             std::to_string(kResultsSchemaVersion) + ")");
  Results r;
  r.context = j.value("context", json::object());
  if (!r.context.is_object()) throw std::runtime_error("field 'context' is not an object");
  if (const auto s = r.context.find("settings"); s != r.context.end() && s->is_object())
    if (const auto mode = s->find("mode"); mode != s->end() && mode->is_string() && *mode == "verify")
      throw std::runtime_error("the file of a --verify run: it proves the adapters work and holds no figures");
  r.warnings = field<std::vector<std::string>>(j, "warnings", "results file");
  r.interrupted = j.contains("interrupted") && field<bool>(j, "interrupted", "results file");
  const auto& list = j.find("results");
  if (list == j.end() || !list->is_array()) throw std::runtime_error("field 'results' is missing or not an array");
  const auto timeout = r.context.contains("settings") && r.context["settings"].is_object()
                           ? r.context["settings"].value("timeout_seconds", json(86400)) : json(86400);
  const double timeout_seconds = timeout.is_number() && timeout.get<double>() > 0 ? timeout.get<double>() : 86400;
  std::size_t index = 0;
  for (const auto& e : *list) {
    const std::string where = "result #" + std::to_string(++index);
    if (!e.is_object()) throw std::runtime_error(where + " is not an object");
    Measurement m;
    m.module = field<std::string>(e, "module", where);
    m.case_id = field<std::string>(e, "case", where);
    m.point = point_from(e, where, version);
    m.param_label = field<std::string>(e, "param_label", where);
    m.unit = field<std::string>(e, "unit", where);
    m.library = field<std::string>(e, "library", where);
    m.version = field<std::string>(e, "version", where);
    m.status = status_from(field<std::string>(e, "status", where));
    m.reason = field<std::string>(e, "reason", where);
    m.verified = field<bool>(e, "verified", where);
    m.ops = field<std::uint64_t>(e, "ops", where);
    m.values = positive_values(e, "reps", where);
    m.processes = field<unsigned>(e, "processes", where);
    m.traits.notes = field<std::string>(e, "notes", where);
    m.cycles_per_op = optional_field(e, "cycles_per_op");
    m.instructions_per_op = optional_field(e, "instructions_per_op");
    if (version == 1) read_version1(e, where, m);
    else read_version2(e, where, version, m);
    if (version >= 3) read_version3(e, where, m);
    if (version >= 4) read_rounds(e, where, m);
    check_exact(m.figure, m.values, where);
    for (const auto& x : m.extra_figures) check_exact(x.spec, x.values, where);
    if (m.ok()) {
      if (m.values.empty()) throw std::runtime_error(where + ": an ok result has no repetitions");
      if (m.figure.timed())
        for (double x : m.values)
          if (!(x > 0)) throw std::runtime_error(where + ": repetition times must be positive numbers");
      check_plausible(m, timeout_seconds, where);
      m.summary = summarize(m.values);
    }
    r.measurements.push_back(std::move(m));
  }
  set_standings(r);
  return r;
}

Results load_results(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw std::runtime_error(path.string() + " is a directory, not a results file");
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

namespace {

void write_in_place(const std::filesystem::path& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write " + path.string() + " (" + std::strerror(errno) + ")");
  out << content;
  out.flush();
  if (!out) throw std::runtime_error("writing " + path.string() + " failed (" + std::strerror(errno) + ")");
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, const std::string& content) {
  std::error_code ec;
  const auto kind = std::filesystem::symlink_status(path, ec).type();
  if (!ec && kind != std::filesystem::file_type::not_found && kind != std::filesystem::file_type::regular)
    return write_in_place(path, content);
  const auto tmp = path.string() + ".tmp." + std::to_string(getpid());
  {
    // The file is written beside its destination and renamed over it; errors name the destination.
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + path.string() + " (" + std::strerror(errno) + ")");
    out << content;
    out.flush();
    if (!out) throw std::runtime_error("writing " + path.string() + " failed (" + std::strerror(errno) + ")");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot write " + path.string() + " (" + why + ")");
  }
}

}  // namespace benchbox
