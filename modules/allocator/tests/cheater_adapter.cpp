// A test adapter: the floor's bump allocator, cheating on demand (BENCHBOX_ALLOCATOR_CHEAT), run
// through the module's shared case code, so that the tests see what a faulty allocator would do:
//   none       honest: every row must be verified;
//   overlap    every 5th allocation starts 8 bytes into the block before it (both live);
//   duplicate  every 5th allocation returns the block before it again;
//   scribble   every 2nd free writes a byte into the block allocated just before the freed one,
//              when that block is still live (an allocator keeping its bookkeeping in a block it
//              handed out). Single-threaded cases only.
// Every cheat must fail its row: the tags read back, or the overlap check by address.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <unordered_map>

#include "../common/allocator_adapter.hpp"
#include "../common/bump_ring.hpp"

namespace {

std::string cheat() {
  const char* c = std::getenv("BENCHBOX_ALLOCATOR_CHEAT");
  return c ? c : "none";
}

class Cheater {
 public:
  explicit Cheater(std::size_t window) : ring_(window + (std::size_t{1} << 20)) {}
  void* allocate(std::size_t n) {
    ++allocations_;
    unsigned char* p;
    if (mode_ == "overlap" && last_ && allocations_ % 5 == 0) p = last_ + 8;
    else if (mode_ == "duplicate" && last_ && allocations_ % 5 == 0) p = last_;
    else p = static_cast<unsigned char*>(ring_.allocate(n + 16));  // room for an overlap's tail
    if (mode_ == "scribble") previous_[p] = last_;
    last_ = p;
    return p;
  }
  void release(void* p, std::size_t) {
    if (mode_ != "scribble") return;
    auto it = previous_.find(static_cast<unsigned char*>(p));
    unsigned char* target = it == previous_.end() ? nullptr : it->second;
    if (it != previous_.end()) previous_.erase(it);
    if (++frees_ % 2 == 0 && target && previous_.count(target)) target[0] ^= 0x5a;
  }

 private:
  benchbox::allocator::BumpRing ring_;
  const std::string mode_ = cheat();
  unsigned char* last_ = nullptr;
  std::unordered_map<unsigned char*, unsigned char*> previous_;  // live block -> the one allocated before it
  std::uint64_t allocations_ = 0, frees_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::allocator::Library adapter("cheater", BENCHBOX_VERSION);
  adapter.add<Cheater>(benchbox::allocator::AllocatorInfo{.api = "bump pointer, cheating on demand", .options = cheat()});
  return adapter.main(argc, argv);
}
