// std::regex (ECMAScript grammar, libstdc++): std::regex_search from each position with
// match_prev_avail after the start (so that the search knows what precedes it); leftmost-first.
#include <regex>

#include "../common/regex_adapter.hpp"

namespace {

struct StdRegex {
  std::regex re;
  StdRegex(std::string_view pattern, bool case_insensitive)
      : re(std::string(pattern), case_insensitive ? std::regex::ECMAScript | std::regex::icase : std::regex::ECMAScript) {}
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    std::cmatch m;
    const auto flags = from > 0 ? std::regex_constants::match_prev_avail : std::regex_constants::match_default;
    if (!std::regex_search(text + from, text + size, m, re, flags)) return false;
    start = from + static_cast<std::size_t>(m.position(0));
    end = start + static_cast<std::size_t>(m.length(0));
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("std.regex", "libstdc++ (g++ " __VERSION__ ")");
  benchbox::regex::add_engine<StdRegex>(
      adapter, {.api = "std::regex(ECMAScript[, icase]), std::regex_search(cmatch)", .semantics = "leftmost-first (backtracking)"});
  return adapter.main(argc, argv);
}
