# What the regex module's driver side (module.cpp) needs before it compiles, for any build of the
# driver: benchbox's (modules/regex/CMakeLists.txt) and the fuzzers' (tests/fuzz, which includes
# every modules/*/driver.cmake). benchmarks.json becomes a C++ table, benchmarks.inc, in
# <build>/modules/regex/generated, on module.cpp's include path: one Benchmark{...} per entry,
# included by module.cpp and the adapters (common/benchmarks.hpp). Patterns go in raw strings.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/benchmarks.json)
file(READ ${CMAKE_CURRENT_LIST_DIR}/benchmarks.json _benchmarks)
string(JSON _count LENGTH "${_benchmarks}" benchmarks)
math(EXPR _last "${_count} - 1")
set(_table "// Generated from modules/regex/benchmarks.json by modules/regex/driver.cmake: edit the JSON.\n")
foreach(_i RANGE ${_last})
  foreach(_key name pattern haystack about)
    string(JSON _${_key} GET "${_benchmarks}" benchmarks ${_i} ${_key})
  endforeach()
  string(JSON _reference ERROR_VARIABLE _no_reference GET "${_benchmarks}" benchmarks ${_i} reference)
  if(_no_reference)
    set(_reference "")
  endif()
  string(JSON _flags ERROR_VARIABLE _no_flags GET "${_benchmarks}" benchmarks ${_i} flags)
  if(_no_flags)
    set(_flags "")
  endif()
  string(JSON _single_end ERROR_VARIABLE _no_single_end GET "${_benchmarks}" benchmarks ${_i} single_end)
  if(_no_single_end OR NOT _single_end)
    set(_single_end false)
  else()
    set(_single_end true)
  endif()
  set(_suites "count,compile")  # the default
  string(JSON _n_suites ERROR_VARIABLE _no_suites LENGTH "${_benchmarks}" benchmarks ${_i} suites)
  if(NOT _no_suites AND _n_suites GREATER 0)
    set(_suites "")
    math(EXPR _last_suite "${_n_suites} - 1")
    foreach(_k RANGE ${_last_suite})
      string(JSON _suite GET "${_benchmarks}" benchmarks ${_i} suites ${_k})
      string(APPEND _suites "${_suite},")
    endforeach()
  endif()
  if(_pattern MATCHES "\\)bb\"" OR _about MATCHES "\\)bb\"" OR _reference MATCHES "\\)bb\"")
    message(FATAL_ERROR "modules/regex/benchmarks.json: benchmark ${_name} holds the text )bb\", which ends a raw string")
  endif()
  string(APPEND _table "{\"${_name}\", R\"bb(${_pattern})bb\", \"${_flags}\", \"${_haystack}\", R\"bb(${_about})bb\", ${_single_end}, \"${_suites}\", R\"bb(${_reference})bb\"},\n")
endforeach()
set(BENCHBOX_REGEX_GENERATED_DIR ${CMAKE_BINARY_DIR}/modules/regex/generated CACHE INTERNAL "")
file(WRITE ${BENCHBOX_REGEX_GENERATED_DIR}/benchmarks.inc.tmp "${_table}")
configure_file(${BENCHBOX_REGEX_GENERATED_DIR}/benchmarks.inc.tmp ${BENCHBOX_REGEX_GENERATED_DIR}/benchmarks.inc COPYONLY)
# module.cpp is compiled by a target of the top-level folder (benchbox_modules, fuzz_core): the include
# folder goes on the file.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/module.cpp DIRECTORY ${CMAKE_SOURCE_DIR}
                            PROPERTIES INCLUDE_DIRECTORIES ${BENCHBOX_REGEX_GENERATED_DIR})

