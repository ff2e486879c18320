// The regex module, driver side: the count, captures and compile cases over the benchmarks of
// benchmarks.json (or the user's own pattern and file), and how each trial's proof is checked
// (modules/regex/README.md). The expected results are those of Python's re, never an engine under test's:
// computed at build time for a benchmark on its own haystack (data/expected.json), at run time by
// data/expect.py for anything else (the user's pattern or file, a benchmark on another haystack).
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cases.hpp"
#include "common/benchmarks.hpp"
#include <benchbox/child_output.hpp>
#include <benchbox/module.hpp>

// Inside the module's namespace: its case ids and proofs by their short names.
namespace benchbox::regex {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kNeedsHaystack =
    "a pattern of your own needs a haystack: benchbox regex -n count PATTERN FILE (or english, log, unicode, backtrack)";

// What a point asks for, as the driver sees it.
struct Ask {
  const Benchmark* benchmark = nullptr;  // or the user's own pattern
  std::string pattern;                   // the user's, or the benchmark's name
  std::string haystack = kOwnHaystack;          // own, a haystack's name, or a file's path
};

Ask ask_of(const benchbox::Point& p) {
  const AxisValue* pattern = p.find(kPatternAxis);
  const AxisValue* haystack = p.find(kHaystackAxis);
  Ask a;
  a.pattern = pattern ? pattern->text : p.first().text;
  a.benchmark = find_benchmark(a.pattern);
  if (haystack) a.haystack = haystack->text;
  return a;
}

// The haystack's file; empty for a user's pattern on "own" (there is none).
fs::path haystack_file(const Ask& a, const fs::path& data_dir, bool compile) {
  if (a.haystack.front() == '/') return a.haystack;
  if (a.haystack != kOwnHaystack) return data_dir / (a.haystack + ".txt");
  if (a.benchmark) return data_dir / (std::string(a.benchmark->haystack) + ".txt");
  return compile ? data_dir / "english.txt" : fs::path();  // compile's proof scans english's first 64 KiB
}

// Python's re's results (data/expect.py's fields).
struct Expected {
  std::uint64_t count = 0, start_sum = 0, end_sum = 0, groups = 0, groups_matched = 0, group_sum = 0, sample_count = 0;
};

std::optional<Expected> expected_from(const json& j, std::string& error) {
  if (!j.is_object()) return error = "no expected results", std::nullopt;
  if (j.contains("error") && j["error"].is_string()) return error = j["error"].get<std::string>(), std::nullopt;
  Expected e;
  for (auto [key, slot] : {std::pair{"count", &e.count}, {"start_sum", &e.start_sum}, {"end_sum", &e.end_sum}, {"groups", &e.groups},
                           {"groups_matched", &e.groups_matched}, {"group_sum", &e.group_sum}, {"sample_count", &e.sample_count}}) {
    if (!j.contains(key) || !j[key].is_number_unsigned()) return error = std::string("expected results without ") + key, std::nullopt;
    *slot = j[key].get<std::uint64_t>();
  }
  return e;
}

constexpr unsigned kExpectSeconds = 60;

// Standard output of a program run with these arguments (no shell: a pattern is passed as it is).
std::optional<std::string> output_of(const std::vector<std::string>& args, std::string& error) {
  int fds[2];
  if (pipe(fds) != 0) return error = "pipe failed", std::nullopt;
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return error = "cannot compute the expected results: fork failed", std::nullopt;
  }
  if (pid == 0) {
    alarm(kExpectSeconds);  // survives exec: Python's re on a pattern it backtracks on would take hours
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  close(fds[1]);
  auto [out, status] = benchbox::read_until_exit(fds[0], pid);
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
    return error = "cannot verify: Python's re did not finish within " + std::to_string(kExpectSeconds) +
                   " s on this pattern (it backtracks); no engine's count can be checked",
           std::nullopt;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return error = "cannot compute the expected results: " + args[0] + " " + args[1] +
                   (WIFEXITED(status) && WEXITSTATUS(status) == 127 ? " did not start (apt-get install python3)" : " failed"),
           std::nullopt;
  return std::move(out);
}

// The expected results of a point, computed once per run.
std::optional<Expected> expected_for(const CaseContext& c, bool compile, std::string& error) {
  const Ask a = ask_of(c.point);
  const fs::path file = haystack_file(a, c.data_dir, compile);
  const bool own = a.benchmark && file == c.data_dir / (std::string(a.benchmark->haystack) + ".txt");
  static std::map<std::string, std::optional<Expected>> known;
  static std::map<std::string, std::string> errors;
  const std::string key = own ? std::string(a.benchmark->name) : a.pattern + '\0' + file.string();
  if (auto it = known.find(key); it != known.end()) return error = errors[key], it->second;
  json j;
  if (own) {
    std::ifstream in(c.data_dir / "expected.json");
    const auto all = json::parse(in, nullptr, false);
    const std::string name(a.benchmark->name);
    j = all.is_object() && all.contains(name) ? all[name] : json();
    if (j.is_null()) j = {{"error", "no expected results for " + a.pattern + " in " + (c.data_dir / "expected.json").string() + " (rebuild benchbox)"}};
  } else {
    const std::string pattern = !a.benchmark ? a.pattern : std::string(a.benchmark->reference.empty() ? a.benchmark->pattern : a.benchmark->reference);
    const std::string flags = a.benchmark ? std::string(a.benchmark->flag_letters) : "";
    if (auto out = output_of({"python3", (c.data_dir / "expect.py").string(), pattern, flags, file.string()}, error))
      j = json::parse(*out, nullptr, false);
    else
      j = {{"error", error}};
  }
  known[key] = expected_from(j, error);
  errors[key] = error;
  return known[key];
}

std::optional<std::string> count_is(const TrialProof& p, const std::string& name, std::uint64_t expected, const std::string& what) {
  auto it = p.counts.find(name);
  if (it == p.counts.end()) return "the adapter reported no '" + name + "' count";
  if (it->second != expected) return what + " " + std::to_string(it->second) + ", expected " + std::to_string(expected);
  return std::nullopt;
}

// What count and captures check first: every scan done, one scan's matches as many as Python's
// re's. Sets `e` to the expectation for the rest of their checks.
std::optional<std::string> verify_scans(const CaseContext& c, const TrialProof& p, std::optional<Expected>& e) {
  if (p.done != p.ops) return "did " + std::to_string(p.done) + " scans, asked for " + std::to_string(p.ops);
  std::string error;
  e = expected_for(c, false, error);
  if (!e) return error;
  return count_is(p, proof::kMatchesOnce, e->count, "matches in one scan");
}

std::optional<std::string> verify_count(const CaseContext& c, const TrialProof& p) {
  std::optional<Expected> e;
  if (auto wrong = verify_scans(c, p, e)) return wrong;
  if (auto wrong = count_is(p, proof::kMatches, e->count * p.ops, "matches in all timed scans")) return wrong;
  if (p.checksum != e->start_sum)
    return "sum of the match starts " + std::to_string(p.checksum) + ", expected " + std::to_string(e->start_sum) +
           " (other matches than Python's re's)";
  return count_is(p, proof::kEndSum, e->end_sum, "sum of the match ends (other matches than Python's re's)");
}

std::optional<std::string> verify_captures(const CaseContext& c, const TrialProof& p) {
  std::optional<Expected> e;
  if (auto wrong = verify_scans(c, p, e)) return wrong;
  if (auto wrong = count_is(p, proof::kGroupsOnce, e->groups_matched, "capture groups that took part, in one scan")) return wrong;
  if (auto wrong = count_is(p, proof::kGroupsMatched, e->groups_matched * p.ops, "capture groups that took part, in all timed scans"))
    return wrong;
  if (auto wrong = count_is(p, proof::kStartSum, e->start_sum, "sum of the match starts (other matches than Python's re's)")) return wrong;
  if (auto wrong = count_is(p, proof::kEndSum, e->end_sum, "sum of the match ends (other matches than Python's re's)")) return wrong;
  if (p.checksum != e->group_sum)
    return "sum of the groups' offsets " + std::to_string(p.checksum) + ", expected " + std::to_string(e->group_sum) +
           " (other groups than Python's re's)";
  return std::nullopt;
}

std::optional<std::string> verify_compile(const CaseContext& c, const TrialProof& p) {
  if (p.done != p.ops) return "compiled " + std::to_string(p.done) + " times, asked for " + std::to_string(p.ops);
  std::string error;
  const auto e = expected_for(c, true, error);
  if (!e) return error;
  return count_is(p, proof::kSampleMatches, e->sample_count, "matches of the last compiled pattern in the haystack's first 64 KiB");
}

// The benchmarks give the same matches under leftmost-first and leftmost-longest semantics (their
// rule); a pattern of the user's need not, and Python's re, the reference, is leftmost-first: a
// leftmost-longest engine that finds other matches there is n/a, not wrong. Only a difference from
// the reference is excused: work not done, no reference at all (Python's re gave up), a count the
// verifier reads missing, or timed scans that disagree with the untimed one stay failures.
// `reads`: the counts the case's verifier reads; `per_scan`: pairs of (one scan, all timed scans).
benchbox::CaseSpec::Unverifiable unverifiable_in(bool compile, std::vector<std::string> reads,
                                                 std::vector<std::pair<std::string, std::string>> per_scan) {
  return [=](const CaseContext& c, const TrialProof& p) -> std::optional<std::string> {
    const std::string semantics = c.traits.value(proof::kSemantics);
    if (p.done != p.ops || ask_of(c.point).benchmark || semantics.rfind("leftmost-longest", 0) != 0) return std::nullopt;
    std::string error;
    if (!expected_for(c, compile, error)) return std::nullopt;
    for (const auto& name : reads)
      if (!p.counts.count(name)) return std::nullopt;
    for (const auto& [once, all] : per_scan)
      if (p.counts.at(all) != p.counts.at(once) * p.ops) return std::nullopt;
    return "its semantics, " + semantics + ", may find other matches than leftmost-first Python's re, the reference, "
           "on a pattern of yours: not comparable";
  };
}

std::optional<std::string> unavailable(const benchbox::Point& p, const fs::path& dir, bool compile) {
  const Ask a = ask_of(p);
  if (a.benchmark && a.haystack == kOwnHaystack && !fs::exists(dir / "expected.json"))
    return "the haystacks were not generated: they need python3 and Debian's wamerican (run scripts/setup.sh regex), then rebuild benchbox";
  const fs::path file = haystack_file(a, dir, compile);
  if (file.empty()) return kNeedsHaystack;
  if (!fs::exists(file)) return "the haystack " + file.string() + " was not generated (python3 and wamerican; rebuild benchbox)";
  return std::nullopt;
}

std::optional<std::string> needs_haystack(const benchbox::Point& p) {
  const Ask a = ask_of(p);
  return !a.benchmark && a.haystack == kOwnHaystack ? std::optional<std::string>(kNeedsHaystack) : std::nullopt;
}

std::vector<std::string> suite_of(std::string_view case_id) {
  std::vector<std::string> names;
  for (const auto& b : benchbox::regex::kBenchmarks)
    if (b.in_suite_of(case_id)) names.emplace_back(b.name);
  return names;
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

std::optional<std::string> check_pattern(const std::string& text) {
  if (text.size() > 65536) return "longer than 64 KiB";
  return std::nullopt;
}

std::string pattern_label(const AxisValue& v) { return find_benchmark(v.text) ? v.text : "/" + v.text + "/"; }

// "names (english)", "names in log", "/a+b/ in notes.txt".
std::string point_label(const benchbox::Point& p) {
  const Ask a = ask_of(p);
  if (!a.benchmark && a.haystack == kOwnHaystack) return pattern_label({a.pattern, std::nullopt});
  std::string haystack = a.haystack == kOwnHaystack ? std::string(a.benchmark->haystack) : a.haystack;
  if (!haystack.empty() && haystack.front() == '/') haystack = fs::path(haystack).filename().string();
  if (a.benchmark && a.haystack == kOwnHaystack) return a.pattern + " (" + haystack + ")";
  return pattern_label({a.pattern, std::nullopt}) + " in " + haystack;
}

benchbox::AxisSpec pattern_axis(std::string_view case_id) {
  return {.name = kPatternAxis,
          .choices = benchmark_names(),
          .default_value = joined(suite_of(case_id)),
          .suite = suite_of(case_id),
          .help = "a benchmark of modules/regex/benchmarks.json, or a pattern of your own",
          .describe = pattern_label,
          .free_text = check_pattern};
}

benchbox::AxisSpec haystack_axis() {
  std::vector<std::string> names{kOwnHaystack};
  for (auto h : benchbox::regex::kHaystacks) names.emplace_back(h);
  return {.name = kHaystackAxis,
          .choices = names,
          .default_value = kOwnHaystack,
          .suite = {kOwnHaystack},
          .help = "own (the benchmark's), english, log, unicode, backtrack, or the path of your own file",
          .describe = [](const AxisValue& v) { return "in " + (v.file ? fs::path(v.text).filename().string() : v.text); },
          .user_file = [](const fs::path&) -> std::optional<std::string> { return std::nullopt; }};
}

const benchbox::CaseSpec::Rate kMegabytes{.count = proof::kBytes, .scale = 1e6, .unit = "MB/s"};

// count and captures: one scan of the haystack an operation, its bytes as the rate; a pattern of
// the case's own benchmarks over its haystack or another.
benchbox::CaseSpec scan_case(std::string id, std::string description, std::string timed, benchbox::Verifier verify,
                             benchbox::CaseSpec::Unverifiable unverifiable) {
  benchbox::AxisSpec patterns = pattern_axis(id);
  return {.id = std::move(id),
          .unit = "scans",
          .description = std::move(description),
          .timed = std::move(timed),
          .axes = {std::move(patterns), haystack_axis()},
          // What the scans found, on the lines and in the tables: a run on the user's own pattern
          // says how many matches were verified, not only how fast.
          .extra_figures = {benchbox::FigureSpec::found("matches", proof::kMatchesOnce, "matches",
                                                        "matches in one scan of the haystack, each verified against Python's re")},
          .rate = kMegabytes,
          .first_probe_ops = [](const benchbox::Point&) -> std::uint64_t { return 1; },  // std::regex: a tenth of a second per scan
          .refuse_point = needs_haystack,
          .unavailable = [](const benchbox::Point& p, const fs::path& dir) { return unavailable(p, dir, false); },
          .verify = std::move(verify),
          .unverifiable = std::move(unverifiable),
          .ranked = true,
          .describe_point = point_label};
}

const benchbox::Module regex_module{
    .id = "regex",
    .description = "regular expression engines: count the matches of each benchmark's pattern in its haystack",
    .reference_note = "memchr for a literal's first byte and memcmp: the limit of finding a literal on this machine",
    .default_processes = 3,
    .cases = {
        scan_case(case_id(Case::count), "scan the haystack for every non-overlapping match of the pattern",
                  "the engine's searches over the whole haystack, the matches counted in a local (the pattern compiled "
                  "untimed, once per process); proven after the clock: the count and the sums of the match starts and "
                  "ends of one more scan against Python's re's",
                  verify_count,
                  unverifiable_in(false, {proof::kMatchesOnce, proof::kMatches, proof::kEndSum},
                                  {{proof::kMatchesOnce, proof::kMatches}})),
        scan_case(case_id(Case::captures), "scan the haystack for every match of the pattern with its capture groups",
                  "the engine's searches over the whole haystack resolving every capture group, the groups that took "
                  "part counted in a local; proven after the clock: the groups and the sum of their offsets in one more "
                  "scan against Python's re's",
                  verify_captures,
                  unverifiable_in(false,
                                  {proof::kMatchesOnce, proof::kGroupsOnce, proof::kGroupsMatched, proof::kStartSum,
                                   proof::kEndSum},
                                  {{proof::kGroupsOnce, proof::kGroupsMatched}})),
        {.id = case_id(Case::compile),
         .unit = "compiles",
         .description = "compile the pattern (and free the one compiled before)",
         .timed = "the engine's compilation of the pattern (with what a search needs: PCRE2's JIT, Hyperscan's scratch), "
                  "the previous one freed; proven after the clock: the last compiled pattern's matches in the first 64 KiB "
                  "of the haystack against Python's re's",
         .axes = {pattern_axis(case_id(Case::compile))},
         .unavailable = [](const benchbox::Point& p, const fs::path& dir) { return unavailable(p, dir, true); },
         .verify = verify_compile,
         .unverifiable = unverifiable_in(true, {proof::kSampleMatches}, {}),
         .ranked = true},
    }};

const benchbox::ModuleRegistration registration{regex_module};

}  // namespace
}  // namespace benchbox::regex
