// The Map concept of hashmap_adapter.hpp for every map with the standard interface
// (emplace, find, erase by key, iteration over pairs): only the map type differs between them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "hashmap_adapter.hpp"

namespace benchbox::hashmap {

// The wrapper is forced inline: the timed loops then hold the map's own calls, compiled as in a
// user's loop (without it, g++ kept boost::unordered_flat_map's insert behind an extra call: 7%
// more instructions than a minimal program).
template <class M>
class StdLike {
 public:
  using Key = typename M::key_type;
  explicit StdLike(std::size_t) {}
  [[gnu::always_inline]] bool insert(const Key& k, std::uint64_t v) {
    if constexpr (requires { map_.emplace(k, v); }) return map_.emplace(k, v).second;
    else return map_.insert({k, v}).second;  // no emplace (sparsehash)
  }
  [[gnu::always_inline]] bool find(const Key& k, std::uint64_t& v) {
    const auto it = map_.find(k);
    if (it == map_.end()) return false;
    v = it->second;
    return true;
  }
  [[gnu::always_inline]] bool erase(const Key& k) { return map_.erase(k) != 0; }
  template <class F>
  void for_each(F&& f) {
    for (const auto& e : map_) f(e.second);
  }
  std::size_t size() const { return map_.size(); }

 protected:
  M map_;
};

// Every case for a standard-interface map: Map64 with 64-bit keys, MapString with std::string
// keys, the facts from the adapter's library.json.
template <class Map64, class MapString>
Library& Library::add_std_like() {
  return add<StdLike<Map64>, StdLike<MapString>>();
}

}  // namespace benchbox::hashmap
