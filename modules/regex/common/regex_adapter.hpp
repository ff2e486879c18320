// The regex module's adapter side: its cases written once for every engine (modules/regex/README.md).
//
// An engine folder supplies one class with
//   Engine(std::string_view pattern, Flags flags);  // compiles, or throws std::runtime_error with the engine's message
//   bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end);
//       // the leftmost match at or after `from` (text before `from` is context: ^, lookbehind), offsets into text
// and, where the engine resolves capture groups,
//   bool find_groups(const char* text, std::size_t size, std::size_t from, std::vector<Span>& groups);
//       // the same match, groups[0] the match itself, one Span per group, kUnset where a group took no part
// and its main() returns Library(id, version).add<Engine>().main(argc, argv); describe reads what
// the rows say about the engine (its calls, its semantics, what it cannot run) from the folder's
// library.json (EngineInfo). An engine that gives up by its own limit (PCRE2's match limit) throws
// benchbox::NotApplicable: the row is n/a with its message.
//
//   count     one operation: one scan of the haystack for every non-overlapping match
//   captures  the same scan, each match's capture groups resolved
//   compile   one operation: the pattern compiled (the previous compiled pattern freed)
// The timed region holds the engine's calls and a local count. The proof is computed untimed: a
// scan's count and sums of offsets, checked by module.cpp against Python's re (data/expect.py).
// A first scan in each process, untimed, runs under a time limit: an engine slower than 1 MB/s
// (past 1 s more) is n/a, said so, rather than holding the run (the backtrack benchmark).
#pragma once

#include <benchbox/adapter.hpp>
#include <benchbox/library_facts.hpp>

#include <sys/time.h>
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND 0
#endif
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../cases.hpp"
#include "benchmarks.hpp"

namespace benchbox::regex {

inline constexpr std::size_t kSampleBytes = 65536;  // the compile case's proof scans this much (data/expect.py)

struct Span {
  std::size_t start, end;
};
inline constexpr Span kUnset{static_cast<std::size_t>(-1), static_cast<std::size_t>(-1)};

// What a point asks for: the pattern with its flags, over which haystack.
struct Job {
  std::string pattern;
  Flags flags;
  std::string haystack;  // a haystack's path
  std::string label;     // the benchmark's name, or "your pattern"
  bool users = false;    // the user's own pattern, not a benchmark's
  bool single_end = false;  // every match can end at one place only (benchmarks.json; for a user's pattern: fixed_width)
};

// A pattern without quantifiers or alternation, read byte by byte, matches strings of one length:
// each match ends in one place. Conservative: any of the characters counts, escaped or not.
inline bool fixed_width(std::string_view pattern, Flags flags) {
  return !flags.unicode && pattern.find_first_of("*+?{|") == std::string_view::npos;
}

inline std::string haystack_path(std::string_view name) {
  for (auto known : kHaystacks)
    if (known == name) return benchbox::data_dir() + "/" + std::string(name) + ".txt";
  if (!name.empty() && name.front() == '/') return std::string(name);  // the user's own file
  throw std::runtime_error("not a haystack: '" + std::string(name) + "'");
}

// The point's pattern ("pattern" axis, or the only one): a benchmark's name, or the user's own
// pattern (no flags); its haystack ("haystack" axis: own, a haystack's name, or a file's path).
inline Job job_of(const Trial& trial, bool has_haystack_axis) {
  const std::string_view pattern = has_haystack_axis ? trial.axis_text(kPatternAxis) : trial.axis_text();
  const std::string_view haystack = has_haystack_axis ? trial.axis_text(kHaystackAxis) : kOwnHaystack;
  const Benchmark* b = find_benchmark(pattern);
  Job job{b ? std::string(b->pattern) : std::string(pattern), b ? b->flags() : Flags{}, "", b ? std::string(b->name) : "your pattern",
          !b, b ? b->single_end : fixed_width(pattern, Flags{})};
  if (haystack != kOwnHaystack) job.haystack = haystack_path(haystack);
  else if (b) job.haystack = haystack_path(b->haystack);
  else job.haystack = haystack_path("english");  // the compile case's proof, for the user's own pattern
  return job;
}

inline std::string load_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path + " (rebuild benchbox: the regex_data step writes the haystacks)");
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// The first `bytes` of a haystack, cut back to a character's start in UTF-8 mode (data/expect.py).
inline std::string sample_of(const std::string& text, std::size_t bytes, Flags flags) {
  std::size_t end = std::min(text.size(), bytes);
  while (flags.unicode && end > 0 && end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

// Where the scan goes on after a match: its end, or one character further after an empty match.
inline std::size_t next_from(const std::string& text, std::size_t start, std::size_t end, Flags flags) {
  if (end > start) return end;
  std::size_t next = end + 1;
  while (flags.unicode && next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80) ++next;
  return next;
}

// What one scan found; the offsets only when asked (the proof), never in the timed loop.
struct ScanTotals {
  std::uint64_t matches = 0, start_sum = 0, end_sum = 0, groups_matched = 0, group_sum = 0;
};

// An engine that scans a whole buffer itself (Hyperscan) has
//   template <class F> void for_each_match(const char* text, std::size_t size, F& on_match);
// calling on_match(start, end) for each non-overlapping match in order, instead of find.
template <class Engine>
std::uint64_t scan(Engine& engine, const std::string& text, Flags flags, ScanTotals* totals = nullptr) {
  std::uint64_t matches = 0;
  auto on_match = [&](std::size_t start, std::size_t end) {
    ++matches;
    if (totals) totals->start_sum += start, totals->end_sum += end;
  };
  if constexpr (requires { engine.for_each_match(text.data(), text.size(), on_match); }) {
    engine.for_each_match(text.data(), text.size(), on_match);
  } else {
    std::size_t from = 0, start = 0, end = 0;
    while (from <= text.size() && engine.find(text.data(), text.size(), from, start, end)) {
      on_match(start, end);
      from = next_from(text, start, end, flags);
    }
  }
  if (totals) totals->matches = matches;
  return matches;
}

// The captures case's scan: the groups that took part in each match (group 0 included).
template <class Engine>
std::uint64_t scan_groups(Engine& engine, const std::string& text, Flags flags, std::vector<Span>& groups,
                          ScanTotals* totals = nullptr) {
  std::uint64_t matched = 0;
  std::size_t from = 0;
  while (from <= text.size() && engine.find_groups(text.data(), text.size(), from, groups)) {
    for (const Span& g : groups)
      if (g.start != kUnset.start) {
        ++matched;
        if (totals) totals->group_sum += g.start + g.end;
      }
    if (totals) ++totals->matches, totals->start_sum += groups[0].start, totals->end_sum += groups[0].end;
    from = next_from(text, groups[0].start, groups[0].end, flags);
  }
  if (totals) totals->groups_matched = matched;
  return matched;
}

// Past `seconds`, the process says the row is n/a (protocol.md) and exits: a search that does not
// return cannot be interrupted any other way. The line is made before the timer is armed.
class TimeLimit {
 public:
  TimeLimit(double seconds, const std::string& reason) {
    line() = not_applicable_line(reason);
    std::signal(SIGALRM, [](int) {
      const std::string& l = line();
      [[maybe_unused]] const auto written = ::write(STDOUT_FILENO, l.data(), l.size());
      ::_exit(0);
    });
    itimerval t{};
    t.it_value.tv_sec = static_cast<time_t>(seconds);
    t.it_value.tv_usec = static_cast<suseconds_t>((seconds - static_cast<double>(t.it_value.tv_sec)) * 1e6);
    setitimer(ITIMER_REAL, &t, nullptr);
  }
  ~TimeLimit() {
    itimerval off{};
    setitimer(ITIMER_REAL, &off, nullptr);
  }
  TimeLimit(const TimeLimit&) = delete;
  TimeLimit& operator=(const TimeLimit&) = delete;

 private:
  static std::string& line() {
    static std::string l;
    return l;
  }
};

// 1 s, and 1 s per MB: an engine slower than 1 MB/s is not one to count matches with here.
// Under Callgrind (--instructions) code runs some 50 times slower: the limit stretches as much.
inline double time_limit_seconds(std::size_t bytes) {
  const double factor = RUNNING_ON_VALGRIND ? 50.0 : 1.0;
  return factor * (1.0 + static_cast<double>(bytes) / 1e6);
}

// Runs `work` (a first scan of the haystack) under the time limit.
template <class Work>
void within_time_limit(const Job& job, std::size_t bytes, Work work) {
  char limit[32];
  std::snprintf(limit, sizeof limit, "%.1f", time_limit_seconds(bytes));
  TimeLimit guard(time_limit_seconds(bytes), "no result within the time limit (" + std::string(limit) + " s for " +
                                                 std::to_string(bytes) + " bytes, 1 MB/s): " + job.label +
                                                 " is too slow for this engine (backtracking)");
  work();
}

// The point's engine, compiled once per process. An engine that rejects the user's own pattern
// makes its row n/a with the engine's message (engines differ in what syntax they accept); a
// benchmark's pattern that does not compile is the adapter's failure.
template <class Engine>
Engine& compiled(const Job& job) {
  auto make = [&]() -> Engine* {
    try {
      return new Engine(job.pattern, job.flags);
    } catch (const NotApplicable&) {
      throw;
    } catch (const std::runtime_error& e) {
      if (job.users) throw NotApplicable(std::string("does not compile the pattern: ") + e.what());
      throw;
    }
  };
  static Engine* engine = make();  // lives to the process's end
  return *engine;
}

struct Loaded {
  Job job;
  std::string text;
};

// The point's job and haystack, read once per process (one point per process).
inline const Loaded& loaded(const Trial& trial, bool has_haystack_axis) {
  static const Loaded l = [&] {
    Job job = job_of(trial, has_haystack_axis);
    std::string text = load_file(job.haystack);
    return Loaded{std::move(job), std::move(text)};
  }();
  return l;
}

// An engine whose offsets or lengths are narrower than size_t declares `kMaxHaystack`: a larger
// haystack (a user's file) is n/a, said so, rather than a count over a truncated haystack.
template <class Engine>
void check_haystack_size(std::size_t bytes) {
  if constexpr (requires { Engine::kMaxHaystack; })
    if (bytes > Engine::kMaxHaystack)
      throw NotApplicable("the engine takes at most " + std::to_string(Engine::kMaxHaystack) + " bytes (" +
                          Engine::kMaxHaystackWhy + "); the haystack has " + std::to_string(bytes));
}

// count and captures: the same trial around a different scan, `scan(engine, text, flags, totals)`.
// Untimed: the haystack (within the engine's limit), the pattern compiled once per process, a first
// scan under the time limit. Timed: ops scans, what each returns added up in a local. Untimed again:
// one more scan, whose totals prove the work; returned with the timed sum.
template <class Engine, class Scan>
std::pair<std::uint64_t, ScanTotals> timed_scans(Trial& trial, Scan scan) {
  const auto& [job, text] = loaded(trial, true);
  check_haystack_size<Engine>(text.size());
  Engine& engine = compiled<Engine>(job);
  static const bool checked = (within_time_limit(job, text.size(), [&] { scan(engine, text, job.flags, nullptr); }), true);
  (void)checked;
  std::uint64_t sum = 0;
  trial.start();
  for (std::uint64_t i = 0; i < trial.ops(); ++i) sum += scan(engine, text, job.flags, nullptr);
  trial.stop();
  ScanTotals once;
  scan(engine, text, job.flags, &once);  // the proof, untimed
  trial.count(proof::kBytes, static_cast<std::uint64_t>(text.size()) * trial.ops());
  trial.count(proof::kMatchesOnce, once.matches);
  trial.count(proof::kEndSum, once.end_sum);
  return {sum, once};
}

template <class Engine>
void run_count(Trial& trial) {
  const auto [matches, once] = timed_scans<Engine>(
      trial, [](Engine& engine, const std::string& text, Flags flags, ScanTotals* totals) { return scan(engine, text, flags, totals); });
  trial.count(proof::kMatches, matches);
  trial.finish(trial.ops(), once.start_sum);
}

template <class Engine>
void run_captures(Trial& trial) {
  static std::vector<Span> groups;
  const auto [matched, once] =
      timed_scans<Engine>(trial, [](Engine& engine, const std::string& text, Flags flags, ScanTotals* totals) {
        return scan_groups(engine, text, flags, groups, totals);
      });
  trial.count(proof::kGroupsMatched, matched);
  trial.count(proof::kGroupsOnce, once.groups_matched);
  trial.count(proof::kStartSum, once.start_sum);
  trial.finish(trial.ops(), once.group_sum);
}

template <class Engine>
void run_compile(Trial& trial) {
  const auto& [job, text] = loaded(trial, false);
  static const std::string sample = sample_of(text, kSampleBytes, job.flags);
  (void)compiled<Engine>(job);  // untimed: a user's pattern this engine rejects makes the row n/a
  std::optional<Engine> last;
  trial.start();
  for (std::uint64_t i = 0; i < trial.ops(); ++i) last.emplace(job.pattern, job.flags);  // frees the one before
  trial.stop();
  std::uint64_t found = 0;  // the proof, untimed: the last compiled pattern finds what Python's re finds
  within_time_limit(job, sample.size(), [&] { found = scan(*last, sample, job.flags); });
  trial.count(proof::kSampleMatches, found);
  trial.finish(trial.ops(), 0);
}

// What an engine's rows show, and what it cannot run. In its folder's library.json, the keys of the
// same names (read by engine_info): "api", "semantics"; "no_unicode", "no_captures" and
// "earliest_end" where they apply. cannot_run is code: an adapter sets it itself (the floor).
struct EngineInfo {
  std::string api;        // "pcre2_match, UTF-8 off"
  std::string semantics;  // "leftmost-first (backtracking)", "leftmost-longest (POSIX)"
  // Why the engine cannot run the Unicode (u) benchmarks; empty: it runs them.
  std::string no_unicode{};
  // Why it cannot resolve capture groups (the captures case); empty: it has find_groups.
  std::string no_captures{};
  // It reports the earliest end of each match (Hyperscan): n/a where a match may end in several places.
  bool earliest_end = false;
  // Further benchmarks the engine cannot run, with why ("" when it can).
  std::function<std::string(const Benchmark&)> cannot_run{};
  // Why compile is n/a, for an engine that compiles nothing (the floor: kCompiles = false).
  std::string no_compile{};
};

// The facts of the adapter's library.json; the caller calls facts.done() once it read its own, if any.
inline EngineInfo engine_info(const LibraryFacts& facts) {
  return {.api = facts.text("api"),
          .semantics = facts.text("semantics"),
          .no_unicode = facts.text_or("no_unicode", ""),
          .no_captures = facts.text_or("no_captures", ""),
          .earliest_end = facts.boolean_or("earliest_end", false)};
}

inline std::vector<std::pair<std::string, std::string>> not_applicable_benchmarks(const EngineInfo& info) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& b : kBenchmarks) {
    std::string why = info.cannot_run ? info.cannot_run(b) : "";
    if (why.empty() && b.flags().unicode && !info.no_unicode.empty()) why = info.no_unicode;
    if (why.empty() && info.earliest_end && !b.single_end)
      why = "the engine reports the earliest end of each match; a match of this pattern can end in several places, so "
            "its matches are not the leftmost-first ones the benchmark asks for";
    if (!why.empty()) out.emplace_back(std::string(b.name), why);
  }
  return out;
}

// The benchmarks' semantics are checked before the run (not_applicable_benchmarks); a user's own
// pattern's only here, with the point's job (compile's proof scans too: its cases have no haystack axis).
inline CaseFunction checking_semantics(const EngineInfo& info, CaseFunction run, bool has_haystack_axis = true) {
  if (!info.earliest_end) return run;
  return [run = std::move(run), has_haystack_axis](Trial& trial) {
    const Job job = job_of(trial, has_haystack_axis);
    if (job.users && !job.single_end)
      throw NotApplicable("the engine reports the earliest end of each match; a match of your pattern may end in several "
                          "places (it has a quantifier or an alternation), so its matches could differ from leftmost-first ones");
    run(trial);
  };
}

// Whether the engine compiles its pattern (`static constexpr bool kCompiles = false;`: the floor,
// which searches a literal as it is; its library.json says why in "no_compile").
template <class Engine>
constexpr bool compiles() {
  if constexpr (requires { Engine::kCompiles; }) return Engine::kCompiles;
  return true;
}

template <class Engine>
void add_engine(Adapter& adapter, const EngineInfo& info) {
  const auto traits = std::vector<std::pair<std::string, std::string>>{{proof::kSemantics, info.semantics}};
  const auto na = not_applicable_benchmarks(info);
  adapter.add(case_id(Case::count), CaseInfo{.notes = info.api, .traits = traits, .not_applicable_at = na},
              checking_semantics(info, run_count<Engine>));
  if constexpr (compiles<Engine>())
    adapter.add(case_id(Case::compile), CaseInfo{.notes = info.api, .traits = traits, .not_applicable_at = na},
                checking_semantics(info, run_compile<Engine>, false));
  else
    adapter.not_applicable(case_id(Case::compile), info.no_compile);
  if constexpr (requires(Engine& e, std::vector<Span>& g) { e.find_groups("", 0, 0, g); })
    adapter.add(case_id(Case::captures), CaseInfo{.notes = info.api, .traits = traits, .not_applicable_at = na},
                checking_semantics(info, run_captures<Engine>));
  else
    adapter.not_applicable(case_id(Case::captures),
                           info.no_captures.empty() ? "the engine does not resolve capture groups" : info.no_captures);
}

// A run needs one fact of library.json, which only `describe` reads (a parse before the trials moved
// the compile case's counts by up to 1.8%): whether the engine reports earliest ends (a user's
// pattern is checked with it). The engine's type says so (kEarliestEnd); describe checks the file.
template <class Engine>
constexpr bool earliest_end_of() {
  if constexpr (requires { Engine::kEarliestEnd; }) return Engine::kEarliestEnd;
  return false;
}

// Further benchmarks an engine cannot run, with why ("" when it can): the floor's, those that are
// not literals.
using CannotRun = std::string (*)(const Benchmark&);

// The engine's cases, with its facts read from the adapter's library.json when describing
// ("implementation" and "no_compile" where the engine has them).
template <class Engine>
void add_engine(Adapter& adapter, bool describing, CannotRun cannot_run) {
  if (!describing) {
    EngineInfo run_info;
    run_info.earliest_end = earliest_end_of<Engine>();
    if (cannot_run) run_info.cannot_run = cannot_run;
    return add_engine<Engine>(adapter, run_info);
  }
  const auto facts = LibraryFacts::embedded();
  EngineInfo info = engine_info(facts);
  if (cannot_run) info.cannot_run = cannot_run;
  if (info.earliest_end != earliest_end_of<Engine>())
    facts.problem("\"earliest_end\" differs from the engine's kEarliestEnd in its adapter.cpp");
  if (facts.has("implementation")) adapter.info("implementation", facts.text("implementation"));
  if constexpr (!compiles<Engine>()) info.no_compile = facts.text("no_compile");
  facts.done();
  add_engine<Engine>(adapter, info);
}

// An engine's adapter: `Library(id, version).add<Engine>().main(argc, argv)`. Its library.json is
// read only by `describe`.
class Library : public Adapter {
 public:
  using Adapter::Adapter;
  template <class Engine>
  Library& add(CannotRun cannot_run = nullptr) {
    declare_ = &add_engine<Engine>;
    cannot_run_ = cannot_run;
    return *this;
  }

 protected:
  int serve(int argc, char** argv) override {
    if (declare_) declare_(*this, describing(argc, argv), cannot_run_);
    return Adapter::serve(argc, argv);
  }

 private:
  void (*declare_)(Adapter&, bool, CannotRun) = nullptr;
  CannotRun cannot_run_ = nullptr;
};

}  // namespace benchbox::regex
