// PCRE2 with its JIT: pcre2_compile, pcre2_jit_compile(PCRE2_JIT_COMPLETE), pcre2_jit_match.
#include "../pcre2/pcre2_engine.hpp"

int main(int argc, char** argv) {
  return benchbox::regex::Library("pcre2.jit", pcre2_version()).add<Pcre2<true>>().main(argc, argv);
}
