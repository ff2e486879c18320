// mimalloc's malloc and free: Debian's libmimalloc.so overrides them in the whole process when
// linked (built with MI_OVERRIDE; the regular build, secure mode off), with its default options,
// read back with mi_option_get for the row's traits.
#include <mimalloc.h>

#include <string>

#include "../common/allocator_adapter.hpp"

namespace {

std::string version() {
  const int v = mi_version();  // the linked library's: major * 100 + minor
  return std::to_string(v / 100) + "." + std::to_string(v % 100 / 10) + "." + std::to_string(v % 10);
}

std::string options() {
  return "defaults: eager_commit " + std::to_string(mi_option_get(mi_option_eager_commit)) + ", large_os_pages " +
         std::to_string(mi_option_get(mi_option_large_os_pages)) + ", decommit_delay " +
         std::to_string(mi_option_get(mi_option_decommit_delay)) + " ms, page_reset " +
         std::to_string(mi_option_get(mi_option_page_reset)) + ", secure mode off (Debian's regular build)";
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("mimalloc", version());
  benchbox::allocator::add_cases<benchbox::allocator::MallocFree>(
      adapter, {.api = "malloc/free (mimalloc, linked)", .options = options(), .malloc_from = "libmimalloc"});
  return adapter.main(argc, argv);
}
