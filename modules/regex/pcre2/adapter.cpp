// PCRE2's interpreter: pcre2_compile (no JIT), pcre2_match; Perl semantics (leftmost-first).
#include "pcre2_engine.hpp"

int main(int argc, char** argv) {
  return benchbox::regex::Library("pcre2", pcre2_version()).add<Pcre2<false>>().main(argc, argv);
}
