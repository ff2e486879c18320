// The regex module's benchmarks as data, shared by module.cpp and the adapters: the table is
// generated from modules/regex/benchmarks.json at configure time (benchmarks.inc).
#pragma once

#include <string_view>

namespace benchbox::regex {

struct Benchmark {
  std::string_view name, pattern, flags, haystack, about;
  bool case_insensitive() const { return flags.find('i') != std::string_view::npos; }
};

inline constexpr Benchmark kBenchmarks[] = {
#include "benchmarks.inc"
};

inline const Benchmark* find_benchmark(std::string_view name) {
  for (const auto& b : kBenchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

}  // namespace benchbox::regex
