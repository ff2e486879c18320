// PCRE2's interpreter: pcre2_compile (no JIT), pcre2_match; Perl semantics (leftmost-first).
#include "pcre2_engine.hpp"

int main(int argc, char** argv) {
  benchbox::Adapter adapter("pcre2", pcre2_version());
  benchbox::regex::add_engine<Pcre2<false>>(
      adapter, {.api = "pcre2_compile (PCRE2_CASELESS, PCRE2_MULTILINE, PCRE2_UTF|PCRE2_UCP as the flags ask), pcre2_match, "
                       "no JIT",
                .semantics = "leftmost-first (backtracking)"});
  return adapter.main(argc, argv);
}
