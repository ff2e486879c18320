// --format gbench: Google Benchmark's JSON output, so that its tools/compare.py (and anything else
// that reads that format) can read benchbox results. Mapping (docs/reports.md):
//   name = module/case/param/library; one "iteration" row per repetition (iterations = ops,
//   real_time = cpu_time = ns per op, time_unit ns), then, for two repetitions or more, the
//   "aggregate" rows NAME_mean, NAME_median, NAME_stddev, NAME_cv as Google Benchmark 1.7 writes
//   them (--gbench-aggregates: with them, only them, or none). Rows without a number (failed, n/a,
//   not available) are left out: compare.py would read a zero time as a real one. So are rows
//   whose figure is not a time (instruction counts, bytes, scores).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <vector>

#include "report/context.hpp"
#include "report/reporter.hpp"
#include "results/results_file.hpp"

namespace benchbox {
namespace {

using json = nlohmann::ordered_json;  // keys in Google Benchmark's order

// "32K" -> 32768; sysfs writes sizes with K or M suffixes.
std::int64_t cache_bytes(const std::string& size) {
  std::int64_t v = 0;
  std::size_t i = 0;
  while (i < size.size() && std::isdigit(static_cast<unsigned char>(size[i]))) v = v * 10 + (size[i++] - '0');
  const char unit = i < size.size() ? static_cast<char>(std::toupper(static_cast<unsigned char>(size[i]))) : ' ';
  return unit == 'K' ? v * 1024 : unit == 'M' ? v * 1024 * 1024 : unit == 'G' ? v * 1024 * 1024 * 1024 : v;
}

json gbench_context(const nlohmann::json& c) {
  json caches = json::array();
  if (auto it = c.find("caches"); it != c.end() && it->is_array())
    for (const auto& e : *it) {
      if (!e.is_object()) continue;
      const std::string level = context_text(e, "level");
      caches.push_back({{"type", context_text(e, "type")},
                        {"level", std::all_of(level.begin(), level.end(), ::isdigit) && !level.empty() ? std::stoi(level) : 0},
                        {"size", cache_bytes(context_text(e, "size"))},
                        {"num_sharing", 0}});
    }
  json load = json::array();
  if (auto it = c.find("load_average"); it != c.end() && it->is_array())
    for (const auto& e : *it)
      if (e.is_number()) load.push_back(e.get<double>());
  std::string executable = "benchbox";
  if (auto it = c.find("command_line"); it != c.end() && it->is_array() && !it->empty() && it->front().is_string())
    executable = it->front().get<std::string>();
  const std::string governor = context_text(c, "governor");
  std::string build_type = context_text(c, "build_type");
  std::transform(build_type.begin(), build_type.end(), build_type.begin(), [](unsigned char ch) { return std::tolower(ch); });
  const auto cpus = c.find("cpu_count");
  return {{"date", context_text(c, "date")},
          {"host_name", context_text(c, "host")},
          {"executable", executable},
          {"num_cpus", cpus != c.end() && cpus->is_number_integer() ? cpus->get<int>() : 0},
          {"mhz_per_cpu", 0},  // benchbox does not record it
          {"cpu_scaling_enabled", !governor.empty() && governor != "performance"},
          {"caches", caches},
          {"load_avg", load},
          {"library_build_type", build_type.empty() ? "release" : build_type},
          {"json_schema_version", 1},
          {"benchbox_version", context_text(c, "benchbox_version")},
          {"cpu_model", context_text(c, "cpu_model")},
          {"os", context_text(c, "os")}};
}

// What Google Benchmark's JSON reporter writes for one run of a benchmark (json_reporter.cc,
// PrintRunData), in its order; counters in their std::map's order; the label last.
struct GbenchRun {
  std::string name, run_name;
  int family = 0, instance = 0, repetitions = 0, threads = 1;
  std::optional<int> repetition_index;      // iteration rows
  std::string aggregate_name, aggregate_unit;  // aggregate rows
  std::uint64_t iterations = 0;
  double time = 0;
  std::map<std::string, double> counters;
  std::string label;

  json to_json() const {
    json r{{"name", name}, {"family_index", family}, {"per_family_instance_index", instance}, {"run_name", run_name},
           {"run_type", repetition_index ? "iteration" : "aggregate"}, {"repetitions", repetitions}};
    if (repetition_index) r["repetition_index"] = *repetition_index;
    r["threads"] = threads;
    if (!repetition_index) {
      r["aggregate_name"] = aggregate_name;
      r["aggregate_unit"] = aggregate_unit;
    }
    r["iterations"] = iterations;
    r["real_time"] = time;
    r["cpu_time"] = time;
    r["time_unit"] = "ns";
    for (const auto& [counter, value] : counters) r[counter] = value;
    if (!label.empty()) r["label"] = label;
    return r;
  }
};

// Google Benchmark's statistics (statistics.cc): sample standard deviation; cv = stddev / mean,
// a fraction, with aggregate_unit "percentage".
struct GbenchStatistic {
  const char* name;
  const char* unit;
  double (*of)(const Summary&);
};
constexpr GbenchStatistic kStatistics[] = {
    {"mean", "time", [](const Summary& s) { return s.mean; }},
    {"median", "time", [](const Summary& s) { return s.median; }},
    {"stddev", "time", [](const Summary& s) { return s.stddev; }},
    {"cv", "percentage", [](const Summary& s) { return s.mean != 0 ? s.stddev / s.mean : 0.0; }},
};

// Per repetition: items per second (1e9 / ns per op) and, when the case's rate counts something
// other than operations, bytes per second (Google Benchmark's name for byte rates).
std::map<std::string, double> counters_of(const Measurement& m, double ns) {
  std::map<std::string, double> c{{"items_per_second", 1e9 / ns}};
  if (m.rate_unit != m.unit + "/s" && m.rate_per_op > 0) c["bytes_per_second"] = m.rate_per_op * 1e9 / ns;
  return c;
}

// A row's repetitions, then (two repetitions or more, as Google Benchmark) its aggregates.
void add_row(const Measurement& m, GbenchRun base, GbenchAggregates mode, json& out) {
  const int reps = static_cast<int>(m.values.size());
  const bool aggregates = mode != GbenchAggregates::none && reps >= 2;
  base.repetitions = reps;
  std::map<std::string, std::vector<double>> counter_values;
  for (int i = 0; i < reps; ++i) {
    GbenchRun r = base;
    r.repetition_index = i;
    r.iterations = m.ops;
    r.time = m.values[static_cast<std::size_t>(i)];
    r.counters = counters_of(m, r.time);
    for (const auto& [counter, value] : r.counters) counter_values[counter].push_back(value);
    if (!aggregates || mode == GbenchAggregates::with) out.push_back(r.to_json());
  }
  if (!aggregates) return;
  std::map<std::string, Summary> counter_summaries;
  for (const auto& [counter, values] : counter_values) counter_summaries[counter] = summarize(values);
  for (const auto& statistic : kStatistics) {
    GbenchRun r = base;
    r.name = base.run_name + "_" + statistic.name;
    r.aggregate_name = statistic.name;
    r.aggregate_unit = statistic.unit;
    r.iterations = static_cast<std::uint64_t>(reps);  // Google Benchmark: the count of repetitions
    r.time = statistic.of(m.summary);
    for (const auto& [counter, summary] : counter_summaries) r.counters[counter] = statistic.of(summary);
    out.push_back(r.to_json());
  }
}

class GbenchReporter : public Reporter {
 public:
  using Reporter::Reporter;
  std::string render(const Results& results) const override {
    json benchmarks = json::array();
    int family = 0;
    for (const auto& g : groups(results)) {
      int instance = 0;
      for (const auto* m : g.rows) {
        if (!m->ok() || !m->figure.timed()) continue;  // instruction counts, bytes, rates and scores are no time
        GbenchRun base;
        base.run_name = base.name = fmt::format("{}/{}/{}/{}", g.module, g.case_id, g.point.key(), m->row_id());
        base.family = family;
        base.instance = instance++;
        base.threads = static_cast<int>(g.cpus);
        base.label = m->row_name() + " " + m->version;
        add_row(*m, base, options_.gbench_aggregates, benchmarks);
      }
      ++family;
    }
    return json{{"context", gbench_context(results.context)}, {"benchmarks", benchmarks}}.dump(2) + "\n";
  }
};
}  // namespace

std::unique_ptr<Reporter> make_gbench_reporter(const ReportOptions& options) { return std::make_unique<GbenchReporter>(options); }

}  // namespace benchbox
