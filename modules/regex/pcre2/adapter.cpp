// PCRE2's interpreter: pcre2_compile (no JIT), pcre2_match; Perl semantics (leftmost-first).
#include "pcre2_engine.hpp"

int main(int argc, char** argv) {
  benchbox::Adapter adapter("pcre2", pcre2_version());
  benchbox::regex::add_engine<Pcre2<false>>(adapter, argc, argv);
  return adapter.main(argc, argv);
}
