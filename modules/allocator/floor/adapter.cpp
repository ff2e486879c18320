// floor: a bump allocator that never frees (common/bump_ring.hpp): a pointer advanced in a ring
// arena faulted in before the clock, a free that does nothing. No allocator can do less per
// allocation and free, as long as the ring stays in the caches (see the limits below).
#include <cstdint>
#include <string>

#include "../common/allocator_adapter.hpp"
#include "../common/bump_ring.hpp"

namespace {

// Where the bump's fresh memory is colder than what a real allocator reuses, measured on this
// project's machine (modules/allocator/README.md): churn at 1000 live blocks, the floor 7.6 ns and glibc 63 ns,
// at 10000 the floor 326 ns and glibc 96 ns; small 10000 the floor below tcmalloc (2.3x), small 30000
// above glibc (49.9 against 43.6 ns); cross-thread 1000 below jemalloc, 10000 above it (0.81x).
constexpr std::int64_t kMaxLive = 1000, kMaxSmall = 10000, kMaxQueue = 1000;

std::string colder(const char* what, std::int64_t max) {
  return "a bump allocator hands out memory it has not touched since the ring last came round: above about " +
         std::to_string(max) + " " + what + " that memory is colder in the caches than the block a real allocator just "
         "freed, and the bump is no longer a limit";
}

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("floor", BENCHBOX_VERSION);
  adapter.info("implementation", "a pointer bumped in a pre-faulted ring arena (16-byte alignment); free does nothing");
  benchbox::allocator::add_cases<benchbox::allocator::BumpRing>(
      adapter, {.api = "bump pointer (inline)",
                .options = "ring arena sized to the schedule's window, faulted in before the clock",
                .notes = "the limit: no size classes, no free lists, no locks, no thread caches",
                .limits = {{"small", kMaxSmall, colder("blocks per round", kMaxSmall)},
                           {"churn", kMaxLive, colder("live blocks (680 KB)", kMaxLive)},
                           {"cross-thread", kMaxQueue, colder("blocks in flight", kMaxQueue)},
                           {"threads", kMaxLive, colder("live blocks per thread", kMaxLive)}}});
  adapter.not_applicable("fragmentation",
                         "a bump allocator never frees: its resident memory after the free phase is everything it "
                         "ever allocated, so its memory figures would mean nothing");
  return adapter.main(argc, argv);
}
