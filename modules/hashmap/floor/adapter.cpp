// floor: the same sequence of operations as every map, on a plain array indexed by each key's
// position in the generator's sequence (known before the timed region): one memory access per
// operation, no hashing, no probing, no key comparison. No map can beat it for the same access
// pattern and size; every other row is read against it.
#include <cstdint>
#include <vector>

#include "../common/hashmap_adapter.hpp"

namespace {

using benchbox::hashmap::detail::Position;

class ArrayFloor {
 public:
  // One slot per key index the case uses (values are odd, so 0 marks an empty slot).
  explicit ArrayFloor(std::size_t) : slots_(benchbox::hashmap::detail::g_key_count, 0) {}
  bool insert(Position k, std::uint64_t v) {
    std::uint64_t& s = slots_[k.index];
    const bool added = s == 0;
    s = v;
    size_ += added;
    return added;
  }
  bool find(Position k, std::uint64_t& v) const {
    v = slots_[k.index];
    return v != 0;
  }
  bool erase(Position k) {
    std::uint64_t& s = slots_[k.index];
    const bool was = s != 0;
    s = 0;
    size_ -= was;
    return was;
  }
  // Full (as in iterate, which fills every slot): every value in one dense run, the limit of a
  // visit; a map that keeps its elements in one dense array (ankerl) beat the per-slot check
  // (0.30 against 0.32 ns at 1000 elements).
  template <class F>
  void for_each(F&& f) const {
    if (size_ == slots_.size()) {
      for (std::uint64_t v : slots_) f(v);
      return;
    }
    for (std::uint64_t v : slots_)
      if (v != 0) f(v);
  }
  std::size_t size() const { return size_; }

 private:
  std::vector<std::uint64_t> slots_;
  std::size_t size_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("floor", BENCHBOX_VERSION);
  // Every case with the key's position for a key: the string cases too (the same access pattern).
  adapter.add<ArrayFloor, ArrayFloor, Position, Position>();
  return adapter.main(argc, argv);
}
