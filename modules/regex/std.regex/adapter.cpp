// std::regex (ECMAScript grammar, libstdc++): std::regex_search from each position with
// match_prev_avail after the start (so that the search knows what precedes it); leftmost-first.
// Flags: icase (i), multiline (m, C++17). Past its complexity or stack bound it gives up: n/a.
#include <regex>

#include "../common/match_results_engine.hpp"

namespace {

using benchbox::regex::Flags;

struct StdSyntax {
  using regex = std::regex;
  using cmatch = std::cmatch;
  using error = std::regex_error;
  static std::regex::flag_type options(Flags flags) {
    return std::regex::ECMAScript | (flags.case_insensitive ? std::regex::icase : std::regex::flag_type{}) |
           (flags.multiline ? std::regex::multiline : std::regex::flag_type{});
  }
  static bool search(const char* first, const char* last, std::cmatch& m, const std::regex& re, bool prev_avail) {
    return std::regex_search(first, last, m, re,
                             prev_avail ? std::regex_constants::match_prev_avail : std::regex_constants::match_default);
  }
  static constexpr auto kComplexity = std::regex_constants::error_complexity;
  static constexpr auto kStack = std::regex_constants::error_stack;
  static constexpr const char* kSearch = "std::regex_search";
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::regex::Library("std.regex", "libstdc++ (g++ " __VERSION__ ")").add<benchbox::regex::MatchResultsEngine<StdSyntax>>().main(argc, argv);
}
