// floor: a bump allocator that never frees (common/bump_ring.hpp): a pointer advanced in a ring
// arena faulted in before the clock, a free that does nothing. No allocator can do less per
// allocation and free, as long as the ring stays in the caches (see kMaxLive).
#include <cstdint>

#include "../common/allocator_adapter.hpp"
#include "../common/bump_ring.hpp"

namespace {

// churn at 1000 live blocks: the floor 7.6 ns, glibc 63 ns; at 10000 the floor 326 ns, glibc 96 ns.
constexpr std::int64_t kMaxLive = 1000;

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("floor", BENCHBOX_VERSION);
  adapter.info("implementation", "a pointer bumped in a pre-faulted ring arena (16-byte alignment); free does nothing");
  benchbox::allocator::add_cases<benchbox::allocator::BumpRing>(
      adapter, {.api = "bump pointer (inline)",
                .options = "ring arena sized to the schedule's window, faulted in before the clock",
                .notes = "the limit: no size classes, no free lists, no locks, no thread caches",
                .max_live = kMaxLive,
                .max_live_reason = "a bump allocator hands out memory it has not touched for a whole pass over the live "
                                   "set: above about 1000 live blocks (680 KB) that memory is colder in the caches than "
                                   "the block a real allocator just freed, and the bump is no longer a limit"});
  adapter.not_applicable("fragmentation",
                         "a bump allocator never frees: its resident memory after the free phase is everything it "
                         "ever allocated, so its memory figures would mean nothing");
  return adapter.main(argc, argv);
}
