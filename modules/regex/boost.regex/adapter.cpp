// Boost.Regex (Perl syntax): boost::regex_search from each position with match_prev_avail after
// the start; leftmost-first. As Perl's defaults: ^ and $ at the subject's ends unless m (no_mod_m),
// . not matching a newline (no_mod_s). Past its complexity or stack bound Boost gives up: n/a.
#include <boost/regex.hpp>
#include <boost/version.hpp>

#include "../common/regex_adapter.hpp"

namespace {

using benchbox::regex::Flags;
using benchbox::regex::Span;

struct BoostRegex {
  boost::regex re;
  boost::cmatch m;
  BoostRegex(std::string_view pattern, Flags flags)
      : re(std::string(pattern), boost::regex::perl | boost::regex::no_mod_s | (flags.multiline ? 0 : boost::regex::no_mod_m) |
                                     (flags.case_insensitive ? boost::regex::icase : 0)) {}
  bool search(const char* text, std::size_t size, std::size_t from) {
    try {
      return boost::regex_search(text + from, text + size, m, re, from > 0 ? boost::match_prev_avail : boost::match_default);
    } catch (const boost::regex_error& e) {
      if (e.code() == boost::regex_constants::error_complexity || e.code() == boost::regex_constants::error_stack)
        throw benchbox::NotApplicable(std::string("boost::regex_search gave up: ") + e.what());
      throw;
    }
  }
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    if (!search(text, size, from)) return false;
    start = static_cast<std::size_t>(m[0].first - text);
    end = static_cast<std::size_t>(m[0].second - text);
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
  benchbox::Adapter adapter("boost.regex", BOOST_LIB_VERSION);
  benchbox::regex::add_engine<BoostRegex>(
      adapter, {.api = "boost::regex(perl, no_mod_s, no_mod_m unless m, icase for i), boost::regex_search(cmatch)",
                .semantics = "leftmost-first (backtracking)",
                .no_unicode = "boost::regex over char compares bytes: UTF-8 and \\p{..} classes need its ICU layer "
                              "(u32regex), which this adapter does not use"});
  return adapter.main(argc, argv);
}
