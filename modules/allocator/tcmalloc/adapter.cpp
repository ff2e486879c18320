// gperftools' tcmalloc (tcmalloc/ and tcmalloc_minimal/ build this file, each linked with its own
// library): malloc and free replaced in the whole process by linking, default options read back
// from MallocExtension for the row's traits.
#include <gperftools/malloc_extension.h>
#include <gperftools/tcmalloc.h>

#include <cstdio>
#include <string>

#include "../common/allocator_adapter.hpp"

namespace {

std::string version() {
  int major = 0, minor = 0;
  const char* patch = nullptr;
  tc_version(&major, &minor, &patch);  // the linked library's, not the header's
  return std::to_string(major) + "." + std::to_string(minor) + (patch ? patch : "");
}

std::string options() {
  std::size_t thread_cache = 0;
  MallocExtension::instance()->GetNumericProperty("tcmalloc.max_total_thread_cache_bytes", &thread_cache);
  char rate[32];
  std::snprintf(rate, sizeof rate, "%g", MallocExtension::instance()->GetMemoryReleaseRate());
  return std::string("defaults: release rate ") + rate + ", max total thread cache " + std::to_string(thread_cache >> 20) + " MiB";
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter(BB_TCMALLOC_ID, "gperftools " + version());
  benchbox::allocator::add_cases<benchbox::allocator::MallocFree>(
      adapter, {.api = "malloc/free (" BB_TCMALLOC_ID ", linked)", .options = options(), .malloc_from = BB_TCMALLOC_LIBRARY});
  return adapter.main(argc, argv);
}
