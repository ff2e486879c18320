# How a library folder declares itself: its facts in modules/<module>/<library>/library.json, and
# one call in the folder's CMakeLists.txt that says how to find and build it. The module and the
# library's id are the folder's names.
#
# library.json (include/benchbox/library_facts.hpp; docs/adding.md) holds what the build reads:
#   "title"   the row's name in tables and `benchbox list`           (required)
#   "order"   its place in them, a whole number                     (required)
#   "reason"  why it may be missing here                            (required with FOUND)
#   "enable"  what the user can do to have it                       (optional)
#   "rows"    {"<NAME>": {"title": "...", "build": "..."}}: benchbox_environment_row's rows
# and for the reader "verified" (the versions and commits verified, where Debian does not package
# the library) and "comment"; besides these the module's own facts, which the adapter reads.
#
#   benchbox_library([FOUND <variable>...]         one false: the library is not available here
#                    [DETAIL "..."]                what configure found, added to "reason" in
#                                                  parentheses (a path, the processor)
#                    [ENABLE "..."]                "enable" computed at configure time (an outside
#                                                  library's hint: benchbox_outside_hint), for a
#                                                  library.json without one
#                    [SOURCES ... [LIBRARIES ...]] a C/C++ adapter program built from SOURCES, or
#                    [PROGRAM <file>]              an adapter built another way (Go, Python)
#                    [RUNTIME_FILES <file>...]     files the adapter uses at run time besides the
#                                                  shared libraries it links (an interpreter, a
#                                                  module of its language): the Debian package
#                                                  depends on the packages that installed them
#                    [VERSION_OF <header>]         a library whose API has no version: the adapter
#                                                  gets BB_LIBRARY_VERSION, the Debian package and
#                                                  version that installed <header> ("unversioned")
#                    [REFERENCE]                   the module's reference row (its floor)
#                    [ENV NAME=VALUE ...]          environment for this library's adapter only
#                    [BUILDS <build>...])          other builds of a SOURCES adapter made in every
#                                                  build of benchbox, each a row ID@BUILD outside
#                                                  the suite (run where --lib names it): BUILD as in
#                                                  BENCHBOX_BUILDS (cmake/BenchboxOtherRows.cmake)
#
# It writes the manifest the driver reads, ${BENCHBOX_LIBEXEC_DIR}/<module>/<id>.json, and
# registers the library's integration test. BENCHBOX_LAST_TARGET names the adapter's target
# (empty when the library is not available here).
# library.json is checked and embedded into a C/C++ adapter program; a PROGRAM built another way
# embeds it itself (benchbox_library_facts_literal, or Go's go:embed). benchbox_environment_row,
# after it, adds a row of the same program started with more environment (BenchboxOtherRows.cmake).

function(_benchbox_json_string out value)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  string(REPLACE "\n" "\\n" value "${value}")
  string(REPLACE "\t" "\\t" value "${value}")
  set(${out} "\"${value}\"" PARENT_SCOPE)
endfunction()

# Sets key to a JSON string in the JSON object held by the variable `json`.
macro(_benchbox_json_set json key value)
  _benchbox_json_string(_quoted "${value}")
  string(JSON ${json} SET "${${json}}" ${key} "${_quoted}")
endmacro()

# _benchbox_read_facts(<var> <library.json>): the file's text, once checked to be a JSON object
# (a FATAL_ERROR naming the file otherwise); the build reconfigures when the file changes.
function(_benchbox_read_facts var file)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
  file(READ ${file} text)
  string(JSON type ERROR_VARIABLE error TYPE "${text}")
  if(error)
    message(FATAL_ERROR "${file}: not valid JSON: ${error}")
  elseif(NOT type STREQUAL "OBJECT")
    message(FATAL_ERROR "${file}: a JSON ${type}, not an object")
  endif()
  if(text MATCHES "\\)benchbox_json\"")
    message(FATAL_ERROR "${file}: holds )benchbox_json\", the end of the raw string it is embedded in")
  endif()
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

# benchbox_library_facts(<target> <library.json>): adds to <target> a generated source defining
# the checked text of the file (benchbox::embedded::library_json) for LibraryFacts::embedded().
function(benchbox_library_facts target file)
  _benchbox_read_facts(text ${file})
  file(RELATIVE_PATH path "${PROJECT_SOURCE_DIR}" "${file}")
  string(CONCAT content
         "// Generated by benchbox_library_facts from @path@: edit that file.\n"
         "namespace benchbox::embedded {\n"
         "extern const char library_json_path[] = \"@path@\";\n"
         "extern const char library_json[] = R\"benchbox_json(@text@)benchbox_json\";\n"
         "}  // namespace benchbox::embedded\n")
  set(source ${CMAKE_CURRENT_BINARY_DIR}/${target}_library_facts.cpp)
  file(CONFIGURE OUTPUT ${source} CONTENT "${content}" @ONLY)
  target_sources(${target} PRIVATE ${source})
endfunction()

# benchbox_library_facts_literal(<var> <library.json>): the checked text of the file as a JSON
# string literal ("..."), for an adapter that is not C/C++ to embed it: greenlet's Python program,
# configured with it, reads the literal as its own (JSON's escapes are Python's).
function(benchbox_library_facts_literal var file)
  _benchbox_read_facts(text ${file})
  _benchbox_json_string(literal "${text}")
  string(REPLACE "\r" "\\r" literal "${literal}")
  set(${var} "${literal}" PARENT_SCOPE)
endfunction()

# _benchbox_targets_property(<var> <property> <items>...): the values of <property> on those of the
# items that are targets and have it set (a link list holds file names and flags too).
function(_benchbox_targets_property var property)
  set(values)
  foreach(item IN LISTS ARGN)
    if(TARGET ${item})
      get_target_property(value ${item} ${property})
      if(value)
        list(APPEND values ${value})
      endif()
    endif()
  endforeach()
  set(${var} "${values}" PARENT_SCOPE)
endfunction()

# _benchbox_version_of(<var> <header> <libraries>): the Debian package version of the <header> the
# adapter compiles against: first in the include folders of the targets it links (a prefix given
# by -D<NAME>_ROOT: "unversioned", no package owns it), else on the compiler's default path. Read
# at configure time: reconfigure after upgrading the package.
function(_benchbox_version_of var header)
  _benchbox_targets_property(hints INTERFACE_INCLUDE_DIRECTORIES ${ARGN})
  unset(_bb_header_dir)
  if(hints)
    find_path(_bb_header_dir "${header}" HINTS ${hints} NO_DEFAULT_PATH NO_CACHE)
  endif()
  if(NOT _bb_header_dir)
    find_path(_bb_header_dir "${header}" NO_CACHE)
  endif()
  set(file "${_bb_header_dir}/${header}")
  if(_bb_header_dir AND EXISTS "${file}")
    file(REAL_PATH "${file}" file)  # "/usr/include/" + "/x.h": dpkg -S needs one slash
  endif()
  benchbox_package_version(version "${file}")
  set(${var} "${version}" PARENT_SCOPE)
endfunction()

# _benchbox_env_json(<var> <NAME=VALUE list>): the pairs as a JSON object.
function(_benchbox_env_json var pairs)
  set(env "{}")
  foreach(pair IN LISTS pairs)
    string(FIND "${pair}" "=" eq)
    string(SUBSTRING "${pair}" 0 ${eq} name)
    math(EXPR start "${eq} + 1")
    string(SUBSTRING "${pair}" ${start} -1 value)
    _benchbox_json_set(env ${name} "${value}")
  endforeach()
  set(${var} "${env}" PARENT_SCOPE)
endfunction()

# _benchbox_write_manifest(<module> <row> <json> <NAME=VALUE list>): the row's manifest, its ENV
# added, in the libexec folder the driver reads. Every row written gets an integration test
# (tests/CMakeLists.txt); unavailable ones skip.
function(_benchbox_write_manifest module row json env_pairs)
  _benchbox_env_json(env "${env_pairs}")
  string(JSON json SET "${json}" env "${env}")
  file(WRITE ${BENCHBOX_LIBEXEC_DIR}/${module}/${row}.json "${json}\n")
  set_property(GLOBAL APPEND PROPERTY BENCHBOX_LIBRARIES "${module}/${row}")
endfunction()

include(${CMAKE_CURRENT_LIST_DIR}/BenchboxOtherRows.cmake)

# _benchbox_fact(<var> <facts> <key> <STRING|NUMBER> <file>): the value of <key> in the library.json
# text <facts>, "" when absent; a FATAL_ERROR naming the file when it is of another type.
function(_benchbox_fact var facts key type file)
  string(JSON actual ERROR_VARIABLE missing TYPE "${facts}" ${key})
  set(${var} "" PARENT_SCOPE)
  if(missing)
    return()
  endif()
  if(NOT actual STREQUAL type)
    message(FATAL_ERROR "${file}: \"${key}\" must be a JSON ${type}, not ${actual}")
  endif()
  string(JSON value GET "${facts}" ${key})
  if(type STREQUAL "NUMBER" AND NOT value MATCHES "^-?[0-9]+$")
    message(FATAL_ERROR "${file}: \"${key}\" must be a whole number, not ${value}")
  endif()
  set(${var} "${value}" PARENT_SCOPE)
endfunction()

function(benchbox_library)
  cmake_parse_arguments(A "REFERENCE" "DETAIL;ENABLE;PROGRAM;VERSION_OF" "FOUND;SOURCES;LIBRARIES;ENV;RUNTIME_FILES;BUILDS"
                        ${ARGN})
  set(BENCHBOX_LAST_TARGET "" PARENT_SCOPE)
  get_filename_component(id ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  get_filename_component(module_dir ${CMAKE_CURRENT_SOURCE_DIR} DIRECTORY)
  get_filename_component(module ${module_dir} NAME)
  set(facts_file ${CMAKE_CURRENT_SOURCE_DIR}/library.json)
  if(NOT EXISTS ${facts_file})
    message(FATAL_ERROR "${CMAKE_CURRENT_SOURCE_DIR}: no library.json: every library declares its facts there, "
                        "its title and order first (docs/adding.md)")
  endif()
  if(A_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "benchbox_library ${module}/${id}: unknown arguments ${A_UNPARSED_ARGUMENTS} (TITLE, ORDER, "
                        "REASON and ENABLE text belong in library.json)")
  endif()
  _benchbox_read_facts(facts ${facts_file})
  _benchbox_fact(title "${facts}" title STRING ${facts_file})
  _benchbox_fact(order "${facts}" order NUMBER ${facts_file})
  _benchbox_fact(reason "${facts}" reason STRING ${facts_file})
  _benchbox_fact(enable "${facts}" enable STRING ${facts_file})
  if(title STREQUAL "" OR order STREQUAL "")
    message(FATAL_ERROR "${facts_file}: \"title\" and \"order\" are required")
  endif()
  if(A_FOUND AND reason STREQUAL "")
    message(FATAL_ERROR "${facts_file}: \"reason\" is required: the folder's benchbox_library names FOUND")
  endif()
  if(A_ENABLE AND NOT enable STREQUAL "")
    message(FATAL_ERROR "${facts_file}: \"enable\" is given twice: there and by benchbox_library's ENABLE")
  elseif(A_ENABLE)
    set(enable "${A_ENABLE}")
  endif()
  if(A_DETAIL)
    string(APPEND reason " (${A_DETAIL})")
  endif()
  set(json "{}")
  _benchbox_json_set(json id "${id}")
  _benchbox_json_set(json title "${title}")
  string(JSON json SET "${json}" order "${order}")
  # FOUND names variables, each of which must be found: empty, a false constant or *-NOTFOUND
  # means not found; anything else (TRUE, a path, a target name) means found.
  set(available TRUE)
  foreach(found IN LISTS A_FOUND)
    string(TOUPPER "${${found}}" value)
    if(value STREQUAL "" OR value MATCHES "^(0|OFF|NO|FALSE|N|IGNORE|NOTFOUND)$" OR value MATCHES "-NOTFOUND$")
      set(available FALSE)
    endif()
  endforeach()
  if(available)
    string(JSON json SET "${json}" available true)
    if(A_SOURCES)
      set(target bb_${module}_${id})
      string(REPLACE "." "_" target ${target})
      add_executable(${target} ${A_SOURCES})
      target_link_libraries(${target} PRIVATE benchbox_adapter benchbox_warnings ${A_LIBRARIES})
      set_target_properties(${target} PROPERTIES OUTPUT_NAME ${id} RUNTIME_OUTPUT_DIRECTORY ${BENCHBOX_LIBEXEC_DIR}/${module}/bin)
      set(BENCHBOX_LAST_TARGET ${target} PARENT_SCOPE)
      set_property(GLOBAL APPEND PROPERTY BENCHBOX_ADAPTERS_${module} ${target})  # benchbox_module_adapters
      benchbox_library_facts(${target} ${facts_file})
      if(A_VERSION_OF)
        _benchbox_version_of(version "${A_VERSION_OF}" ${A_LIBRARIES})
        target_compile_definitions(${target} PRIVATE BB_LIBRARY_VERSION="${version}")
      endif()
      _benchbox_json_set(json program "bin/${id}")
      # Other versions and builds of this library (BENCHBOX_VERSIONS, BENCHBOX_BUILDS, BUILDS): made
      # at the end of this folder, once whatever the folder adds to the adapter's target is there.
      _benchbox_defer_other_rows(${module} ${id} ${target} "${json}" "${A_SOURCES}" "${A_VERSION_OF}" "${A_ENV}" "${A_BUILDS}")
    elseif(A_PROGRAM)
      _benchbox_other_rows_of(rows ${module} ${id})
      if(rows OR A_BUILDS)
        message(FATAL_ERROR "BENCHBOX_VERSIONS/BENCHBOX_BUILDS/BUILDS name ${module}/${id}, whose adapter is not built from "
                            "C/C++ sources: only a C/C++ adapter can be compiled a second time")
      endif()
      file(RELATIVE_PATH rel ${BENCHBOX_LIBEXEC_DIR}/${module} ${A_PROGRAM})
      _benchbox_json_set(json program "${rel}")
    else()
      message(FATAL_ERROR "benchbox_library ${module}/${id}: SOURCES or PROGRAM is required")
    endif()
    set_property(GLOBAL APPEND PROPERTY BENCHBOX_FOUND_${module} ${id})
    set_property(GLOBAL APPEND PROPERTY BENCHBOX_RUNTIME_FILES ${A_RUNTIME_FILES})  # cmake/BenchboxPackage.cmake
  else()
    _benchbox_other_rows_of(rows ${module} ${id})
    if(rows)
      message(FATAL_ERROR "BENCHBOX_VERSIONS/BENCHBOX_BUILDS name ${module}/${id}, which is not available here "
                          "(${reason}): another version or build goes beside the one benchbox finds")
    endif()
    string(JSON json SET "${json}" available false)
    _benchbox_json_set(json reason "${reason}")
    _benchbox_json_set(json enable "${enable}")
    set_property(GLOBAL APPEND PROPERTY BENCHBOX_MISSING_${module} "${id}: ${reason}")
  endif()
  if(A_REFERENCE)
    string(JSON json SET "${json}" reference true)
  endif()
  _benchbox_write_manifest(${module} ${id} "${json}" "${A_ENV}")
  set_property(GLOBAL APPEND PROPERTY BENCHBOX_MODULES_WITH_LIBRARIES ${module})
endfunction()

# In a module's CMakeLists.txt: adds every library folder of the module (each folder with a
# CMakeLists.txt, but tests/, which the top level adds once the test framework is there).
macro(benchbox_module_libraries)
  file(GLOB _library_lists CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*/CMakeLists.txt)
  list(FILTER _library_lists EXCLUDE REGEX "/tests/CMakeLists.txt$")
  foreach(_list IN LISTS _library_lists)
    get_filename_component(_dir ${_list} DIRECTORY)
    add_subdirectory(${_dir})
  endforeach()
endmacro()

# In a module's CMakeLists.txt, after benchbox_module_libraries: what every C/C++ adapter of the
# module that this build makes needs from the module (one target per available library with SOURCES).
#
#   benchbox_module_adapters([DEPENDS <target>...] [INCLUDE_DIRECTORIES <dir>...] [TARGETS <variable>])
#
# DEPENDS: each adapter is built after these targets (the module's data sets); INCLUDE_DIRECTORIES:
# on each adapter's include path (headers generated for the module); TARGETS: a variable set to the
# adapters' targets, in the order the libraries were declared.
function(benchbox_module_adapters)
  cmake_parse_arguments(A "" "TARGETS" "DEPENDS;INCLUDE_DIRECTORIES" ${ARGN})
  get_filename_component(module ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  get_property(targets GLOBAL PROPERTY BENCHBOX_ADAPTERS_${module})
  get_property(units GLOBAL PROPERTY BENCHBOX_ADAPTER_UNITS_${module})  # a build's own sources (BENCHBOX_BUILDS)
  foreach(target IN LISTS targets units)
    if(A_INCLUDE_DIRECTORIES)
      target_include_directories(${target} PRIVATE ${A_INCLUDE_DIRECTORIES})
    endif()
    if(A_DEPENDS)
      add_dependencies(${target} ${A_DEPENDS})
    endif()
  endforeach()
  if(A_TARGETS)
    set(${A_TARGETS} ${targets} PARENT_SCOPE)
  endif()
endfunction()

# After every module folder was read: one line per module saying which libraries were found.
function(benchbox_library_summary)
  _benchbox_other_rows_check()
  get_property(modules GLOBAL PROPERTY BENCHBOX_MODULES_WITH_LIBRARIES)
  list(REMOVE_DUPLICATES modules)
  foreach(module IN LISTS modules)
    get_property(found GLOBAL PROPERTY BENCHBOX_FOUND_${module})
    get_property(missing GLOBAL PROPERTY BENCHBOX_MISSING_${module})
    list(LENGTH found n_found)
    list(LENGTH missing n_missing)
    math(EXPR total "${n_found} + ${n_missing}")
    message(STATUS "benchbox: ${module}: ${n_found} of ${total} libraries available")
    foreach(line IN LISTS missing)
      message(STATUS "benchbox:   not found: ${line}")
    endforeach()
  endforeach()
endfunction()

# benchbox_find_installed(<NAME> HEADER <file> [LIBRARY <name>] [PATH_SUFFIXES ...] [PKG_CONFIG <module>]
#                         [LINK <extra libraries>] DOC "<what the prefix holds>")
# Without LIBRARY the library is header-only: the header alone is looked for.
# Looks for a library the user installed (never fetched or built by benchbox):
#   -D<NAME>_ROOT=/prefix   only <prefix>/include and <prefix>/lib{,64}
#   otherwise               pkg-config (when PKG_CONFIG is given), then the compiler's default paths.
# Sets <NAME>_TARGET to an interface target to link with, or to "" when not found. Called again
# with the same NAME (another library folder using the same installed library), it reuses the target.
function(benchbox_find_installed name)
  cmake_parse_arguments(A "" "HEADER;LIBRARY;PKG_CONFIG;DOC" "PATH_SUFFIXES;LINK" ${ARGN})
  set(${name}_ROOT "" CACHE PATH "${A_DOC}")
  set(root "${${name}_ROOT}")
  if(NOT "${root}" STREQUAL "${_${name}_ROOT_SEEN}")  # a new root: search again
    unset(${name}_INCLUDE_DIR CACHE)
    unset(${name}_LIBRARY CACHE)
    set(_${name}_ROOT_SEEN "${root}" CACHE INTERNAL "")
  endif()
  string(TOLOWER "bb_installed_${name}" target)
  if(TARGET ${target})  # found by an earlier call (two maps of one library, e.g. phmap's)
    set(${name}_TARGET ${target} PARENT_SCOPE)
    return()
  endif()
  set(${name}_TARGET "" PARENT_SCOPE)
  if(root)
    find_path(${name}_INCLUDE_DIR ${A_HEADER} HINTS ${root}/include PATH_SUFFIXES ${A_PATH_SUFFIXES} NO_DEFAULT_PATH)
    if(A_LIBRARY)
      # The static library first: a prefix may hold both, and benchbox links what it verified.
      find_library(${name}_LIBRARY NAMES lib${A_LIBRARY}.a ${A_LIBRARY} HINTS ${root}/lib ${root}/lib64 NO_DEFAULT_PATH)
    endif()
  else()
    if(A_PKG_CONFIG AND PKG_CONFIG_FOUND)
      pkg_check_modules(PC_${name} QUIET IMPORTED_TARGET ${A_PKG_CONFIG})
      if(PC_${name}_FOUND)
        add_library(${target} INTERFACE)
        target_link_libraries(${target} INTERFACE PkgConfig::PC_${name} ${A_LINK})
        _benchbox_record_installed(${target})
        set(${name}_TARGET ${target} PARENT_SCOPE)
        return()
      endif()
    endif()
    find_path(${name}_INCLUDE_DIR ${A_HEADER} PATH_SUFFIXES ${A_PATH_SUFFIXES})
    if(A_LIBRARY)
      find_library(${name}_LIBRARY ${A_LIBRARY})
    endif()
  endif()
  if(${name}_INCLUDE_DIR AND (${name}_LIBRARY OR NOT A_LIBRARY))
    add_library(${target} INTERFACE)
    target_include_directories(${target} SYSTEM INTERFACE ${${name}_INCLUDE_DIR})  # not ours to warn about
    target_link_libraries(${target} INTERFACE ${${name}_LIBRARY} ${A_LINK})
    _benchbox_record_installed(${target})
    set(${name}_TARGET ${target} PARENT_SCOPE)
  endif()
endfunction()

# What benchbox_find_installed looked for, kept on its target: another version's prefix
# (BENCHBOX_VERSIONS) is searched for the same files.
macro(_benchbox_record_installed target)
  set_target_properties(${target} PROPERTIES BB_INSTALLED_HEADER "${A_HEADER}" BB_INSTALLED_LIBRARY "${A_LIBRARY}"
                        BB_INSTALLED_PATH_SUFFIXES "${A_PATH_SUFFIXES}" BB_INSTALLED_LINK "${A_LINK}"
                        BB_INSTALLED_PKG_CONFIG "${A_PKG_CONFIG}")
endmacro()

# benchbox_package_version(<var> <file>): "<version>" of the Debian package that installed <file>
# (a library with no version in its headers or its API), or "unversioned".
function(benchbox_package_version var file)
  set(version "unversioned")
  execute_process(COMMAND dpkg-query -S ${file} OUTPUT_VARIABLE owner RESULT_VARIABLE rc
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(rc EQUAL 0)
    string(REGEX REPLACE "[:,].*" "" package "${owner}")
    execute_process(COMMAND dpkg-query -W -f=\${Version} ${package} OUTPUT_VARIABLE v RESULT_VARIABLE rc
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(rc EQUAL 0 AND v)
      set(version "${v} (Debian ${package})")
    endif()
  endif()
  set(${var} "${version}" PARENT_SCOPE)
endfunction()
