// Oniguruma: onig_new (Perl syntax; ASCII encoding, or UTF-8 for u; IGNORECASE for i,
// NEGATE_SINGLELINE for m: Perl syntax's ^ and $ are the subject's ends otherwise) once,
// onig_search from each position with a region made once; leftmost-first. Past its retry limit
// Oniguruma gives up: n/a.
#include <oniguruma.h>

#include "../common/regex_adapter.hpp"

namespace {

using benchbox::regex::Flags;
using benchbox::regex::Span;

std::string onig_message(int rc, OnigErrorInfo* info = nullptr) {
  OnigUChar message[ONIG_MAX_ERROR_MESSAGE_LEN];
  onig_error_code_to_str(message, rc, info);
  return reinterpret_cast<char*>(message);
}

struct Onig {
  regex_t* re = nullptr;
  OnigRegion* region = onig_region_new();
  Onig(std::string_view pattern, Flags flags) {
    static OnigEncoding encodings[] = {ONIG_ENCODING_ASCII, ONIG_ENCODING_UTF8};
    static const int initialized = onig_initialize(encodings, 2);
    (void)initialized;
    OnigErrorInfo info;
    const auto* p = reinterpret_cast<const OnigUChar*>(pattern.data());
    const OnigOptionType options = (flags.case_insensitive ? ONIG_OPTION_IGNORECASE : ONIG_OPTION_NONE) |
                                   (flags.multiline ? ONIG_OPTION_NEGATE_SINGLELINE : ONIG_OPTION_NONE);
    const int rc = onig_new(&re, p, p + pattern.size(), options, flags.unicode ? ONIG_ENCODING_UTF8 : ONIG_ENCODING_ASCII,
                            ONIG_SYNTAX_PERL, &info);
    if (rc != ONIG_NORMAL) {
      onig_region_free(region, 1);
      throw std::runtime_error("onig_new: " + onig_message(rc, &info));
    }
  }
  ~Onig() {
    onig_region_free(region, 1);
    onig_free(re);
  }
  Onig(const Onig&) = delete;
  Onig& operator=(const Onig&) = delete;
  bool search(const char* text, std::size_t size, std::size_t from) {
    const auto* s = reinterpret_cast<const OnigUChar*>(text);
    const int at = onig_search(re, s, s + size, s + from, s + size, region, ONIG_OPTION_NONE);
    if (at == ONIG_MISMATCH) return false;
    if (at == ONIGERR_RETRY_LIMIT_IN_MATCH_OVER || at == ONIGERR_RETRY_LIMIT_IN_SEARCH_OVER)
      throw benchbox::NotApplicable("onig_search gave up: " + onig_message(at));
    if (at < 0) throw std::runtime_error("onig_search: " + onig_message(at));
    return true;
  }
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    if (!search(text, size, from)) return false;
    start = static_cast<std::size_t>(region->beg[0]);
    end = static_cast<std::size_t>(region->end[0]);
    return true;
  }
  bool find_groups(const char* text, std::size_t size, std::size_t from, std::vector<Span>& groups) {
    if (!search(text, size, from)) return false;
    groups.assign(static_cast<std::size_t>(region->num_regs), benchbox::regex::kUnset);
    for (int g = 0; g < region->num_regs; ++g)
      if (region->beg[g] != ONIG_REGION_NOTPOS)
        groups[static_cast<std::size_t>(g)] = {static_cast<std::size_t>(region->beg[g]), static_cast<std::size_t>(region->end[g])};
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  return benchbox::regex::Library("oniguruma", onig_version()).add<Onig>().main(argc, argv);
}
