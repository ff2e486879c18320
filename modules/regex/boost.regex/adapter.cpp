// Boost.Regex (Perl syntax): boost::regex_search from each position with match_prev_avail after
// the start; leftmost-first.
#include <boost/regex.hpp>
#include <boost/version.hpp>

#include "../common/regex_adapter.hpp"

namespace {

struct BoostRegex {
  boost::regex re;
  BoostRegex(std::string_view pattern, bool case_insensitive)
      : re(std::string(pattern), case_insensitive ? boost::regex::perl | boost::regex::icase : boost::regex::perl) {}
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    boost::cmatch m;
    const auto flags = from > 0 ? boost::match_prev_avail : boost::match_default;
    if (!boost::regex_search(text + from, text + size, m, re, flags)) return false;
    start = static_cast<std::size_t>(m[0].first - text);
    end = static_cast<std::size_t>(m[0].second - text);
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("boost.regex", BOOST_LIB_VERSION);
  benchbox::regex::add_engine<BoostRegex>(
      adapter, {.api = "boost::regex(perl[, icase]), boost::regex_search(cmatch)", .semantics = "leftmost-first (backtracking)"});
  return adapter.main(argc, argv);
}
