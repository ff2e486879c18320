// std::regex (ECMAScript grammar, libstdc++): std::regex_search from each position with
// match_prev_avail after the start (so that the search knows what precedes it); leftmost-first.
// Flags: icase (i), multiline (m, C++17). Past its complexity or stack bound it gives up: n/a.
#include <regex>

#include "../common/regex_adapter.hpp"

namespace {

using benchbox::regex::Flags;
using benchbox::regex::Span;

struct StdRegex {
  std::regex re;
  std::cmatch m;
  StdRegex(std::string_view pattern, Flags flags)
      : re(std::string(pattern), std::regex::ECMAScript | (flags.case_insensitive ? std::regex::icase : std::regex::flag_type{}) |
                                     (flags.multiline ? std::regex::multiline : std::regex::flag_type{})) {}
  bool search(const char* text, std::size_t size, std::size_t from) {
    try {
      return std::regex_search(text + from, text + size, m, re,
                               from > 0 ? std::regex_constants::match_prev_avail : std::regex_constants::match_default);
    } catch (const std::regex_error& e) {
      if (e.code() == std::regex_constants::error_complexity || e.code() == std::regex_constants::error_stack)
        throw benchbox::NotApplicable(std::string("std::regex_search gave up: ") + e.what());
      throw;
    }
  }
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    if (!search(text, size, from)) return false;
    start = from + static_cast<std::size_t>(m.position(0));
    end = start + static_cast<std::size_t>(m.length(0));
    return true;
  }
  bool find_groups(const char* text, std::size_t size, std::size_t from, std::vector<Span>& groups) {
    if (!search(text, size, from)) return false;
    groups.assign(m.size(), benchbox::regex::kUnset);
    for (std::size_t g = 0; g < m.size(); ++g)
      if (m[g].matched) groups[g] = {static_cast<std::size_t>(m[g].first - text), static_cast<std::size_t>(m[g].second - text)};
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("std.regex", "libstdc++ (g++ " __VERSION__ ")");
  benchbox::regex::add_engine<StdRegex>(
      adapter, {.api = "std::regex(ECMAScript, icase for i, multiline for m), std::regex_search(cmatch)",
                .semantics = "leftmost-first (backtracking)",
                .no_unicode = "std::regex over char compares bytes: the standard has no UTF-8 mode and ECMAScript's "
                              "grammar in C++ no \\p{..} classes"});
  return adapter.main(argc, argv);
}
