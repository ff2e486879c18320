// TRE: tre_regncomp(REG_EXTENDED[, REG_ICASE]) once, tre_regnexec on the rest of the haystack
// (REG_NOTBOL after the start); leftmost-longest (POSIX), like glibc's.
#include <tre/tre.h>

#include "../common/regex_adapter.hpp"

namespace {

struct Tre {
  regex_t re{};
  Tre(std::string_view pattern, bool case_insensitive) {
    const int rc = tre_regncomp(&re, pattern.data(), pattern.size(), REG_EXTENDED | (case_insensitive ? REG_ICASE : 0));
    if (rc != REG_OK) {
      char message[256];
      tre_regerror(rc, &re, message, sizeof message);
      throw std::runtime_error(std::string("tre_regncomp: ") + message);
    }
  }
  ~Tre() { tre_regfree(&re); }
  Tre(const Tre&) = delete;
  Tre& operator=(const Tre&) = delete;
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    regmatch_t m[1];
    if (tre_regnexec(&re, text + from, size - from, 1, m, from > 0 ? REG_NOTBOL : 0) != REG_OK) return false;
    start = from + static_cast<std::size_t>(m[0].rm_so);
    end = from + static_cast<std::size_t>(m[0].rm_eo);
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("tre", tre_version());
  benchbox::regex::add_engine<Tre>(
      adapter, {.api = "tre_regncomp(REG_EXTENDED[, REG_ICASE]), tre_regnexec", .semantics = "leftmost-longest (POSIX)"});
  return adapter.main(argc, argv);
}
