# Other versions and builds of a library side by side (docs/building-libraries.md, "Versions and
# builds side by side"): a library folder's adapter compiled a second time, as another row of the
# same tables, named LIBRARY@NAME. No library folder declares anything for these, but a folder
# may make builds of its own in every build (benchbox_library's BUILDS): rows outside the suite.
#
#   -DBENCHBOX_VERSIONS="[MODULE/]LIBRARY[@NAME]=PREFIX;..."
#       the adapter compiled against PREFIX, an installed copy the user made: PREFIX/include first
#       on the include path, and every library the adapter links that PREFIX also holds taken from
#       there (lib<name>.a first). NAME: the Version of PREFIX's pkg-config file, unless given; the
#       build then checks that the adapter reports that version (`describe`). An adapter whose
#       version was given at configure (BB_LIBRARY_VERSION: VERSION_OF, or the folder's own) reports
#       NAME instead.
#   -DBENCHBOX_BUILDS="[MODULE/]LIBRARY@BUILD;..."
#       the adapter compiled with other flags. BUILD: c++NN (11 14 17 20 23), the C++ standard of
#       the library folder's own sources (all but adapter.cpp, whose harness needs C++20), and/or
#       ON (O0 O1 O2 O3 Os), the optimisation level of all of them, and/or unity, all the adapter's
#       sources as one translation unit; joined by '-': c++17-O3, unity-O3 (not c++NN with unity).
#
# Each row gets a manifest of its own (id LIBRARY@NAME, "base": LIBRARY, "build": what differs,
# "by_name": true for a folder's own build) and an integration test; the driver names its rows
# after it (zstd -3 -> zstd@1.5.6 -3).

set(BENCHBOX_VERSIONS "" CACHE STRING "Other versions of libraries, each a row beside the one found: [MODULE/]LIBRARY[@NAME]=PREFIX;...")
set(BENCHBOX_BUILDS "" CACHE STRING "Other builds of libraries, each a row beside the usual one: [MODULE/]LIBRARY@BUILD;... (BUILD: c++17, O3, unity, c++17-O3)")
set(_BENCHBOX_OTHER_ROWS_DIR ${CMAKE_CURRENT_LIST_DIR})

# _benchbox_split_entry(<prefix> <option> <entry>): <prefix>_MODULE, _LIBRARY, _NAME and _VALUE
# of "[MODULE/]LIBRARY[@NAME][=VALUE]".
function(_benchbox_split_entry out option entry)
  set(value "")
  string(FIND "${entry}" "=" eq)
  set(left "${entry}")
  if(NOT eq EQUAL -1)
    string(SUBSTRING "${entry}" 0 ${eq} left)
    math(EXPR start "${eq} + 1")
    string(SUBSTRING "${entry}" ${start} -1 value)
  endif()
  if(NOT left MATCHES "^(([A-Za-z0-9_.+-]+)/)?([A-Za-z0-9_.+-]+)(@(.*))?$")
    message(FATAL_ERROR "${option}: '${entry}' is not [MODULE/]LIBRARY[@NAME]...")
  endif()
  set(${out}_MODULE "${CMAKE_MATCH_2}" PARENT_SCOPE)
  set(${out}_LIBRARY "${CMAKE_MATCH_3}" PARENT_SCOPE)
  set(${out}_NAME "${CMAKE_MATCH_5}" PARENT_SCOPE)
  set(${out}_VALUE "${value}" PARENT_SCOPE)
  if(CMAKE_MATCH_4 AND NOT CMAKE_MATCH_5 MATCHES "^[A-Za-z0-9][A-Za-z0-9.+_-]*$")
    message(FATAL_ERROR "${option}: '${entry}': the name after @ must be letters, digits and .+_- (a version: 1.5.6)")
  endif()
endfunction()

# _benchbox_other_rows_of(<out> <module> <id>): the entries of BENCHBOX_VERSIONS and
# BENCHBOX_BUILDS that name this library, as "version" or "build" followed by its index in
# <out>_KINDS and <out>_ENTRIES; each one checked for form and marked as matched.
function(_benchbox_other_rows_of out module id)
  set(kinds)
  set(entries)
  foreach(kind version build)
    if(kind STREQUAL "version")
      set(option BENCHBOX_VERSIONS)
    else()
      set(option BENCHBOX_BUILDS)
    endif()
    foreach(entry IN LISTS ${option})
      _benchbox_split_entry(e ${option} "${entry}")
      if(NOT e_LIBRARY STREQUAL id OR (e_MODULE AND NOT e_MODULE STREQUAL module))
        continue()
      endif()
      if(kind STREQUAL "version" AND NOT IS_ABSOLUTE "${e_VALUE}")
        message(FATAL_ERROR "BENCHBOX_VERSIONS: '${entry}': expected [MODULE/]LIBRARY[@NAME]=PREFIX, PREFIX an absolute path")
      elseif(kind STREQUAL "version" AND NOT IS_DIRECTORY "${e_VALUE}")
        message(FATAL_ERROR "BENCHBOX_VERSIONS: '${entry}': ${e_VALUE} is not a folder")
      elseif(kind STREQUAL "build" AND (NOT e_NAME OR NOT e_VALUE STREQUAL ""))
        message(FATAL_ERROR "BENCHBOX_BUILDS: '${entry}': expected [MODULE/]LIBRARY@BUILD (BUILD: c++17, O3, c++17-O3)")
      endif()
      list(APPEND kinds ${kind})
      list(APPEND entries "${entry}")
      set_property(GLOBAL APPEND PROPERTY _BENCHBOX_OTHER_ROWS_MATCHED "${entry}")
    endforeach()
  endforeach()
  set(${out} ${kinds} PARENT_SCOPE)
  set(${out}_ENTRIES "${entries}" PARENT_SCOPE)
endfunction()

# Called by benchbox_library for an adapter built from SOURCES: when other rows of it are asked
# for, they are made at the end of the library's folder (cmake_language(DEFER)), from the adapter's
# target as the folder left it. `builds`: the folder's own (benchbox_library's BUILDS), made in
# every build of benchbox as rows outside the suite ("own-build"), unless BENCHBOX_BUILDS names the
# same build, whose row is then the user's, in the suite.
function(_benchbox_defer_other_rows module id target json sources version_of env builds)
  _benchbox_other_rows_of(kinds ${module} ${id})
  set(entries "${kinds_ENTRIES}")
  foreach(build IN LISTS builds)
    set(named FALSE)
    foreach(kind entry IN ZIP_LISTS kinds entries)
      _benchbox_split_entry(e BENCHBOX_BUILDS "${entry}")
      if(kind STREQUAL "build" AND e_NAME STREQUAL build)
        set(named TRUE)
      endif()
    endforeach()
    if(NOT named)
      list(APPEND kinds own-build)
      list(APPEND entries "${module}/${id}@${build}")
    endif()
  endforeach()
  if(NOT kinds)
    return()
  endif()
  set_target_properties(${target} PROPERTIES _BB_MODULE ${module} _BB_ID ${id} _BB_JSON "${json}" _BB_SOURCES "${sources}"
                        _BB_VERSION_OF "${version_of}" _BB_ENV "${env}" _BB_KINDS "${kinds}" _BB_ENTRIES "${entries}")
  cmake_language(EVAL CODE "cmake_language(DEFER CALL _benchbox_other_rows ${target})")
endfunction()

function(_benchbox_other_rows main)
  foreach(p MODULE ID JSON SOURCES VERSION_OF ENV KINDS ENTRIES)
    get_target_property(${p} ${main} _BB_${p})
    if(${p} MATCHES "-NOTFOUND$")
      set(${p} "")
    endif()
  endforeach()
  foreach(kind entry IN ZIP_LISTS KINDS ENTRIES)
    if(kind STREQUAL "version")
      _benchbox_version_row(${main} "${entry}")
    elseif(kind STREQUAL "own-build")
      _benchbox_build_row(${main} "${entry}" OUTSIDE_SUITE)
    else()
      _benchbox_build_row(${main} "${entry}")
    endif()
  endforeach()
endfunction()

# After every module was read: an entry that named no library of this build is a mistake.
function(_benchbox_other_rows_check)
  get_property(matched GLOBAL PROPERTY _BENCHBOX_OTHER_ROWS_MATCHED)
  foreach(option BENCHBOX_VERSIONS BENCHBOX_BUILDS)
    foreach(entry IN LISTS ${option})
      if(NOT entry IN_LIST matched)
        message(FATAL_ERROR "${option}: '${entry}' names no library of the modules built here (`benchbox list` shows them)")
      endif()
    endforeach()
  endforeach()
endfunction()

# _benchbox_copy_adapter(<out> <main> <module> <row>): a new adapter program, <row>, made as the
# target <main> is: its sources and everything the library folder gave it.
function(_benchbox_copy_adapter out main module row)
  string(MAKE_C_IDENTIFIER "bb_${module}_${row}" target)
  if(TARGET ${target})
    message(FATAL_ERROR "${module}/${row}: named twice by BENCHBOX_VERSIONS and BENCHBOX_BUILDS")
  endif()
  get_target_property(sources ${main} SOURCES)
  add_executable(${target} ${sources})
  _benchbox_copy_usage(${main} ${target})
  foreach(p CXX_STANDARD C_STANDARD)
    get_target_property(v ${main} ${p})
    if(v)
      set_property(TARGET ${target} PROPERTY ${p} "${v}")
    endif()
  endforeach()
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${row} RUNTIME_OUTPUT_DIRECTORY ${BENCHBOX_LIBEXEC_DIR}/${module}/bin)
  get_target_property(deps ${main} MANUALLY_ADDED_DEPENDENCIES)
  if(deps)
    add_dependencies(${target} ${deps})
  endif()
  set_property(GLOBAL APPEND PROPERTY BENCHBOX_ADAPTERS_${module} ${target})  # benchbox_module_adapters
  set(${out} ${target} PARENT_SCOPE)
endfunction()

# What a target compiles and links with, from <from> to <to>.
function(_benchbox_copy_usage from to)
  foreach(p INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS COMPILE_FEATURES LINK_LIBRARIES LINK_OPTIONS LINK_DIRECTORIES)
    get_target_property(v ${from} ${p})
    if(v)
      set_property(TARGET ${to} PROPERTY ${p} "${v}")
    endif()
  endforeach()
endfunction()

# The row's manifest, beside the library's own: the same facts, its id and title, the library it
# is another row of ("base") and what differs ("build"); and its integration test. OUTSIDE_SUITE:
# "by_name": true, a row outside the suite, run only when --lib names it.
function(_benchbox_other_manifest row title build)
  cmake_parse_arguments(A "OUTSIDE_SUITE" "" "" ${ARGN})
  set(json "${JSON}")
  _benchbox_json_set(json id "${row}")
  _benchbox_json_set(json title "${title}")
  _benchbox_json_set(json program "bin/${row}")
  _benchbox_json_set(json base "${ID}")
  _benchbox_json_set(json build "${build}")
  if(A_OUTSIDE_SUITE)
    string(JSON json SET "${json}" by_name true)
  endif()
  _benchbox_write_manifest(${MODULE} ${row} "${json}" "${ENV}")
endfunction()

# ---- versions: BENCHBOX_VERSIONS ----

# _benchbox_library_at(<out> <prefix> <name>): lib<name>.a in PREFIX's library folders, else its
# shared library, else "".
function(_benchbox_library_at out prefix name)
  unset(_bb_library_at)  # a variable of that name in a caller's scope would stop the search
  find_library(_bb_library_at NAMES lib${name}.a ${name} NAMES_PER_DIR
               HINTS ${prefix}/lib ${prefix}/lib64 ${prefix}/lib/${CMAKE_LIBRARY_ARCHITECTURE} NO_DEFAULT_PATH NO_CACHE)
  if(NOT _bb_library_at)
    set(_bb_library_at "")
  endif()
  set(${out} "${_bb_library_at}" PARENT_SCOPE)
endfunction()

# _benchbox_at_prefix(<out> <prefix> <item>...): the link items with what PREFIX also holds taken
# from there: a benchbox_find_installed target searched again in PREFIX only, a library file (an
# imported target's, or a path) replaced by PREFIX's library of the same name, an interface target
# by a copy whose own items are so replaced. <out>_FILES: what was taken from PREFIX.
function(_benchbox_at_prefix out prefix)
  set(result)
  set(files)
  foreach(item IN LISTS ARGN)
    _benchbox_item_at_prefix(new "${prefix}" "${item}")
    list(APPEND result "${new}")
    list(APPEND files ${new_FILES})
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
  set(${out}_FILES "${files}" PARENT_SCOPE)
endfunction()

# The target an ALIAS target stands for, in the variable `var` that names it (its properties are
# the real target's).
macro(_benchbox_unaliased var)
  get_target_property(_bb_aliased ${${var}} ALIASED_TARGET)
  if(_bb_aliased)
    set(${var} ${_bb_aliased})
  endif()
endmacro()

function(_benchbox_item_at_prefix out prefix item)
  string(SHA1 key "${prefix}|${item}")
  string(SUBSTRING ${key} 0 12 key)
  get_property(done GLOBAL PROPERTY _BB_AT_${key} SET)
  if(done)  # seen before (or being replaced: a cycle keeps the item)
    get_property(new GLOBAL PROPERTY _BB_AT_${key})
    get_property(files GLOBAL PROPERTY _BB_AT_FILES_${key})
  else()
    set_property(GLOBAL PROPERTY _BB_AT_${key} "${item}")
    _benchbox_replace_item(new files "${prefix}" "${item}" bb_at_${key})
    set_property(GLOBAL PROPERTY _BB_AT_${key} "${new}")
    set_property(GLOBAL PROPERTY _BB_AT_FILES_${key} "${files}")
  endif()
  set(${out} "${new}" PARENT_SCOPE)
  set(${out}_FILES "${files}" PARENT_SCOPE)
endfunction()

function(_benchbox_replace_item out_new out_files prefix item new_target)
  set(${out_new} "${item}" PARENT_SCOPE)
  set(${out_files} "" PARENT_SCOPE)
  if(item MATCHES "\\$<")  # a generator expression: kept as it is
    return()
  elseif(NOT TARGET ${item})
    if(IS_ABSOLUTE "${item}" AND item MATCHES "/lib([^/]+)\\.(a|so)(\\.[0-9.]+)?$")
      _benchbox_library_at(found "${prefix}" "${CMAKE_MATCH_1}")
      if(found)
        set(${out_new} "${found}" PARENT_SCOPE)
        set(${out_files} "${found}" PARENT_SCOPE)
      endif()
    endif()
    return()
  endif()
  _benchbox_unaliased(item)
  get_target_property(type ${item} TYPE)
  get_target_property(imported ${item} IMPORTED)
  get_target_property(header ${item} BB_INSTALLED_HEADER)
  set(files)
  set(own)  # the library file that replaces an imported library's
  if(header)
    # benchbox_find_installed's target: the same files, in PREFIX only.
    get_target_property(library ${item} BB_INSTALLED_LIBRARY)
    get_target_property(suffixes ${item} BB_INSTALLED_PATH_SUFFIXES)
    get_target_property(link ${item} BB_INSTALLED_LINK)
    foreach(v library suffixes link)  # an empty property reads as <v>-NOTFOUND
      if(${v} MATCHES "-NOTFOUND$")
        set(${v} "")
      endif()
    endforeach()
    unset(_bb_header_at)
    find_path(_bb_header_at ${header} HINTS ${prefix}/include PATH_SUFFIXES ${suffixes} NO_DEFAULT_PATH NO_CACHE)
    set(dir "${_bb_header_at}")
    set(found "")
    if(library)
      _benchbox_library_at(found "${prefix}" "${library}")
    endif()
    if(NOT dir OR (library AND NOT found))
      return()
    endif()
    add_library(${new_target} INTERFACE)
    target_include_directories(${new_target} SYSTEM INTERFACE ${dir})
    target_link_libraries(${new_target} INTERFACE ${found} ${link})
    set(${out_new} ${new_target} PARENT_SCOPE)
    set(${out_files} ${dir}/${header} ${found} PARENT_SCOPE)
    return()
  elseif(type STREQUAL "INTERFACE_LIBRARY")
  elseif(imported)
    set(location "")
    foreach(p IMPORTED_LOCATION_RELEASE IMPORTED_LOCATION IMPORTED_LOCATION_NOCONFIG)
      get_target_property(v ${item} ${p})
      if(v AND NOT location)
        set(location "${v}")
      endif()
    endforeach()
    if(location MATCHES "/lib([^/]+)\\.(a|so)(\\.[0-9.]+)?$")
      _benchbox_library_at(own "${prefix}" "${CMAKE_MATCH_1}")
    endif()
    list(APPEND files ${own})
  else()
    return()  # a library this build makes: not the user's
  endif()
  get_target_property(links ${item} INTERFACE_LINK_LIBRARIES)
  set(relinked)
  if(links)
    _benchbox_at_prefix(relinked "${prefix}" ${links})
    list(APPEND files ${relinked_FILES})
  endif()
  if(NOT files)
    return()
  endif()
  add_library(${new_target} INTERFACE)
  foreach(p INTERFACE_INCLUDE_DIRECTORIES INTERFACE_SYSTEM_INCLUDE_DIRECTORIES INTERFACE_COMPILE_DEFINITIONS
            INTERFACE_COMPILE_OPTIONS INTERFACE_COMPILE_FEATURES INTERFACE_LINK_OPTIONS INTERFACE_LINK_DIRECTORIES)
    get_target_property(v ${item} ${p})
    if(v)
      set_property(TARGET ${new_target} PROPERTY ${p} "${v}")
    endif()
  endforeach()
  set_property(TARGET ${new_target} PROPERTY INTERFACE_LINK_LIBRARIES ${own} ${relinked})
  set(${out_new} ${new_target} PARENT_SCOPE)
  set(${out_files} "${files}" PARENT_SCOPE)
endfunction()

# _benchbox_prefix_version(<out> <prefix> <pkg-config names>): the Version of PREFIX's pkg-config
# file (the one of these names when PREFIX has it, else the only one); <out>_FILE: which file.
function(_benchbox_prefix_version out prefix entry)
  file(GLOB pcs ${prefix}/lib/pkgconfig/*.pc ${prefix}/lib64/pkgconfig/*.pc ${prefix}/share/pkgconfig/*.pc
       ${prefix}/lib/${CMAKE_LIBRARY_ARCHITECTURE}/pkgconfig/*.pc)
  set(named)
  foreach(pc IN LISTS pcs)
    get_filename_component(name ${pc} NAME_WE)
    if(name IN_LIST ARGN)
      list(APPEND named ${pc})
    endif()
  endforeach()
  if(named)
    set(pcs ${named})
  endif()
  set(versions)
  foreach(pc IN LISTS pcs)
    file(STRINGS ${pc} line REGEX "^Version:")
    string(REGEX REPLACE "^Version:[ \t]*" "" version "${line}")
    string(STRIP "${version}" version)
    list(APPEND versions "${version}")
  endforeach()
  list(REMOVE_DUPLICATES versions)
  list(LENGTH versions n)
  set(hint "name the version yourself: [MODULE/]LIBRARY@VERSION=PREFIX")
  if(n EQUAL 0)
    message(FATAL_ERROR "BENCHBOX_VERSIONS: '${entry}': ${prefix} has no pkg-config file with a Version (lib/pkgconfig/*.pc): ${hint}")
  elseif(n GREATER 1)
    message(FATAL_ERROR "BENCHBOX_VERSIONS: '${entry}': the pkg-config files of ${prefix} give several versions (${versions}): ${hint}")
  elseif(NOT versions MATCHES "^[A-Za-z0-9][A-Za-z0-9.+_-]*$")
    message(FATAL_ERROR "BENCHBOX_VERSIONS: '${entry}': the version '${versions}' of ${pcs} is not letters, digits and .+_-: ${hint}")
  endif()
  list(GET pcs 0 pc)
  set(${out} "${versions}" PARENT_SCOPE)
  set(${out}_FILE "${pc}" PARENT_SCOPE)
endfunction()

# A version row whose adapter links libraries benchbox_find_installed found must take at least one
# of them from PREFIX: otherwise PREFIX's include/ would compile against its headers (or none of
# them, where they sit in a subfolder) and link the system's library, a row named after a version
# it does not run.
function(_benchbox_check_installed_replaced prefix entry)
  set(looked)
  foreach(item IN LISTS ARGN)
    if(NOT TARGET ${item})
      continue()
    endif()
    _benchbox_unaliased(item)
    get_target_property(header ${item} BB_INSTALLED_HEADER)
    if(NOT header)
      continue()
    endif()
    _benchbox_item_at_prefix(new "${prefix}" "${item}")
    if(new_FILES)
      return()
    endif()
    get_target_property(library ${item} BB_INSTALLED_LIBRARY)
    string(APPEND looked " include/${header}")
    if(library)
      string(APPEND looked " and lib/lib${library}.{a,so}")
    endif()
  endforeach()
  if(looked)
    message(FATAL_ERROR "BENCHBOX_VERSIONS: '${entry}': ${prefix} does not hold what the adapter links (looked for${looked}): "
                        "install the library there with its headers directly in include/ and its library in lib/")
  endif()
endfunction()

# One BENCHBOX_VERSIONS entry: the adapter of <main> compiled against the entry's PREFIX.
function(_benchbox_version_row main entry)
  _benchbox_split_entry(e BENCHBOX_VERSIONS "${entry}")
  set(prefix "${e_VALUE}")
  get_target_property(links ${main} LINK_LIBRARIES)
  _benchbox_at_prefix(relinked "${prefix}" ${links})
  set(name "${e_NAME}")
  set(from "named in BENCHBOX_VERSIONS")
  if(NOT name)
    # The pkg-config names benchbox_find_installed gave the targets it links.
    _benchbox_targets_property(pc_names BB_INSTALLED_PKG_CONFIG ${links})
    _benchbox_prefix_version(name "${prefix}" "${entry}" ${pc_names})
    set(from "${name_FILE}")
  endif()
  _benchbox_check_installed_replaced("${prefix}" "${entry}" ${links})
  if(NOT relinked_FILES AND NOT IS_DIRECTORY ${prefix}/include)
    message(FATAL_ERROR "BENCHBOX_VERSIONS: '${entry}': ${prefix} holds none of the libraries the ${ID} adapter links "
                        "(looked for in ${prefix}/lib) and no include/ folder")
  endif()
  set(row "${ID}@${name}")
  _benchbox_copy_adapter(target ${main} ${MODULE} ${row})
  set_property(TARGET ${target} PROPERTY LINK_LIBRARIES "${relinked}")
  if(IS_DIRECTORY ${prefix}/include)
    target_include_directories(${target} BEFORE PRIVATE ${prefix}/include)
  endif()
  _benchbox_generated_at_prefix(generated ${main} ${target} "${prefix}" "${row}")
  # A version the adapter does not read from the library but was given at configure, BB_LIBRARY_VERSION:
  # VERSION_OF's Debian package, or what the folder itself defined after benchbox_library (the
  # hashmap module's maps: Debian's package or CMake package version; zpp_bits). It would name the
  # version found, not the prefix's: the row reports its own instead.
  get_target_property(defs ${target} COMPILE_DEFINITIONS)
  if(NOT defs)
    set(defs "")
  endif()
  if(VERSION_OF OR defs MATCHES "(^|;)BB_LIBRARY_VERSION=")
    list(FILTER defs EXCLUDE REGEX "^BB_LIBRARY_VERSION=")
    set_property(TARGET ${target} PROPERTY COMPILE_DEFINITIONS ${defs} "BB_LIBRARY_VERSION=\"${name} (${from})\"")
  elseif(NOT e_NAME)
    # The row's name says the version the prefix's pkg-config file gives; the adapter must report it.
    add_custom_command(TARGET ${target} POST_BUILD
                       COMMAND ${CMAKE_COMMAND} -E env ${ENV} ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${target}>
                               "-DVERSION=${name}" "-DROW=${MODULE}/${row}" "-DFROM=${from}"
                               -P ${_BENCHBOX_OTHER_ROWS_DIR}/BenchboxRowVersion.cmake
                       VERBATIM)
  endif()
  set(taken)
  foreach(file IN LISTS relinked_FILES)
    file(RELATIVE_PATH rel "${prefix}" "${file}")
    list(APPEND taken "${rel}")
  endforeach()
  if(IS_DIRECTORY ${prefix}/include AND NOT taken MATCHES "(^|;)include/")
    list(APPEND taken "include/")
  endif()
  list(APPEND taken ${generated})
  list(REMOVE_DUPLICATES taken)
  list(JOIN taken ", " taken)
  string(JSON title GET "${JSON}" title)
  _benchbox_other_manifest("${row}" "${title} ${name} (${prefix})" "installed at ${prefix}: ${taken}")
  message(STATUS "benchbox: ${MODULE}: ${row}: ${ID} ${name} from ${prefix} (${taken})")
endfunction()

# ---- generated sources: benchbox_adapter_generated ----

# benchbox_adapter_generated(<target> PROGRAM <file> INPUT <file> [ARGS <arg>...] OUTPUTS <name>...)
# Sources of an adapter that a program generates at build time, such as a schema compiler's code
# (the serialization module's flatc, thrift, protoc-c): `PROGRAM ARGS INPUT` writes OUTPUTS into
# the folder <out> (in ARGS, that folder), which the adapter's include path gets. A version row of
# the library (BENCHBOX_VERSIONS) runs PREFIX/bin/<PROGRAM's name> instead, into a folder of its
# own, when PREFIX has it: generated code belongs to its library's version (FlatBuffers' generated
# header fails to compile against the headers of another version).
function(benchbox_adapter_generated target)
  cmake_parse_arguments(A "" "PROGRAM;INPUT" "ARGS;OUTPUTS" ${ARGN})
  if(NOT A_PROGRAM OR NOT A_INPUT OR NOT A_OUTPUTS)
    message(FATAL_ERROR "benchbox_adapter_generated(${target}): PROGRAM, INPUT and OUTPUTS are required")
  endif()
  get_filename_component(input "${A_INPUT}" ABSOLUTE)
  _benchbox_generate(${target} "${A_PROGRAM}" "${input}" ${CMAKE_CURRENT_BINARY_DIR} "${A_ARGS}" "${A_OUTPUTS}")
  get_property(count TARGET ${target} PROPERTY _BB_GENERATED_COUNT)
  if(NOT count)
    set(count 0)
  endif()
  set_target_properties(${target} PROPERTIES _BB_GENERATED_${count}_PROGRAM "${A_PROGRAM}" _BB_GENERATED_${count}_INPUT "${input}"
                        _BB_GENERATED_${count}_ARGS "${A_ARGS}" _BB_GENERATED_${count}_OUTPUTS "${A_OUTPUTS}"
                        _BB_GENERATED_${count}_OUT ${CMAKE_CURRENT_BINARY_DIR})
  math(EXPR count "${count} + 1")
  set_property(TARGET ${target} PROPERTY _BB_GENERATED_COUNT ${count})
endfunction()

function(_benchbox_generate target program input out args outputs)
  list(TRANSFORM outputs PREPEND ${out}/)
  list(TRANSFORM args REPLACE "<out>" ${out})
  get_filename_component(name ${program} NAME)
  get_filename_component(input_name ${input} NAME)
  file(MAKE_DIRECTORY ${out})
  add_custom_command(OUTPUT ${outputs} COMMAND ${program} ${args} ${input} DEPENDS ${input} ${program}
                     COMMENT "${name}: ${input_name}" VERBATIM)
  target_sources(${target} PRIVATE ${outputs})
  target_include_directories(${target} BEFORE PRIVATE ${out})
endfunction()

# The version row <target> of <main>: each of <main>'s generated sources made again by PREFIX's
# program of the same name, where PREFIX/bin has it. <out>: those programs, relative to PREFIX.
function(_benchbox_generated_at_prefix out main target prefix row)
  set(taken)
  get_property(count TARGET ${main} PROPERTY _BB_GENERATED_COUNT)
  if(count)  # not n: if(n) is the false constant N
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      foreach(p PROGRAM INPUT ARGS OUTPUTS OUT)
        get_property(${p} TARGET ${main} PROPERTY _BB_GENERATED_${i}_${p})
      endforeach()
      get_filename_component(name ${PROGRAM} NAME)
      if(NOT EXISTS ${prefix}/bin/${name} OR IS_DIRECTORY ${prefix}/bin/${name})
        message(STATUS "benchbox: ${MODULE}: ${row}: ${prefix} has no bin/${name}: its sources are those ${PROGRAM} generates")
        continue()
      endif()
      # The row's own outputs replace the ones <main> compiles; its folder comes first on the include path.
      set(found ${OUTPUTS})
      list(TRANSFORM found PREPEND ${OUT}/)
      get_target_property(sources ${target} SOURCES)
      list(REMOVE_ITEM sources ${found})
      set_property(TARGET ${target} PROPERTY SOURCES ${sources})
      string(MAKE_C_IDENTIFIER "${row}" folder)
      _benchbox_generate(${target} ${prefix}/bin/${name} "${INPUT}" ${OUT}/${folder} "${ARGS}" "${OUTPUTS}")
      list(APPEND taken bin/${name})
    endforeach()
  endif()
  set(${out} ${taken} PARENT_SCOPE)
endfunction()

# ---- builds: BENCHBOX_BUILDS ----

# _benchbox_build_parts(<out> <where> <build>): <out>_STANDARD (17), <out>_LEVEL (O3) and
# <out>_UNITY (TRUE) of a build's name, tokens joined by '-' ("c++17-O3", "unity"); <where> names
# the entry in an error.
function(_benchbox_build_parts out where build)
  set(standard "")
  set(level "")
  set(unity FALSE)
  string(REPLACE "-" ";" tokens "${build}")
  foreach(token IN LISTS tokens)
    if(token MATCHES "^c\\+\\+(11|14|17|20|23)$" AND NOT standard)
      set(standard ${CMAKE_MATCH_1})
    elseif(token MATCHES "^O[0123s]$" AND NOT level)
      set(level ${token})
    elseif(token STREQUAL "unity" AND NOT unity)
      set(unity TRUE)
    else()
      message(FATAL_ERROR "${where}: '${token}' is not a build: c++NN (11 14 17 20 23), ON (O0 O1 O2 O3 Os), unity "
                          "(the adapter's sources as one translation unit), or one of each joined by '-' (c++17-O3)")
    endif()
  endforeach()
  if(standard AND unity)
    message(FATAL_ERROR "${where}: c++${standard} and unity cannot be joined: another standard compiles the library's "
                        "sources apart from the harness, unity together with it")
  endif()
  set(${out}_STANDARD "${standard}" PARENT_SCOPE)
  set(${out}_LEVEL "${level}" PARENT_SCOPE)
  set(${out}_UNITY ${unity} PARENT_SCOPE)
endfunction()

# One BENCHBOX_BUILDS entry, or one of a folder's own builds (OUTSIDE_SUITE: benchbox_library's
# BUILDS): the adapter of <main> compiled with the build's flags.
function(_benchbox_build_row main entry)
  cmake_parse_arguments(A "OUTSIDE_SUITE" "" "" ${ARGN})
  _benchbox_split_entry(e BENCHBOX_BUILDS "${entry}")
  set(build "${e_NAME}")
  set(where "BENCHBOX_BUILDS: '${entry}'")
  if(A_OUTSIDE_SUITE)
    set(where "benchbox_library(BUILDS ${build}) of ${MODULE}/${ID}")
  endif()
  _benchbox_build_parts(b "${where}" "${build}")
  # The library's own sources: all but the harness, adapter.cpp.
  set(units ${SOURCES})
  list(FILTER units EXCLUDE REGEX "(^|/)adapter\\.cpp$")
  if((b_STANDARD OR b_UNITY) AND NOT units)
    message(FATAL_ERROR "${where}: ${MODULE}/${ID} has no source of its own beside adapter.cpp: a build with another "
                        "standard (whose harness needs C++${CMAKE_CXX_STANDARD}), or one that puts the library's calls in "
                        "the harness's unit, needs them in a source of their own (as modules/json/nlohmann/parse.cpp)")
  endif()
  set(row "${ID}@${build}")
  _benchbox_copy_adapter(target ${main} ${MODULE} ${row})
  list(JOIN units ", " names)
  set(what)
  if(b_STANDARD)
    # The library's own sources as an object library of that standard.
    _benchbox_standard_check(check ${row} ${b_STANDARD})
    add_library(${target}_units OBJECT ${units} ${check})
    _benchbox_copy_usage(${target} ${target}_units)
    set_target_properties(${target}_units PROPERTIES CXX_STANDARD ${b_STANDARD} CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
    get_target_property(sources ${target} SOURCES)
    list(REMOVE_ITEM sources ${units})
    set_property(TARGET ${target} PROPERTY SOURCES $<TARGET_OBJECTS:${target}_units> ${sources})
    set_property(GLOBAL APPEND PROPERTY BENCHBOX_ADAPTER_UNITS_${MODULE} ${target}_units)
    list(APPEND what "${names} as C++${b_STANDARD} (-std=c++${b_STANDARD}), the harness as C++${CMAKE_CXX_STANDARD}")
  endif()
  if(b_UNITY)
    # What g++ inlines into a library's call depends on what else its unit holds (nlohmann's parse:
    # modules/json/README.md, "nlohmann: where parse is compiled").
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 0)
    list(APPEND what "${names} and the harness (adapter.cpp) compiled as one translation unit (CMake's UNITY_BUILD)")
  endif()
  if(b_LEVEL)
    target_compile_options(${target} PRIVATE -${b_LEVEL})
    if(TARGET ${target}_units)
      target_compile_options(${target}_units PRIVATE -${b_LEVEL})
    endif()
    list(APPEND what "-${b_LEVEL} instead of ${BENCHBOX_LIBRARY_CFLAGS}")
  endif()
  list(JOIN what "; " what)
  string(JSON title GET "${JSON}" title)
  if(A_OUTSIDE_SUITE)
    _benchbox_other_manifest("${row}" "${title}, built ${build}" "${what}" OUTSIDE_SUITE)
    message(STATUS "benchbox: ${MODULE}: ${row}: ${what}; outside the suite (--lib ${row})")
  else()
    _benchbox_other_manifest("${row}" "${title}, built ${build}" "${what}")
    message(STATUS "benchbox: ${MODULE}: ${row}: ${what}")
  endif()
endfunction()

# A source that fails to compile unless __cplusplus is the standard's: a usage requirement of a
# linked target (cxx_std_20) cannot raise the standard unnoticed.
function(_benchbox_standard_check out row standard)
  set(values 11 201103L 14 201402L 17 201703L 20 202002L 23 202100L)
  list(FIND values ${standard} at)
  math(EXPR at "${at} + 1")
  list(GET values ${at} value)
  string(MAKE_C_IDENTIFIER "${row}" name)
  set(file ${CMAKE_CURRENT_BINARY_DIR}/${name}_standard.cpp)
  file(CONFIGURE OUTPUT ${file} CONTENT
       "// Generated for the build ${row}: its library sources are compiled as C++${standard}.\nstatic_assert(__cplusplus == ${value}, \"not compiled as C++${standard}\");\n")
  set(${out} ${file} PARENT_SCOPE)
endfunction()

# ---- rows a library folder declares: benchbox_environment_row ----

# benchbox_environment_row(NAME <name> ENV NAME=VALUE...)
# In a library folder, after its benchbox_library: another row of the library, LIBRARY@NAME, that
# runs the same adapter program with more environment, where the library itself reads it when the
# process starts (OpenSSL's OPENSSL_ia32cap: its code for a CPU without some features; glibc's
# GLIBC_TUNABLES: allocator/glibc's glibc@no-trim). Unlike BENCHBOX_VERSIONS and BENCHBOX_BUILDS the
# folder declares it, so it is in every build that has the library (none where the library is not
# available). Its title and what differs ("build") are facts of the folder's library.json, under
# "rows": {"<name>": {"title": "...", "build": "..."}} (each optional: the library's title and
# "started with" the environment otherwise). Its manifest says "base" and "build" as theirs do, and
# it gets its integration test.
function(benchbox_environment_row)
  cmake_parse_arguments(A "" "NAME" "ENV" ${ARGN})
  get_filename_component(id ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  get_filename_component(module_dir ${CMAKE_CURRENT_SOURCE_DIR} DIRECTORY)
  get_filename_component(module ${module_dir} NAME)
  if(NOT A_NAME MATCHES "^[A-Za-z0-9][A-Za-z0-9.+_-]*$" OR NOT A_ENV OR A_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "benchbox_environment_row in ${CMAKE_CURRENT_SOURCE_DIR}: NAME (letters, digits and .+_-) and ENV are required")
  endif()
  _benchbox_read_facts(facts ${CMAKE_CURRENT_SOURCE_DIR}/library.json)
  string(JSON row_facts ERROR_VARIABLE no_row GET "${facts}" rows ${A_NAME})
  if(no_row)
    set(row_facts "{}")
  endif()
  set(where "${CMAKE_CURRENT_SOURCE_DIR}/library.json, rows.${A_NAME}")
  _benchbox_fact(A_TITLE "${row_facts}" title STRING "${where}")
  _benchbox_fact(A_BUILD "${row_facts}" build STRING "${where}")
  if(NOT A_BUILD)
    list(JOIN A_ENV " " A_BUILD)
    set(A_BUILD "started with ${A_BUILD}")
  endif()
  set(base_manifest ${BENCHBOX_LIBEXEC_DIR}/${module}/${id}.json)
  get_property(declared GLOBAL PROPERTY BENCHBOX_LIBRARIES)
  if(NOT "${module}/${id}" IN_LIST declared OR NOT EXISTS ${base_manifest})
    message(FATAL_ERROR "benchbox_environment_row in ${CMAKE_CURRENT_SOURCE_DIR}: call it after the folder's benchbox_library")
  endif()
  set(row "${id}@${A_NAME}")
  if("${module}/${row}" IN_LIST declared)
    message(FATAL_ERROR "${module}/${row}: declared twice")
  endif()
  file(READ ${base_manifest} json)
  string(JSON available GET "${json}" available)
  if(NOT available)
    return()
  endif()
  string(JSON env GET "${json}" env)
  foreach(pair IN LISTS A_ENV)
    if(NOT pair MATCHES "^([A-Za-z_][A-Za-z0-9_]*)=(.*)$")
      message(FATAL_ERROR "benchbox_environment_row ${module}/${row}: '${pair}' is not NAME=VALUE")
    endif()
    _benchbox_json_set(env ${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
  endforeach()
  string(JSON title GET "${json}" title)
  if(A_TITLE)
    set(title "${A_TITLE}")
  else()
    string(APPEND title ", ${A_BUILD}")
  endif()
  _benchbox_json_set(json id "${row}")
  _benchbox_json_set(json title "${title}")
  _benchbox_json_set(json base "${id}")
  _benchbox_json_set(json build "${A_BUILD}")
  string(JSON json SET "${json}" env "${env}")  # the program stays the library's own
  file(WRITE ${BENCHBOX_LIBEXEC_DIR}/${module}/${row}.json "${json}\n")
  set_property(GLOBAL APPEND PROPERTY BENCHBOX_LIBRARIES "${module}/${row}")
endfunction()
