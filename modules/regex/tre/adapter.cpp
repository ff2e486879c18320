// TRE: tre_regncomp(REG_EXTENDED[, REG_ICASE][, REG_NEWLINE for m]) once, tre_regnexec on the rest
// of the haystack; leftmost-longest (POSIX), like glibc's. TRE sees only the rest, not the byte
// before it: REG_NOTBOL tells it that the rest does not start a line (unless, under m, a newline
// precedes it).
#include <tre/tre.h>

#include "../common/regex_adapter.hpp"

namespace {

using benchbox::regex::Flags;
using benchbox::regex::Span;

struct Tre {
  regex_t re{};
  bool multiline;
  std::vector<regmatch_t> m;
  Tre(std::string_view pattern, Flags flags) : multiline(flags.multiline) {
    const int rc = tre_regncomp(&re, pattern.data(), pattern.size(),
                                REG_EXTENDED | (flags.case_insensitive ? REG_ICASE : 0) | (flags.multiline ? REG_NEWLINE : 0));
    if (rc != REG_OK) {
      char message[256];
      tre_regerror(rc, &re, message, sizeof message);
      throw std::runtime_error(std::string("tre_regncomp: ") + message);
    }
    m.resize(re.re_nsub + 1);
  }
  ~Tre() { tre_regfree(&re); }
  Tre(const Tre&) = delete;
  Tre& operator=(const Tre&) = delete;
  bool search(const char* text, std::size_t size, std::size_t from, std::size_t groups) {
    const bool line_start = from == 0 || (multiline && text[from - 1] == '\n');
    return tre_regnexec(&re, text + from, size - from, groups, m.data(), line_start ? 0 : REG_NOTBOL) == REG_OK;
  }
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    if (!search(text, size, from, 1)) return false;
    start = from + static_cast<std::size_t>(m[0].rm_so);
    end = from + static_cast<std::size_t>(m[0].rm_eo);
    return true;
  }
  bool find_groups(const char* text, std::size_t size, std::size_t from, std::vector<Span>& groups) {
    if (!search(text, size, from, m.size())) return false;
    groups.assign(m.size(), benchbox::regex::kUnset);
    for (std::size_t g = 0; g < m.size(); ++g)
      if (m[g].rm_so >= 0) groups[g] = {from + static_cast<std::size_t>(m[g].rm_so), from + static_cast<std::size_t>(m[g].rm_eo)};
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::regex::Library("tre", tre_version()).add<Tre>().main(argc, argv);
}
