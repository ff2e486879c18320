// PCRE2, 8-bit, shared by the pcre2 (interpreter) and pcre2.jit folders: pcre2_compile once, then
// pcre2_match (or pcre2_jit_match after pcre2_jit_compile) with one match-data block made once.
// Flags: PCRE2_CASELESS (i), PCRE2_MULTILINE (m), PCRE2_UTF | PCRE2_UCP (u; the subject's UTF-8
// checked by the first call of each scan, PCRE2_NO_UTF_CHECK after it, as a program searching one
// buffer does). Past its match, depth or heap limit PCRE2 gives up: the row is n/a.
#pragma once
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "../common/regex_adapter.hpp"

inline std::string pcre2_message(int error) {
  PCRE2_UCHAR message[256];
  pcre2_get_error_message(error, message, sizeof message);
  return reinterpret_cast<char*>(message);
}

template <bool kJit>
struct Pcre2 {
  pcre2_code* code = nullptr;
  pcre2_match_data* data = nullptr;
  bool utf = false;
  Pcre2(std::string_view pattern, benchbox::regex::Flags flags) : utf(flags.unicode) {
    int error = 0;
    PCRE2_SIZE at = 0;
    const uint32_t options = (flags.case_insensitive ? PCRE2_CASELESS : 0) | (flags.multiline ? PCRE2_MULTILINE : 0) |
                             (flags.unicode ? PCRE2_UTF | PCRE2_UCP : 0);
    code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), options, &error, &at, nullptr);
    if (!code) throw std::runtime_error("pcre2_compile at offset " + std::to_string(at) + ": " + pcre2_message(error));
    if (kJit && (error = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE)) != 0) {
      pcre2_code_free(code);
      throw std::runtime_error("pcre2_jit_compile: " + pcre2_message(error));
    }
    data = pcre2_match_data_create_from_pattern(code, nullptr);
  }
  ~Pcre2() {
    pcre2_match_data_free(data);
    pcre2_code_free(code);
  }
  Pcre2(const Pcre2&) = delete;
  Pcre2& operator=(const Pcre2&) = delete;

  // The number of ovector pairs set, 0 for no match. Small enough to be inlined into the scan's
  // loop, as a user's call of pcre2_match is: the rare outcomes go to a cold function (inline,
  // they made this one a 31-instruction call per match, 3.4% of a scan of 3000 matches).
  int match(const char* text, std::size_t size, std::size_t from) {
    const auto* subject = reinterpret_cast<PCRE2_SPTR>(text);
    const uint32_t options = utf && from > 0 ? PCRE2_NO_UTF_CHECK : 0;
    const int rc = kJit ? pcre2_jit_match(code, subject, size, from, options, data, nullptr)
                        : pcre2_match(code, subject, size, from, options, data, nullptr);
    return rc > 0 ? rc : no_match(rc);
  }
  // 0 for no match; n/a past PCRE2's limits; an error otherwise.
  [[gnu::cold, gnu::noinline]] static int no_match(int rc) {
    if (rc == PCRE2_ERROR_NOMATCH || rc == 0) return 0;
    if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT ||
        rc == PCRE2_ERROR_JIT_STACKLIMIT)
      throw benchbox::NotApplicable(std::string(kJit ? "pcre2_jit_match" : "pcre2_match") + " gave up: " + pcre2_message(rc));
    throw std::runtime_error("pcre2_match: " + pcre2_message(rc));
  }
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    if (!match(text, size, from)) return false;
    const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(data);
    start = ovector[0];
    end = ovector[1];
    return true;
  }
  bool find_groups(const char* text, std::size_t size, std::size_t from, std::vector<benchbox::regex::Span>& groups) {
    const int set = match(text, size, from);
    if (!set) return false;
    const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(data);
    groups.assign(pcre2_get_ovector_count(data), benchbox::regex::kUnset);
    for (int g = 0; g < set; ++g)
      if (ovector[2 * g] != PCRE2_UNSET) groups[g] = {ovector[2 * g], ovector[2 * g + 1]};
    return true;
  }
};

inline std::string pcre2_version() {
  char v[64];
  pcre2_config(PCRE2_CONFIG_VERSION, v);
  return v;
}
