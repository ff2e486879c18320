// A yardstick for the regex module (docs/method.md, "Yardsticks"): a minimal program that counts
// the non-overlapping matches of a pattern in a file with PCRE2 (JIT), RE2 or glibc's POSIX regex
// the way a user's program does, and includes nothing of benchbox. scripts/accuracy.py runs it
// interleaved with the matching row.
//
//   regex_yardstick ENGINE PATTERN FILE OPS      ENGINE: pcre2.jit | re2 | posix
//
// One untimed scan, then OPS timed scans of the whole file (from each match's end; one byte
// further after an empty match): prints `ns_per_op <ns per scan>` and `matches <per scan>`.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <re2/re2.h>
#include <regex.h>

#include <yardstick.hpp>  // the clock and the file, as in every yardstick

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace {

struct Pcre2Jit {
  pcre2_code* code;
  pcre2_match_data* data;
  explicit Pcre2Jit(const std::string& pattern) {
    int error;
    PCRE2_SIZE at;
    code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), 0, &error, &at, nullptr);
    if (!code || pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) != 0) std::exit(2);
    data = pcre2_match_data_create_from_pattern(code, nullptr);
  }
  bool find(const std::string& text, std::size_t from, std::size_t& start, std::size_t& end) {
    if (pcre2_jit_match(code, reinterpret_cast<PCRE2_SPTR>(text.data()), text.size(), from, 0, data, nullptr) < 0) return false;
    const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(data);
    start = ov[0];
    end = ov[1];
    return true;
  }
};

struct Re2 {
  std::unique_ptr<re2::RE2> re;
  explicit Re2(const std::string& pattern) {
    re2::RE2::Options options;
    options.set_encoding(re2::RE2::Options::EncodingLatin1);
    re = std::make_unique<re2::RE2>(pattern, options);
    if (!re->ok()) std::exit(2);
  }
  bool find(const std::string& text, std::size_t from, std::size_t& start, std::size_t& end) {
    re2::StringPiece m;
    if (!re->Match(text, from, text.size(), re2::RE2::UNANCHORED, &m, 1)) return false;
    start = static_cast<std::size_t>(m.data() - text.data());
    end = start + m.size();
    return true;
  }
};

struct Posix {
  regex_t re;
  explicit Posix(const std::string& pattern) {
    if (regcomp(&re, pattern.c_str(), REG_EXTENDED) != 0) std::exit(2);
  }
  bool find(const std::string& text, std::size_t from, std::size_t& start, std::size_t& end) {
    regmatch_t m[1];
    m[0].rm_so = static_cast<regoff_t>(from);
    m[0].rm_eo = static_cast<regoff_t>(text.size());
    if (regexec(&re, text.c_str(), 1, m, REG_STARTEND | (from > 0 ? REG_NOTBOL : 0)) != 0) return false;
    start = static_cast<std::size_t>(m[0].rm_so);
    end = static_cast<std::size_t>(m[0].rm_eo);
    return true;
  }
};

template <class Engine>
long scan(Engine& e, const std::string& text) {
  long matches = 0;
  std::size_t from = 0, start, end;
  while (from <= text.size() && e.find(text, from, start, end)) {
    ++matches;
    from = end > start ? end : end + 1;
  }
  return matches;
}

template <class Engine>
int measure(const std::string& pattern, const std::string& text, long ops) {
  Engine e(pattern);
  const long matches = scan(e, text);  // untimed
  long total = 0;
  yardstick::counting = true;
  const std::uint64_t t0 = yardstick::start_clock();
  for (long i = 0; i < ops; ++i) total += scan(e, text);
  const std::uint64_t t1 = yardstick::stop_clock();
  if (total != matches * ops) return 3;
  std::printf("ns_per_op %.6g\nmatches %ld\n", static_cast<double>(t1 - t0) / static_cast<double>(ops), matches);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: regex_yardstick pcre2.jit|re2|posix PATTERN FILE OPS\n");
    return 2;
  }
  const std::string engine = argv[1], pattern = argv[2];
  const std::string text = yardstick::read_file(argv[3]);
  const long ops = std::atol(argv[4]);
  if (text.empty() || ops <= 0) return 2;
  if (engine == "pcre2.jit") return measure<Pcre2Jit>(pattern, text, ops);
  if (engine == "re2") return measure<Re2>(pattern, text, ops);
  if (engine == "posix") return measure<Posix>(pattern, text, ops);
  return 2;
}
