// RE2: an RE2 object made once (Latin-1 encoding: the haystacks are ASCII, and RE2's UTF-8 default
// would decode every byte), RE2::Match from each position, UNANCHORED; leftmost-first semantics.
#include <re2/re2.h>

#include <memory>

#include "../common/regex_adapter.hpp"

namespace {

struct Re2 {
  std::unique_ptr<re2::RE2> re;
  Re2(std::string_view pattern, bool case_insensitive) {
    re2::RE2::Options options;
    options.set_encoding(re2::RE2::Options::EncodingLatin1);
    options.set_case_sensitive(!case_insensitive);
    options.set_log_errors(false);
    re = std::make_unique<re2::RE2>(re2::StringPiece(pattern.data(), pattern.size()), options);
    if (!re->ok()) throw std::runtime_error("RE2: " + re->error());
  }
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    re2::StringPiece match;
    if (!re->Match(re2::StringPiece(text, size), from, size, re2::RE2::UNANCHORED, &match, 1)) return false;
    start = static_cast<std::size_t>(match.data() - text);
    end = start + match.size();
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("re2", BB_RE2_VERSION);
  benchbox::regex::add_engine<Re2>(
      adapter, {.api = "RE2(pattern, Latin-1, case_sensitive), RE2::Match(UNANCHORED, 1 group)",
                .semantics = "leftmost-first (automata, no backtracking)"});
  return adapter.main(argc, argv);
}
