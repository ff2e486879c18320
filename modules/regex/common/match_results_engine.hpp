// An engine for the libraries that share std::regex's API (std::regex, Boost.Regex): a basic_regex
// searched with regex_search into a cmatch, from each position with match_prev_avail after the
// start (so that the search knows what precedes it). Past its complexity or stack bound the search
// gives up: the row is n/a with its message.
//
// A Syntax supplies
//   using regex = ...; using cmatch = ...; using error = ...;  // the library's types
//   static auto options(Flags);                               // the constructor's syntax options
//   static bool search(const char* first, const char* last, cmatch&, const regex&, bool prev_avail);
//   static constexpr auto kComplexity = ..., kStack = ...;    // the error codes of giving up
//   static constexpr const char* kSearch;                     // its search's name, for messages
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "regex_adapter.hpp"

namespace benchbox::regex {

template <class Syntax>
struct MatchResultsEngine {
  typename Syntax::regex re;
  typename Syntax::cmatch m;
  MatchResultsEngine(std::string_view pattern, Flags flags) : re(std::string(pattern), Syntax::options(flags)) {}
  bool search(const char* text, std::size_t size, std::size_t from) {
    try {
      return Syntax::search(text + from, text + size, m, re, from > 0);
    } catch (const typename Syntax::error& e) {
      if (e.code() == Syntax::kComplexity || e.code() == Syntax::kStack)
        throw benchbox::NotApplicable(std::string(Syntax::kSearch) + " gave up: " + e.what());
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
    groups.assign(m.size(), kUnset);
    for (std::size_t g = 0; g < m.size(); ++g)
      if (m[g].matched) groups[g] = {static_cast<std::size_t>(m[g].first - text), static_cast<std::size_t>(m[g].second - text)};
    return true;
  }
};

}  // namespace benchbox::regex
