// PCRE2, 8-bit, shared by the pcre2 (interpreter) and pcre2.jit folders: pcre2_compile once, then
// pcre2_match (or pcre2_jit_match after pcre2_jit_compile) with one match-data block made once.
#pragma once
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdexcept>
#include <string>
#include <string_view>

template <bool kJit>
struct Pcre2 {
  pcre2_code* code = nullptr;
  pcre2_match_data* data = nullptr;
  Pcre2(std::string_view pattern, bool case_insensitive) {
    int error = 0;
    PCRE2_SIZE at = 0;
    code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), case_insensitive ? PCRE2_CASELESS : 0,
                         &error, &at, nullptr);
    if (!code) {
      PCRE2_UCHAR message[256];
      pcre2_get_error_message(error, message, sizeof message);
      throw std::runtime_error("pcre2_compile at offset " + std::to_string(at) + ": " + reinterpret_cast<char*>(message));
    }
    if (kJit && pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) != 0) throw std::runtime_error("pcre2_jit_compile failed");
    data = pcre2_match_data_create_from_pattern(code, nullptr);
  }
  ~Pcre2() {
    pcre2_match_data_free(data);
    pcre2_code_free(code);
  }
  Pcre2(const Pcre2&) = delete;
  Pcre2& operator=(const Pcre2&) = delete;
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    const auto* subject = reinterpret_cast<PCRE2_SPTR>(text);
    const int rc = kJit ? pcre2_jit_match(code, subject, size, from, 0, data, nullptr)
                        : pcre2_match(code, subject, size, from, 0, data, nullptr);
    if (rc == PCRE2_ERROR_NOMATCH) return false;
    if (rc < 0) throw std::runtime_error("pcre2_match: error " + std::to_string(rc));
    const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(data);
    start = ovector[0];
    end = ovector[1];
    return true;
  }
};

inline std::string pcre2_version() {
  char v[64];
  pcre2_config(PCRE2_CONFIG_VERSION, v);
  return v;
}
