// rpmalloc's own calls, rpmalloc and rpfree, from its static library (librpmalloc.a of its release
// build), with its default configuration (initialized on the first allocation in each thread),
// read back from rpmalloc_config() for the row's traits. The archive's default build also
// overrides malloc and operator new (ENABLE_OVERRIDE=1): the harness's own allocations are
// rpmalloc's too.
#include <rpmalloc.h>

#include <string>

#include "../common/allocator_adapter.hpp"

namespace {

struct RpMalloc {
  explicit RpMalloc(std::size_t) {}
  void* allocate(std::size_t n) { return rpmalloc(n); }
  void release(void* p, std::size_t) { rpfree(p); }
};

benchbox::allocator::ReadBack configuration() {
  rpfree(rpmalloc(1));  // initializes it, as any first allocation does, before its configuration is read
  const rpmalloc_config_t* c = rpmalloc_config();
  return {{"page_size", std::to_string(c->page_size)},
          {"enable_huge_pages", std::to_string(c->enable_huge_pages)},
          {"enable_thp", std::to_string(c->enable_thp)},
          {"disable_decommit", std::to_string(c->disable_decommit)}};
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("rpmalloc", RPMALLOC_VERSION);
  adapter.add<RpMalloc>(configuration);
  return adapter.main(argc, argv);
}
