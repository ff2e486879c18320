// ankerl::unordered_dense::map<K, uint64_t> with its default ankerl::unordered_dense::hash
// (wyhash): elements densely in a std::vector, a separate array of Robin Hood buckets (fingerprint
// and index) pointing into it; erase moves the last element into the hole.
#include <ankerl/unordered_dense.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  using benchbox::hashmap::StdLike;
  benchbox::Adapter adapter("ankerl.unordered_dense", std::to_string(ANKERL_UNORDERED_DENSE_VERSION_MAJOR) + "." +
                                                          std::to_string(ANKERL_UNORDERED_DENSE_VERSION_MINOR) + "." +
                                                          std::to_string(ANKERL_UNORDERED_DENSE_VERSION_PATCH));
  benchbox::hashmap::add_cases<StdLike<ankerl::unordered_dense::map<std::uint64_t, std::uint64_t>>,
                               StdLike<ankerl::unordered_dense::map<std::string, std::uint64_t>>>(
      adapter, {.layout = "dense (vector of elements + bucket array)",
                .hash64 = "ankerl::unordered_dense::hash (wyhash mix)",
                .hash_string = "ankerl::unordered_dense::hash (wyhash)",
                .notes = "emplace(k, v), find(k), erase(k) (moves the last element), range-for over the vector; max load 0.8",
                .bytes64 = 40,
                .bytes_string = 120});
  return adapter.main(argc, argv);
}
