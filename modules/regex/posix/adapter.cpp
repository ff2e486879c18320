// POSIX regex (glibc): regcomp(REG_EXTENDED[, REG_ICASE]), regexec with REG_STARTEND from each
// position (REG_NOTBOL after the start); leftmost-longest semantics. The benchmarks are chosen so
// that this gives the same matches as leftmost-first (benchmarks.json).
#include <gnu/libc-version.h>
#include <regex.h>

#include "../common/regex_adapter.hpp"

namespace {

struct Posix {
  regex_t re{};
  Posix(std::string_view pattern, bool case_insensitive) {
    const int rc = regcomp(&re, std::string(pattern).c_str(), REG_EXTENDED | (case_insensitive ? REG_ICASE : 0));
    if (rc != 0) {
      char message[256];
      regerror(rc, &re, message, sizeof message);
      throw std::runtime_error(std::string("regcomp: ") + message);
    }
  }
  ~Posix() { regfree(&re); }
  Posix(const Posix&) = delete;
  Posix& operator=(const Posix&) = delete;
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    regmatch_t m[1];
    m[0].rm_so = static_cast<regoff_t>(from);
    m[0].rm_eo = static_cast<regoff_t>(size);
    if (regexec(&re, text, 1, m, REG_STARTEND | (from > 0 ? REG_NOTBOL : 0)) != 0) return false;
    start = static_cast<std::size_t>(m[0].rm_so);
    end = static_cast<std::size_t>(m[0].rm_eo);
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("posix", std::string("glibc ") + gnu_get_libc_version());
  benchbox::regex::add_engine<Posix>(
      adapter, {.api = "regcomp(REG_EXTENDED[, REG_ICASE]), regexec(REG_STARTEND)", .semantics = "leftmost-longest (POSIX)"});
  return adapter.main(argc, argv);
}
