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
  static constexpr bool kCompiles = false;  // a literal is searched as it is: compile is n/a
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
  benchbox::regex::Library floor("floor", BENCHBOX_VERSION);
  floor.add<Memmem>([](const benchbox::regex::Benchmark& b) -> std::string {
    return b.flags().case_insensitive || !plain_literal(b.pattern) ? kNotALiteral : "";
  });
  return floor.main(argc, argv);
}
