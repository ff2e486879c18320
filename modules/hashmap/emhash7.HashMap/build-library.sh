# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for emhash (declared in modules/hashmap/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# emhash: its CMake install rule installs include/ (emhash/ and emilib/) without sse2neon.h (an ARM
# shim); the adapter includes <emhash/hash_table7.hpp>, which finds its config.hpp next to it.
# shellcheck source=modules/hashmap/common/build-library-check.sh
source "$(dirname "${BASH_SOURCE[0]}")/../common/build-library-check.sh"
recipe() {
  need_files include/emhash/hash_table7.hpp include/emhash/config.hpp
  copy_include_dir include "" sse2neon.h
  check_map_headers emhash/hash_table7.hpp emhash7::HashMap
  NOTES+=("header-only: include/ copied as emhash's CMake install rule does (emhash/, emilib/; not sse2neon.h)"
          "no configuration macro defined (no EMH_INT_HASH, EMH_WY_HASH, EMH_HIGH_LOAD): the defaults a user gets")
}
