// floor: a bump allocator that never frees (common/bump_ring.hpp): a pointer advanced in a ring
// arena faulted in before the clock, a free that does nothing. No allocator can do less per
// allocation and free, as long as the ring stays in the caches: library.json's limits say where it
// stops being a limit (measured on this project's machine, modules/allocator/README.md), and why
// fragmentation is n/a.
#include "../common/allocator_adapter.hpp"
#include "../common/bump_ring.hpp"

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("floor", BENCHBOX_VERSION);
  adapter.add<benchbox::allocator::BumpRing>();
  return adapter.main(argc, argv);
}
