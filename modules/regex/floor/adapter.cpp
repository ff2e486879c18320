// The regex module's floor for a benchmark whose pattern is a plain literal (case-sensitive, no
// metacharacter): memchr for its first byte, then memcmp of the rest, the way the fastest engines
// skip ahead. Not glibc's memmem: on this machine it ran at 9.4 GB/s where RE2 and PCRE2 found the
// same 46 matches at 49 and 41 GB/s (a floor they beat was the wrong one). Other benchmarks: n/a.
#include <cstring>

#include "../common/regex_adapter.hpp"

namespace {

bool plain_literal(std::string_view pattern) { return pattern.find_first_of("\\^$.|?*+()[]{}") == std::string_view::npos; }

// Why any other pattern (a benchmark's, or the user's) is n/a here.
constexpr const char* kNotALiteral = "the floor is a plain, case-sensitive literal's limit (memchr, memcmp); this pattern is not one";

struct Memmem {
  std::string needle;
  Memmem(std::string_view pattern, benchbox::regex::Flags flags) : needle(pattern) {
    if (flags.case_insensitive || !plain_literal(pattern) || pattern.empty() || pattern.size() > 4096)
      throw benchbox::NotApplicable(kNotALiteral);
  }
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    if (needle.size() > size - from) return false;
    const char* p = text + from;
    const char* const last = text + size - needle.size();  // the last place a match can start
    while (p <= last) {
      p = static_cast<const char*>(std::memchr(p, needle[0], static_cast<std::size_t>(last - p) + 1));
      if (!p) return false;
      if (std::memcmp(p + 1, needle.data() + 1, needle.size() - 1) == 0) {
        start = static_cast<std::size_t>(p - text);
        end = start + needle.size();
        return true;
      }
      ++p;
    }
    return false;
  }
};

}  // namespace

int main(int argc, char** argv) {
  using benchbox::regex::Case;
  benchbox::Adapter adapter("floor", BENCHBOX_VERSION);
  benchbox::regex::EngineInfo info;
  std::string no_compile;
  if (benchbox::describing(argc, argv)) {  // only describe reads library.json (regex_adapter.hpp)
    const auto facts = benchbox::LibraryFacts::embedded();
    info = benchbox::regex::engine_info(facts);
    adapter.info("implementation", facts.text("implementation"));
    no_compile = facts.text("no_compile");
    facts.done();
  }
  info.cannot_run = [](const benchbox::regex::Benchmark& b) -> std::string {
    return b.flags().case_insensitive || !plain_literal(b.pattern) ? kNotALiteral : "";
  };
  benchbox::regex::add_engine<Memmem>(adapter, info);
  adapter.not_applicable(benchbox::regex::case_id(Case::compile), no_compile);
  return adapter.main(argc, argv);
}
