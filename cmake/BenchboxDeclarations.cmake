# What the modules declare (modules/<module>/module.json, docs/declarations.md), read at configure
# time: the data sets that scripts/setup.sh fetches. scripts/modules.py reads the same files for
# the scripts. Also here: the hint for a library outside Debian, from its folder's library.json.

file(GLOB BENCHBOX_DECLARATIONS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/modules/*/module.json)
set_property(DIRECTORY ${CMAKE_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${BENCHBOX_DECLARATIONS})
set(BENCHBOX_DATA_ROOT "${CMAKE_SOURCE_DIR}/build/third_party/data"
    CACHE PATH "Where scripts/setup.sh puts the declared data sets (<root>/<set>/<file>)")

# _benchbox_declared(<out> <key> <id>): the declaration of the data set <id> (key "data") as JSON,
# and <out>_MODULE the module declaring it; "" when none does.
function(_benchbox_declared out key id)
  set(${out} "" PARENT_SCOPE)
  foreach(file IN LISTS BENCHBOX_DECLARATIONS)
    file(READ ${file} text)
    string(JSON entry ERROR_VARIABLE error GET "${text}" ${key} ${id})
    if(NOT error)
      get_filename_component(dir ${file} DIRECTORY)
      get_filename_component(module ${dir} NAME)
      set(${out} "${entry}" PARENT_SCOPE)
      set(${out}_MODULE ${module} PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# benchbox_data_file(<out> SET <set> FILE <file>): the path of a file of a declared data set, as
# scripts/setup.sh placed it, when its SHA-256 is the declared one. Else <out> is "" and <out>_WHY
# says why. Also sets <out>_SHA256 and <out>_ORIGIN (where the file comes from, in words).
function(benchbox_data_file out)
  cmake_parse_arguments(A "" "SET;FILE" "" ${ARGN})
  set(${out} "" PARENT_SCOPE)
  _benchbox_declared(set "data" "${A_SET}")
  if(NOT set)
    message(FATAL_ERROR "benchbox_data_file: no module declares the data set '${A_SET}' (modules/*/module.json)")
  endif()
  string(JSON sha ERROR_VARIABLE error GET "${set}" files "${A_FILE}")
  if(error)
    message(FATAL_ERROR "benchbox_data_file: data set '${A_SET}' (modules/${set_MODULE}/module.json) declares no file '${A_FILE}'")
  endif()
  string(JSON npm ERROR_VARIABLE no_npm GET "${set}" npm)
  if(no_npm)
    string(JSON package GET "${set}" debian)
    set(origin "Debian package ${package}, /${A_FILE}")
  else()
    set(origin "npm package ${npm}, ${A_FILE}")
  endif()
  set(${out}_SHA256 ${sha} PARENT_SCOPE)
  set(${out}_ORIGIN "${origin}" PARENT_SCOPE)
  set(path ${BENCHBOX_DATA_ROOT}/${A_SET}/${A_FILE})
  if(NOT EXISTS ${path})
    set(${out}_WHY "${path} not found (data set ${A_SET}: run scripts/setup.sh)" PARENT_SCOPE)
    return()
  endif()
  file(SHA256 ${path} actual)
  if(NOT actual STREQUAL sha)
    message(WARNING "benchbox: ${path} has SHA-256 ${actual}, expected ${sha}: not used")
    set(${out}_WHY "${path} has SHA-256 ${actual}, expected ${sha} (run scripts/setup.sh)" PARENT_SCOPE)
    return()
  endif()
  set(${out} ${path} PARENT_SCOPE)
endfunction()

# benchbox_outside_hint(<out> <id> [ALSO "..."]): what to do to enable a library Debian does not
# package, for benchbox_library's ENABLE: install it with its own build into a prefix, then configure
# with -D<ID>_ROOT (<id> in capitals, '.' and '-' as '_'). What was verified is the folder's
# library.json "verified" (repository, tag or describe, commit; "no_library_build" when upstream has
# no build of a library: then only the layout is named). ALSO: another way (without ';').
function(benchbox_outside_hint out id)
  cmake_parse_arguments(A "" "ALSO" "" ${ARGN})
  set(facts_file ${CMAKE_CURRENT_SOURCE_DIR}/library.json)
  if(EXISTS ${facts_file})
    file(READ ${facts_file} facts)
    string(JSON verified ERROR_VARIABLE error GET "${facts}" verified)
  endif()
  if(NOT verified)
    message(FATAL_ERROR "benchbox_outside_hint: ${facts_file} has no \"verified\" object (repository, commit)")
  endif()
  string(JSON repository GET "${verified}" repository)
  string(JSON commit GET "${verified}" commit)
  string(JSON tag ERROR_VARIABLE no_tag GET "${verified}" tag)
  string(JSON no_build ERROR_VARIABLE has_build GET "${verified}" no_library_build)
  set(what "commit ${commit}")
  if(NOT no_tag)
    set(what "tag ${tag}, ${what}")
  endif()
  string(TOUPPER "${id}" root)
  string(REGEX REPLACE "[.-]" "_" root "${root}")
  # No ';' in the text: benchbox_library's arguments are a CMake list.
  if(has_build)
    set(hint "install ${repository} (verified: ${what}) into a prefix with its own build (docs/building-libraries.md: its commands, and what the prefix must hold), then configure with -D${root}_ROOT=PREFIX")
  else()
    set(hint "${repository} (verified: ${what}) has no build of a library of its own (${no_build}), and benchbox builds none: a prefix holding what docs/building-libraries.md lists is found with -D${root}_ROOT=PREFIX")
  endif()
  if(A_ALSO)
    string(APPEND hint ", or ${A_ALSO}")
  endif()
  set(${out} "${hint}" PARENT_SCOPE)
endfunction()
