// tbox's default allocator, which tb_init installs as the library's allocator when given
// tb_default_allocator(tb_null, 0): blocks up to 3072 bytes from its small allocator (fixed-size
// pools per size class), larger ones from its native large allocator (malloc underneath, with a
// header). One allocator for the process, behind a spinlock: every call takes it, also with two
// threads. tb_allocator_malloc and tb_allocator_free are what tb_malloc and tb_free expand to.
#include <tbox/tbox.h>

#include <string>

#include "../common/allocator_adapter.hpp"

namespace {

tb_allocator_ref_t g_allocator = tb_null;

struct TboxAllocator {
  explicit TboxAllocator(std::size_t) {}
  void* allocate(std::size_t n) { return tb_allocator_malloc(g_allocator, n); }
  void release(void* p, std::size_t) { tb_allocator_free(g_allocator, p); }
};

}  // namespace

int main(int argc, char** argv) {
  if (!tb_init(tb_null, tb_default_allocator(tb_null, 0))) return 3;
  g_allocator = tb_allocator();
  benchbox::allocator::Library adapter("tbox", std::to_string(TB_VERSION_MAJOR) + "." + std::to_string(TB_VERSION_MINOR) + "." +
                                                   std::to_string(TB_VERSION_ALTER));
  adapter.add<TboxAllocator>();
  return adapter.main(argc, argv);
}
