// --format gbench: Google Benchmark's JSON output, so that its tools/compare.py (and anything else
// that reads that format) can read benchbox results. Mapping (docs/reports.md):
//   name = module/case/param/library; one "iteration" row per repetition (iterations = ops,
//   real_time = cpu_time = ns per op, time_unit ns), then "aggregate" rows NAME_mean, NAME_median,
//   NAME_stddev. Rows without a number (failed, n/a, not available) are left out: compare.py would
//   read a zero time as a real one. So are rows whose figure is not a time (instruction counts,
//   bytes, scores).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "context.hpp"
#include "reporter.hpp"

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
        const std::string name = fmt::format("{}/{}/{}/{}", g.module, g.case_id, g.point.key(), m->row_id());
        const auto reps = static_cast<int>(m->values.size());
        auto row = [&](const std::string& row_name, double ns, std::uint64_t iterations) {
          return json{{"name", row_name},
                      {"family_index", family},
                      {"per_family_instance_index", instance},
                      {"run_name", name},
                      {"run_type", "iteration"},
                      {"repetitions", reps},
                      {"repetition_index", 0},
                      {"threads", g.cpus},
                      {"iterations", iterations},
                      {"real_time", ns},
                      {"cpu_time", ns},
                      {"time_unit", "ns"},
                      {"label", m->row_name() + " " + m->version}};
        };
        for (int i = 0; i < reps; ++i) {
          const double ns = m->values[static_cast<std::size_t>(i)];
          json r = row(name, ns, m->ops);
          r["repetition_index"] = i;
          r["items_per_second"] = 1e9 / ns;
          if (m->rate_unit != m->unit + "/s" && m->rate_per_op > 0)  // Google Benchmark's own name for byte rates
            r["bytes_per_second"] = m->rate_per_op * 1e9 / ns;
          benchmarks.push_back(std::move(r));
        }
        const Summary& s = m->summary;
        for (const auto& [agg, value] : {std::pair{"mean", s.mean}, {"median", s.median}, {"stddev", s.stddev}}) {
          json r = row(name + "_" + agg, value, static_cast<std::uint64_t>(reps));
          r.erase("repetition_index");
          r["run_type"] = "aggregate";
          r["aggregate_name"] = agg;
          r["aggregate_unit"] = "time";
          benchmarks.push_back(std::move(r));
        }
        ++instance;
      }
      ++family;
    }
    return json{{"context", gbench_context(results.context)}, {"benchmarks", benchmarks}}.dump(2) + "\n";
  }
};
}  // namespace

std::unique_ptr<Reporter> make_gbench_reporter(const ReportOptions& options) { return std::make_unique<GbenchReporter>(options); }

}  // namespace benchbox
