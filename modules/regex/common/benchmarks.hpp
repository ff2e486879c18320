// The regex module's benchmarks as data, shared by module.cpp and the adapters: the table is
// generated from modules/regex/benchmarks.json at configure time (benchmarks.inc).
#pragma once

#include <string_view>

namespace benchbox::regex {

// How a pattern is to be read: benchmarks.json's flags letters.
struct Flags {
  bool case_insensitive = false;  // i
  bool multiline = false;         // m: ^ and $ at every line
  bool unicode = false;           // u: the haystack is UTF-8 text and classes are Unicode's
  static constexpr Flags of(std::string_view letters) {
    return {letters.find('i') != std::string_view::npos, letters.find('m') != std::string_view::npos,
            letters.find('u') != std::string_view::npos};
  }
};

struct Benchmark {
  std::string_view name, pattern, flag_letters, haystack, about;
  bool single_end;          // every match can end at one place only (modules/regex/README.md, Hyperscan)
  std::string_view suites;  // the cases whose suite runs it, "count,compile,"
  std::string_view reference;  // the pattern Python's re computes the expected results with, where not `pattern`
  Flags flags() const { return Flags::of(flag_letters); }
  bool in_suite_of(std::string_view case_id) const {
    for (std::size_t at = 0; at < suites.size();) {
      const std::size_t comma = suites.find(',', at);
      const std::size_t end = comma == std::string_view::npos ? suites.size() : comma;
      if (suites.substr(at, end - at) == case_id) return true;
      at = end + 1;
    }
    return false;
  }
};

inline constexpr Benchmark kBenchmarks[] = {
#include "benchmarks.inc"
};

inline const Benchmark* find_benchmark(std::string_view name) {
  for (const auto& b : kBenchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

// The haystacks a benchmark may name, generated at build time (data/generate.py).
inline constexpr std::string_view kHaystacks[] = {"english", "log", "unicode", "backtrack"};

}  // namespace benchbox::regex
