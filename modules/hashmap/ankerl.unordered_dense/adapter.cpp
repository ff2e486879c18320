// ankerl::unordered_dense::map<K, uint64_t> with its default ankerl::unordered_dense::hash
// (wyhash): elements densely in a std::vector, a separate array of Robin Hood buckets (fingerprint
// and index) pointing into it; erase moves the last element into the hole.
#include <ankerl/unordered_dense.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  benchbox::hashmap::Library adapter("ankerl.unordered_dense", std::to_string(ANKERL_UNORDERED_DENSE_VERSION_MAJOR) + "." +
                                                                   std::to_string(ANKERL_UNORDERED_DENSE_VERSION_MINOR) + "." +
                                                                   std::to_string(ANKERL_UNORDERED_DENSE_VERSION_PATCH));
  adapter.add_std_like<ankerl::unordered_dense::map<std::uint64_t, std::uint64_t>,
                       ankerl::unordered_dense::map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
