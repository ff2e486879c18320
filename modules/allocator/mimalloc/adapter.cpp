// mimalloc's malloc and free: Debian's libmimalloc.so overrides them in the whole process when
// linked (built with MI_OVERRIDE; the regular build, secure mode off), with its default options,
// read back with mi_option_get for the row's traits (the names library.json's "options" shows in
// braces).
#include <mimalloc.h>

#include <string>

#include "../common/allocator_adapter.hpp"

namespace {

std::string version() {
  const int v = mi_version();  // the linked library's: major * 100 + minor
  return std::to_string(v / 100) + "." + std::to_string(v % 100 / 10) + "." + std::to_string(v % 10);
}

std::string option(mi_option_t option) { return std::to_string(mi_option_get(option)); }

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("mimalloc", version());
  return benchbox::allocator::adapter_main<benchbox::allocator::MallocFree>(adapter, argc, argv, [] {
    return benchbox::allocator::ReadBack{{"eager_commit", option(mi_option_eager_commit)},
                                         {"large_os_pages", option(mi_option_large_os_pages)},
                                         {"decommit_delay", option(mi_option_decommit_delay)},
                                         {"page_reset", option(mi_option_page_reset)}};
  });
}
