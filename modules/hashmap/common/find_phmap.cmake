# greg7mdp/parallel-hashmap, header-only: not in Debian, so never downloaded or built by benchbox;
# an installed copy is looked for. Included by phmap.flat_hash_map and phmap.node_hash_map, which
# share the one PARALLEL_HASHMAP_ROOT:
#   -DPARALLEL_HASHMAP_ROOT=/prefix   a prefix with include/parallel_hashmap/phmap.h (only there)
#   otherwise                         the compiler's default include paths
# (its own CMake install makes such a prefix: docs/building-libraries.md.)
# Sets PARALLEL_HASHMAP_TARGET, _version (for hashmap_version) and _enable (for benchbox_library).
benchbox_find_installed(PARALLEL_HASHMAP HEADER parallel_hashmap/phmap.h
                        DOC "Prefix of an installed greg7mdp/parallel-hashmap (include/parallel_hashmap/phmap.h)")
set(_version "")
if(PARALLEL_HASHMAP_TARGET)
  # PHMAP_VERSION_MAJOR/MINOR/PATCH of phmap_config.h
  file(STRINGS "${PARALLEL_HASHMAP_INCLUDE_DIR}/parallel_hashmap/phmap_config.h" _lines REGEX "define PHMAP_VERSION_(MAJOR|MINOR|PATCH) ")
  set(_version "unversioned")
  if(_lines MATCHES "MAJOR ([0-9]+).*MINOR ([0-9]+).*PATCH ([0-9]+)")
    set(_version "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}.${CMAKE_MATCH_3}")
  endif()
endif()
benchbox_outside_hint(_enable parallel-hashmap)
