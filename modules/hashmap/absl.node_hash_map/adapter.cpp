// absl::node_hash_map<K, uint64_t> with its default absl::Hash: Swiss table of pointers, one
// heap node per element (stable addresses), SSE2 group probing.
#include <absl/base/config.h>
#include <absl/container/node_hash_map.h>

#include <cstdint>
#include <string>

#include "../common/hashmap_adapter.hpp"
#include "../common/std_like.hpp"

int main(int argc, char** argv) {
  const std::string version = "LTS " + std::to_string(ABSL_LTS_RELEASE_VERSION) + "." + std::to_string(ABSL_LTS_RELEASE_PATCH_LEVEL);
  benchbox::hashmap::Library adapter("absl.node_hash_map", version);
  adapter.add_std_like<absl::node_hash_map<std::uint64_t, std::uint64_t>,
                       absl::node_hash_map<std::string, std::uint64_t>>();
  return adapter.main(argc, argv);
}
