// gperftools' tcmalloc (tcmalloc/ and tcmalloc_minimal/ build this file, each linked with its own
// library and its folder's library.json): malloc and free replaced in the whole process by
// linking, default options read back from MallocExtension for the row's traits (the names
// library.json's "options" shows in braces).
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

std::string release_rate() {
  char rate[32];
  std::snprintf(rate, sizeof rate, "%g", MallocExtension::instance()->GetMemoryReleaseRate());
  return rate;
}

std::string max_total_thread_cache_mib() {
  std::size_t thread_cache = 0;
  MallocExtension::instance()->GetNumericProperty("tcmalloc.max_total_thread_cache_bytes", &thread_cache);
  return std::to_string(thread_cache >> 20);
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter(BB_TCMALLOC_ID, "gperftools " + version());
  adapter.add<benchbox::allocator::MallocFree>([] {
    return benchbox::allocator::ReadBack{{"release_rate", release_rate()},
                                         {"max_total_thread_cache_mib", max_total_thread_cache_mib()}};
  });
  return adapter.main(argc, argv);
}
