// The regex module's adapter side: the count case written once for every engine.
//
// An engine folder supplies one class with
//   Engine(std::string_view pattern, bool case_insensitive);   // compiles, or throws with the engine's message
//   bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end);
// (the leftmost match at or after `from`, its offsets into text) and calls add_engine<Engine>().
// count: the engine scans the whole haystack for non-overlapping matches, going on from each
// match's end (one byte further after an empty match); the timed region holds the scans and a
// local count; the sum of the match offsets is computed on an untimed scan (docs/regex.md).
#pragma once

#include <benchbox/adapter.hpp>

#include <fstream>
#include <functional>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>

#include "benchmarks.hpp"

namespace benchbox::regex {

inline std::string load_haystack(std::string_view name) {
  if (name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") != std::string_view::npos)
    throw std::runtime_error("not a haystack name: '" + std::string(name) + "'");
  const std::string path = benchbox::data_dir() + "/" + std::string(name) + ".txt";
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path + " (rebuild benchbox: the regex_data step writes it)");
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// One scan: the number of matches, and (when `offsets` is given) the sum of their starts.
template <class Engine>
std::uint64_t scan(Engine& engine, const std::string& text, std::uint64_t* offsets = nullptr) {
  std::uint64_t matches = 0;
  std::size_t from = 0, start = 0, end = 0;
  while (from <= text.size() && engine.find(text.data(), text.size(), from, start, end)) {
    ++matches;
    if (offsets) *offsets += start;
    from = end > start ? end : end + 1;
  }
  return matches;
}

template <class Engine>
void run_count(Trial& trial) {
  const Benchmark* b = find_benchmark(trial.param_text());
  if (!b) throw std::runtime_error("unknown benchmark " + std::string(trial.param_text()));
  static const std::string text = load_haystack(b->haystack);  // one benchmark per process
  static Engine engine(b->pattern, b->case_insensitive());
  std::uint64_t matches = 0;
  trial.start();
  for (std::uint64_t i = 0; i < trial.ops(); ++i) matches += scan(engine, text);
  trial.stop();
  std::uint64_t offsets = 0;
  const std::uint64_t once = scan(engine, text, &offsets);  // the proof, untimed
  trial.count("matches", matches);
  trial.count("bytes", static_cast<std::uint64_t>(text.size()) * trial.ops());
  trial.count("matches_once", once);
  trial.finish(trial.ops(), offsets);
}

struct EngineInfo {
  std::string api;        // "pcre2_match, UTF-8 off"
  std::string semantics;  // "leftmost-first (backtracking)", "leftmost-longest (POSIX)"
  // Why the engine cannot run a benchmark ("" when it can): its row is n/a with the reason.
  std::function<std::string(const Benchmark&)> cannot_run{};
};

template <class Engine>
void add_engine(Adapter& adapter, const EngineInfo& info) {
  CaseInfo ci{.notes = info.api, .traits = {{"semantics", info.semantics}}};
  if (info.cannot_run)
    for (const auto& b : kBenchmarks)
      if (auto why = info.cannot_run(b); !why.empty()) ci.not_applicable_at.emplace_back(std::string(b.name), why);
  adapter.add("count", ci, run_count<Engine>);
}

}  // namespace benchbox::regex
