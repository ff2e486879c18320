// Boost.Regex (Perl syntax): boost::regex_search from each position with match_prev_avail after
// the start; leftmost-first. As Perl's defaults: ^ and $ at the subject's ends unless m (no_mod_m),
// . not matching a newline (no_mod_s). Past its complexity or stack bound Boost gives up: n/a.
#include <boost/regex.hpp>
#include <boost/version.hpp>

#include "../common/match_results_engine.hpp"

namespace {

using benchbox::regex::Flags;

struct BoostSyntax {
  using regex = boost::regex;
  using cmatch = boost::cmatch;
  using error = boost::regex_error;
  static boost::regex::flag_type options(Flags flags) {
    return boost::regex::perl | boost::regex::no_mod_s | (flags.multiline ? 0 : boost::regex::no_mod_m) |
           (flags.case_insensitive ? boost::regex::icase : 0);
  }
  static bool search(const char* first, const char* last, boost::cmatch& m, const boost::regex& re, bool prev_avail) {
    return boost::regex_search(first, last, m, re, prev_avail ? boost::match_prev_avail : boost::match_default);
  }
  static constexpr auto kComplexity = boost::regex_constants::error_complexity;
  static constexpr auto kStack = boost::regex_constants::error_stack;
  static constexpr const char* kSearch = "boost::regex_search";
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::regex::Library("boost.regex", BOOST_LIB_VERSION).add<benchbox::regex::MatchResultsEngine<BoostSyntax>>().main(argc, argv);
}
