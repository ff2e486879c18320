// glibc's malloc and free (ptmalloc2: per-thread tcache of 7 blocks per size class, fastbins,
// arenas per thread): what every C and C++ program gets. Its tunables are read back when the
// adapter describes: none set for `glibc`, the trim threshold for `glibc@no-trim` (CMakeLists.txt).
#include <gnu/libc-version.h>

#include <algorithm>
#include <string>
#include <string_view>

#include <benchbox/adapter/glibc_tunables.hpp>

#include "../common/allocator_adapter.hpp"

namespace {

// The glibc.malloc tunables this process got from its environment (GLIBC_TUNABLES), as glibc's
// loader lists them, each NAME=VALUE: glibc ignores a misspelled one without a word, so the row's
// traits say what glibc took, not what was asked. "none" where none is set.
std::string malloc_tunables_set() {
  static char listing[16384];
  if (!benchbox::list_glibc_tunables(listing, sizeof listing)) return "unknown (the loader did not list them)";
  constexpr std::string_view kPrefix = "glibc.malloc.";
  std::string set;
  for (std::string_view rest = listing; !rest.empty();) {
    const std::string_view line = rest.substr(0, rest.find('\n'));
    rest.remove_prefix(std::min(rest.size(), line.size() + 1));
    const std::string_view name = line.substr(0, line.find(':'));
    if (name.substr(0, kPrefix.size()) != kPrefix || name.size() == line.size()) continue;
    if (const auto value = benchbox::glibc_tunable_in(listing, name); value && *value != 0)
      set += (set.empty() ? "" : ", ") + std::string(name) + "=" + std::to_string(*value);
  }
  return set.empty() ? "none" : set;
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("glibc", std::string("glibc ") + gnu_get_libc_version());
  adapter.add<benchbox::allocator::MallocFree>([] {
    return benchbox::allocator::ReadBack{{"tunables", malloc_tunables_set()}};
  });
  return adapter.main(argc, argv);
}
