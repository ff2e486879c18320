// mimalloc's malloc and free: its libmimalloc.so overrides them in the whole process when linked
// (built with MI_OVERRIDE; the regular build, secure mode off), with its default options, read back
// with mi_option_get for the row's traits (library.json's "options" shows them in braces). Compiles
// against Debian's 2.0 and newer releases (another version's row, BENCHBOX_VERSIONS), whose options
// have other names.
#include <mimalloc.h>

#include <string>

#include "../common/allocator_adapter.hpp"

namespace {

// mi_version() and MI_MALLOC_VERSION: major * 100 + minor * 10 + patch up to 2.1 and 3.0 (209,
// 301), major * 10000 + minor * 100 + patch later (20401, 30403); made the latter.
#define BB_MI_NORMALIZED(v) ((v) >= 10000 ? (v) : (v) / 100 * 10000 + (v) % 100 / 10 * 100 + (v) % 10)
constexpr int normalized(int v) { return BB_MI_NORMALIZED(v); }

std::string version() {
  const int v = normalized(mi_version());  // the linked library's
  return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
}

std::string option(const char* name, mi_option_t option, const char* unit = "") {
  return std::string(name) + " " + std::to_string(mi_option_get(option)) + unit;
}

// The options that decide when memory goes back to the system and how it is committed, under the
// names of the version compiled against (2.1 renamed decommit to purge; 3.x dropped eager_commit
// and page_reset).
std::string options() {
#if BB_MI_NORMALIZED(MI_MALLOC_VERSION) < 20100
  return option("eager_commit", mi_option_eager_commit) + ", " + option("large_os_pages", mi_option_large_os_pages) + ", " +
         option("decommit_delay", mi_option_decommit_delay, " ms") + ", " + option("page_reset", mi_option_page_reset);
#else
  return option("arena_eager_commit", mi_option_arena_eager_commit) + ", " +
         option("allow_large_os_pages", mi_option_allow_large_os_pages) + ", " +
         option("purge_delay", mi_option_purge_delay, " ms") + ", " + option("purge_decommits", mi_option_purge_decommits);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("mimalloc", version());
  adapter.add<benchbox::allocator::MallocFree>([] {
    return benchbox::allocator::ReadBack{{"mi_option_get", options()}};
  });
  return adapter.main(argc, argv);
}
