// RE2: an RE2 object made once, RE2::Match from each position, UNANCHORED; leftmost-first. Latin-1
// encoding unless the benchmark asks for UTF-8 (u): RE2 decodes UTF-8 by default, which costs on
// every byte and is not what byte-oriented patterns ask for. Multi-line (m): the pattern gets (?m).
#include <re2/re2.h>

#include <memory>

#include "../common/regex_adapter.hpp"

namespace {

using benchbox::regex::Flags;
using benchbox::regex::Span;

struct Re2 {
  std::unique_ptr<re2::RE2> re;
  std::vector<re2::StringPiece> pieces;
  Re2(std::string_view pattern, Flags flags) {
    re2::RE2::Options options;
    options.set_encoding(flags.unicode ? re2::RE2::Options::EncodingUTF8 : re2::RE2::Options::EncodingLatin1);
    options.set_case_sensitive(!flags.case_insensitive);
    options.set_log_errors(false);
    const std::string text = (flags.multiline ? "(?m)" : "") + std::string(pattern);
    re = std::make_unique<re2::RE2>(text, options);
    if (!re->ok()) throw std::runtime_error("RE2: " + re->error());
    pieces.resize(static_cast<std::size_t>(re->NumberOfCapturingGroups()) + 1);
  }
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    re2::StringPiece match;
    if (!re->Match(re2::StringPiece(text, size), from, size, re2::RE2::UNANCHORED, &match, 1)) return false;
    start = static_cast<std::size_t>(match.data() - text);
    end = start + match.size();
    return true;
  }
  bool find_groups(const char* text, std::size_t size, std::size_t from, std::vector<Span>& groups) {
    if (!re->Match(re2::StringPiece(text, size), from, size, re2::RE2::UNANCHORED, pieces.data(), static_cast<int>(pieces.size())))
      return false;
    groups.assign(pieces.size(), benchbox::regex::kUnset);
    for (std::size_t g = 0; g < pieces.size(); ++g)
      if (pieces[g].data()) groups[g] = {static_cast<std::size_t>(pieces[g].data() - text), static_cast<std::size_t>(pieces[g].data() - text) + pieces[g].size()};
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::regex::Library("re2", BB_LIBRARY_VERSION).add<Re2>().main(argc, argv);
}
