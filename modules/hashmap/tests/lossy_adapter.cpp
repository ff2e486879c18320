// A hashmap adapter that loses an element, for tests only (never in modules/): it runs the module's
// real harness on std::unordered_map wrapped so that, on demand (BENCHBOX_LOSSY), it misbehaves:
//   drop   the 100th insert into each map reports success but stores nothing (a lost element)
//   value  one key's lookups return its value plus one (every count right, only the sum wrong)
//   miss   one present key is never found (the size right, only the sum wrong)
//   hit    every absent key is "found", with no value written (find-miss: only the sum can tell)
//   (unset) a correct adapter: the same runs must pass
#include <cstdint>
#include <cstdlib>
#include <string>
#include <unordered_map>

#include "hashmap/common/hashmap_adapter.hpp"

namespace {

std::string mode() {
  const char* m = std::getenv("BENCHBOX_LOSSY");
  return m ? m : "";
}

template <class Key>
class Lossy {
 public:
  explicit Lossy(std::size_t)
      : drop_(mode() == "drop"), wrong_value_(mode() == "value"), miss_(mode() == "miss"), claim_hits_(mode() == "hit") {}
  bool insert(const Key& k, std::uint64_t v) {
    if (drop_ && ++inserts_ == 100) return true;  // claims the insert, keeps nothing
    if ((wrong_value_ || miss_) && !marked_) {
      marked_ = true;
      marked_key_ = k;
    }
    return map_.emplace(k, v).second;
  }
  bool find(const Key& k, std::uint64_t& v) {
    const auto it = map_.find(k);
    if (it == map_.end()) return claim_hits_;
    if (miss_ && marked_ && k == marked_key_) return false;
    v = it->second + (wrong_value_ && marked_ && k == marked_key_ ? 1 : 0);
    return true;
  }
  bool erase(const Key& k) { return map_.erase(k) != 0; }
  template <class F>
  void for_each(F&& f) {
    for (const auto& e : map_) f(e.second + (wrong_value_ && marked_ && e.first == marked_key_ ? 1 : 0));
  }
  std::size_t size() const { return map_.size(); }

 private:
  std::unordered_map<Key, std::uint64_t> map_;
  bool drop_, wrong_value_, miss_, claim_hits_, marked_ = false;
  Key marked_key_{};
  std::uint64_t inserts_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  benchbox::Adapter adapter("lossy", "test");
  benchbox::hashmap::add_cases<Lossy<std::uint64_t>, Lossy<std::string>>(
      adapter, {.layout = "node", .hash64 = "std::hash", .hash_string = "std::hash", .notes = "tests only"});
  return adapter.main(argc, argv);
}
