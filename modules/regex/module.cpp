// The regex module, driver side: the count case over the benchmarks of benchmarks.json, and how
// each trial's proof is checked (docs/regex.md). One operation is one scan of the benchmark's
// haystack for all its non-overlapping matches. The expected count and the sum of the matches'
// start offsets are those Python's re found at build time (data/expected.json): never an engine
// under test's.
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/benchmarks.hpp"
#include "module.hpp"

namespace {

using benchbox::CaseContext;
using benchbox::TrialProof;
namespace fs = std::filesystem;

struct Expected {
  std::uint64_t count = 0, offset_sum = 0;
};

std::optional<Expected> expected_of(const fs::path& data_dir, const std::string& benchmark, std::string& error) {
  std::ifstream in(data_dir / "expected.json");
  const auto j = nlohmann::json::parse(in, nullptr, false);
  const auto it = j.is_object() ? j.find(benchmark) : j.end();
  if (it == j.end() || !it->is_object() || !it->contains("count") || !it->contains("offset_sum")) {
    error = "no expected count for " + benchmark + " in " + (data_dir / "expected.json").string() + " (rebuild benchbox)";
    return std::nullopt;
  }
  return Expected{(*it)["count"].get<std::uint64_t>(), (*it)["offset_sum"].get<std::uint64_t>()};
}

std::optional<std::string> count_is(const TrialProof& p, const std::string& name, std::uint64_t expected, const std::string& what) {
  auto it = p.counts.find(name);
  if (it == p.counts.end()) return "the adapter reported no '" + name + "' count";
  if (it->second != expected) return what + " " + std::to_string(it->second) + ", expected " + std::to_string(expected);
  return std::nullopt;
}

std::optional<std::string> verify_count(const CaseContext& c, const TrialProof& p) {
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " scans, asked for " + std::to_string(p.ops);
  std::string error;
  const auto e = expected_of(c.data_dir, c.param.text, error);
  if (!e) return error;
  if (auto wrong = count_is(p, "matches_once", e->count, "matches in one scan")) return wrong;
  if (auto wrong = count_is(p, "matches", e->count * p.ops, "matches in all timed scans")) return wrong;
  if (p.checksum != e->offset_sum)
    return "sum of the match offsets " + std::to_string(p.checksum) + ", expected " + std::to_string(e->offset_sum) +
           " (other matches than Python's re found)";
  return std::nullopt;
}

std::optional<std::string> benchmark_unavailable(const benchbox::ParamValue& p, const fs::path& dir) {
  const auto* b = benchbox::regex::find_benchmark(p.text);
  if (!b) return "unknown benchmark " + p.text;
  if (!fs::exists(dir / (std::string(b->haystack) + ".txt")) || !fs::exists(dir / "expected.json"))
    return "the haystack " + std::string(b->haystack) + ".txt was not generated: it needs python3 and Debian's wamerican "
           "(run scripts/setup), then rebuild benchbox";
  return std::nullopt;
}

std::vector<std::string> benchmark_names() {
  std::vector<std::string> names;
  for (const auto& b : benchbox::regex::kBenchmarks) names.emplace_back(b.name);
  return names;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}

std::string benchmark_label(const benchbox::ParamValue& p) {
  const auto* b = benchbox::regex::find_benchmark(p.text);
  return b ? p.text + " (" + std::string(b->haystack) + ")" : p.text;
}

const benchbox::Module regex_module{
    .id = "regex",
    .description = "regular expression engines: count the matches of each benchmark's pattern in its haystack",
    .reference_note = "memchr for a literal's first byte and memcmp: the limit of finding a literal on this machine",
    .default_processes = 3,
    .cases = {
        {.id = "count",
         .unit = "scans",
         .description = "scan the haystack for every non-overlapping match of the benchmark's pattern",
         .timed = "the engine's searches over the whole haystack, the matches counted in a local (the pattern compiled "
                  "untimed, once per process); proven after the clock: the count and the sum of the match offsets of "
                  "one more scan against Python's re's",
         .param = {.name = "benchmark",
                   .choices = benchmark_names(),
                   .default_value = joined(benchmark_names()),
                   .suite = benchmark_names(),
                   .help = "a benchmark of modules/regex/benchmarks.json",
                   .describe = benchmark_label},
         .rate = {.count = "bytes", .scale = 1e6, .unit = "MB/s"},
         .first_probe_ops = [](const benchbox::Point&) -> std::uint64_t { return 1; },  // std::regex: a second per scan
         .unavailable = benchmark_unavailable,
         .verify = verify_count,
         .describe_param = [](const benchbox::Point& p) { return benchmark_label(p); }},
    }};

const benchbox::ModuleRegistration registration{regex_module};

}  // namespace
