// Oniguruma: onig_new (ASCII encoding, Perl syntax[, IGNORECASE]) once, onig_search from each
// position with a region made once; leftmost-first.
#include <oniguruma.h>

#include "../common/regex_adapter.hpp"

namespace {

struct Onig {
  regex_t* re = nullptr;
  OnigRegion* region = onig_region_new();
  Onig(std::string_view pattern, bool case_insensitive) {
    static OnigEncoding encodings[] = {ONIG_ENCODING_ASCII};
    static const int initialized = onig_initialize(encodings, 1);
    (void)initialized;
    OnigErrorInfo info;
    const auto* p = reinterpret_cast<const OnigUChar*>(pattern.data());
    const int rc = onig_new(&re, p, p + pattern.size(), case_insensitive ? ONIG_OPTION_IGNORECASE : ONIG_OPTION_NONE,
                            ONIG_ENCODING_ASCII, ONIG_SYNTAX_PERL, &info);
    if (rc != ONIG_NORMAL) {
      OnigUChar message[ONIG_MAX_ERROR_MESSAGE_LEN];
      onig_error_code_to_str(message, rc, &info);
      throw std::runtime_error(std::string("onig_new: ") + reinterpret_cast<char*>(message));
    }
  }
  ~Onig() {
    onig_region_free(region, 1);
    onig_free(re);
  }
  Onig(const Onig&) = delete;
  Onig& operator=(const Onig&) = delete;
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    const auto* s = reinterpret_cast<const OnigUChar*>(text);
    const int at = onig_search(re, s, s + size, s + from, s + size, region, ONIG_OPTION_NONE);
    if (at == ONIG_MISMATCH) return false;
    if (at < 0) throw std::runtime_error("onig_search: error " + std::to_string(at));
    start = static_cast<std::size_t>(region->beg[0]);
    end = static_cast<std::size_t>(region->end[0]);
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("oniguruma", onig_version());
  benchbox::regex::add_engine<Onig>(
      adapter, {.api = "onig_new(ASCII, ONIG_SYNTAX_PERL[, IGNORECASE]), onig_search", .semantics = "leftmost-first (backtracking)"});
  return adapter.main(argc, argv);
}
