// ICU: icu::RegexPattern::compile (UREGEX_CASE_INSENSITIVE for i, UREGEX_MULTILINE for m) once, a
// RegexMatcher over a UTF-8 UText of the haystack (utext_openUTF8: no conversion to UTF-16; offsets
// are the UTF-8 bytes'), RegexMatcher::find(from); leftmost-first. ICU always reads Unicode: on the
// ASCII haystacks that is the same as bytes.
#include <unicode/regex.h>
#include <unicode/uversion.h>
#include <unicode/utext.h>

#include <memory>

#include "../common/regex_adapter.hpp"

namespace {

using benchbox::regex::Flags;
using benchbox::regex::Span;

void check(UErrorCode status, const char* call) {
  if (U_FAILURE(status)) throw std::runtime_error(std::string(call) + ": " + u_errorName(status));
}

struct Icu {
  std::unique_ptr<icu::RegexPattern> pattern;
  std::unique_ptr<icu::RegexMatcher> matcher;
  UText* text = nullptr;
  const char* bound = nullptr;  // the buffer `text` reads
  std::size_t bound_size = 0;

  Icu(std::string_view source, Flags flags) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError where{};
    const uint32_t options = (flags.case_insensitive ? UREGEX_CASE_INSENSITIVE : 0) | (flags.multiline ? UREGEX_MULTILINE : 0);
    pattern.reset(icu::RegexPattern::compile(icu::UnicodeString::fromUTF8(icu::StringPiece(source.data(), static_cast<int32_t>(source.size()))),
                                             options, where, status));
    if (U_FAILURE(status))
      throw std::runtime_error("RegexPattern::compile at offset " + std::to_string(where.offset) + ": " + u_errorName(status));
    matcher.reset(pattern->matcher(status));
    check(status, "RegexPattern::matcher");
  }
  ~Icu() {
    matcher.reset();
    if (text) utext_close(text);
  }
  Icu(const Icu&) = delete;
  Icu& operator=(const Icu&) = delete;

  bool search(const char* data, std::size_t size, std::size_t from) {
    UErrorCode status = U_ZERO_ERROR;
    if (data != bound || size != bound_size) {  // a new haystack: bind the matcher to it once
      text = utext_openUTF8(text, data, static_cast<int64_t>(size), &status);
      check(status, "utext_openUTF8");
      matcher->reset(text);
      bound = data;
      bound_size = size;
    }
    const bool found = matcher->find(static_cast<int64_t>(from), status);
    check(status, "RegexMatcher::find");
    return found;
  }
  bool find(const char* data, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    if (!search(data, size, from)) return false;
    UErrorCode status = U_ZERO_ERROR;
    start = static_cast<std::size_t>(matcher->start64(status));
    end = static_cast<std::size_t>(matcher->end64(status));
    return true;
  }
  bool find_groups(const char* data, std::size_t size, std::size_t from, std::vector<Span>& groups) {
    if (!search(data, size, from)) return false;
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = matcher->groupCount();
    groups.assign(static_cast<std::size_t>(n) + 1, benchbox::regex::kUnset);
    for (int32_t g = 0; g <= n; ++g) {
      const int64_t s = matcher->start64(g, status);
      if (s >= 0) groups[static_cast<std::size_t>(g)] = {static_cast<std::size_t>(s), static_cast<std::size_t>(matcher->end64(g, status))};
    }
    check(status, "RegexMatcher::start64");
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::regex::Library("icu", U_ICU_VERSION).add<Icu>().main(argc, argv);
}
