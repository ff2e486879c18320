// absl::flat_hash_map<K, uint64_t> with its default absl::Hash: Swiss table, elements stored in
// one array next to a byte of metadata each, SSE2 group probing.
#include <absl/base/config.h>
#include <absl/container/flat_hash_map.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  using benchbox::hashmap::StdLike;
  benchbox::Adapter adapter("absl.flat_hash_map", "LTS " + std::to_string(ABSL_LTS_RELEASE_VERSION) + "." +
                                                      std::to_string(ABSL_LTS_RELEASE_PATCH_LEVEL));
  benchbox::hashmap::add_cases<StdLike<absl::flat_hash_map<std::uint64_t, std::uint64_t>>,
                               StdLike<absl::flat_hash_map<std::string, std::uint64_t>>>(
      adapter, {.layout = "flat",
                .hash64 = "absl::Hash",
                .hash_string = "absl::Hash",
                .notes = "emplace(k, v), find(k), erase(k), range-for; Swiss table, max load 7/8, tombstones on erase",
                .bytes64 = 40,
                .bytes_string = 120});
  return adapter.main(argc, argv);
}
