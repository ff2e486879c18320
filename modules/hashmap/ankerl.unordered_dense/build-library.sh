# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for ankerl.unordered_dense (declared in modules/hashmap/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# ankerl::unordered_dense (martinus/unordered_dense): its CMake install rule installs include/ankerl/
# (unordered_dense.h, stl.h); the adapter includes <ankerl/unordered_dense.h>.
# shellcheck source=modules/hashmap/common/build-library-check.sh
source "$(dirname "${BASH_SOURCE[0]}")/../common/build-library-check.sh"
recipe() {
  need_files include/ankerl/unordered_dense.h
  copy_include_dir include/ankerl ankerl
  check_map_headers ankerl/unordered_dense.h ankerl::unordered_dense::map
  NOTES+=("header-only: include/ankerl/ copied as its CMake install rule does")
}
