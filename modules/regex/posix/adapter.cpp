// POSIX regex (glibc): regcomp(REG_EXTENDED[, REG_ICASE][, REG_NEWLINE for m]), regexec with
// REG_STARTEND from each position (glibc reads the byte before it for ^); leftmost-longest
// semantics. The benchmarks are chosen so that this gives the same matches as leftmost-first
// (benchmarks.json).
#include <gnu/libc-version.h>
#include <regex.h>

#include <limits>

#include "../common/regex_adapter.hpp"

namespace {

using benchbox::regex::Flags;
using benchbox::regex::Span;

struct Posix {
  static constexpr std::size_t kMaxHaystack = std::numeric_limits<regoff_t>::max();
  static constexpr const char* kMaxHaystackWhy = "regoff_t offsets are 32-bit in glibc";
  regex_t re{};
  std::vector<regmatch_t> m;
  Posix(std::string_view pattern, Flags flags) {
    const int rc = regcomp(&re, std::string(pattern).c_str(),
                           REG_EXTENDED | (flags.case_insensitive ? REG_ICASE : 0) | (flags.multiline ? REG_NEWLINE : 0));
    if (rc != 0) {
      char message[256];
      regerror(rc, &re, message, sizeof message);
      regfree(&re);
      throw std::runtime_error(std::string("regcomp: ") + message);
    }
    m.resize(re.re_nsub + 1);
  }
  ~Posix() { regfree(&re); }
  Posix(const Posix&) = delete;
  Posix& operator=(const Posix&) = delete;
  bool search(const char* text, std::size_t size, std::size_t from, std::size_t groups) {
    m[0].rm_so = static_cast<regoff_t>(from);
    m[0].rm_eo = static_cast<regoff_t>(size);
    return regexec(&re, text, groups, m.data(), REG_STARTEND | (from > 0 ? REG_NOTBOL : 0)) == 0;
  }
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    if (!search(text, size, from, 1)) return false;
    start = static_cast<std::size_t>(m[0].rm_so);
    end = static_cast<std::size_t>(m[0].rm_eo);
    return true;
  }
  bool find_groups(const char* text, std::size_t size, std::size_t from, std::vector<Span>& groups) {
    if (!search(text, size, from, m.size())) return false;
    groups.assign(m.size(), benchbox::regex::kUnset);
    for (std::size_t g = 0; g < m.size(); ++g)
      if (m[g].rm_so >= 0) groups[g] = {static_cast<std::size_t>(m[g].rm_so), static_cast<std::size_t>(m[g].rm_eo)};
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::regex::Library("posix", std::string("glibc ") + gnu_get_libc_version()).add<Posix>().main(argc, argv);
}
