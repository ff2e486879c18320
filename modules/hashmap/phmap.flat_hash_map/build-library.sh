# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for parallel-hashmap (declared in modules/hashmap/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# parallel-hashmap: its CMake install rule installs the folder parallel_hashmap/ as
# include/parallel_hashmap/; the adapters include <parallel_hashmap/phmap.h>.
# shellcheck source=modules/hashmap/common/build-library-check.sh
source "$(dirname "${BASH_SOURCE[0]}")/../common/build-library-check.sh"
recipe() {
  need_files parallel_hashmap/phmap.h parallel_hashmap/phmap_config.h
  copy_include_dir parallel_hashmap parallel_hashmap
  check_map_headers parallel_hashmap/phmap.h phmap::flat_hash_map
  check_map_headers parallel_hashmap/phmap.h phmap::node_hash_map
  NOTES+=("header-only: parallel_hashmap/ copied to include/parallel_hashmap/ as its CMake install rule does"
          "no configuration macro defined (no PHMAP_USE_ABSL_HASH, PHMAP_DISABLE_MIX): the defaults a user gets")
}
