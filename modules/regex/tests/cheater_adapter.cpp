// A test adapter: a literal search (memmem) that cheats on demand (BENCHBOX_REGEX_CHEAT), through the
// module's shared case code, so that the tests see what a faulty engine would do:
//   none    honest: the literal benchmark's row must be verified;
//   extra   reports one match too many per scan: the count fails the row;
//   shifted finds each match one byte late (same count): the offsets fail the row;
//   long    makes each match one byte longer (same starts): the ends fail the row.
#include <string.h>

#include <string>

#include <benchbox/adapter/environment.hpp>

#include "../common/regex_adapter.hpp"

namespace {

std::string cheat() { return benchbox::env_or("BENCHBOX_REGEX_CHEAT", "none"); }

struct Cheater {
  std::string needle, mode = cheat();
  bool extra_given = false;
  Cheater(std::string_view pattern, benchbox::regex::Flags) : needle(pattern) {}
  bool find(const char* text, std::size_t size, std::size_t from, std::size_t& start, std::size_t& end) {
    if (from == 0) extra_given = false;  // a new scan
    const void* at = memmem(text + from, size - from, needle.data(), needle.size());
    if (!at) {
      if (mode != "extra" || extra_given) return false;
      start = end = size;  // one empty match at the very end of each scan, never there
      extra_given = true;
      return true;
    }
    start = static_cast<std::size_t>(static_cast<const char*>(at) - text) + (mode == "shifted" ? 1 : 0);
    end = start + needle.size() + (mode == "long" ? 1 : 0);
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("cheater", "test");
  benchbox::regex::add_engine<Cheater>(adapter, {.api = "memmem that cheats on demand", .semantics = "literal"});
  return adapter.main(argc, argv);
}
