# How a library folder declares itself: one call in modules/<module>/<library>/CMakeLists.txt.
# The module and the library's id are the folder's names.
#
#   benchbox_library(TITLE "..." ORDER n
#                    [FOUND <variable>]            false: the library is not available here, and
#                    [REASON "..."] [ENABLE "..."]   these say why and what the user can do
#                    [SOURCES ... [LIBRARIES ...]] a C/C++ adapter program built from SOURCES, or
#                    [PROGRAM <file>]              an adapter built another way (Go, Python)
#                    [REFERENCE]                   the module's reference row (its floor)
#                    [ENV NAME=VALUE ...])         environment for this library's adapter only
#
# It writes the manifest the driver reads, ${BENCHBOX_LIBEXEC_DIR}/<module>/<id>.json, and
# registers the library's integration test. BENCHBOX_LAST_TARGET names the adapter's target.

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

function(benchbox_library)
  cmake_parse_arguments(A "REFERENCE" "TITLE;ORDER;FOUND;REASON;ENABLE;PROGRAM" "SOURCES;LIBRARIES;ENV" ${ARGN})
  get_filename_component(id ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  get_filename_component(module_dir ${CMAKE_CURRENT_SOURCE_DIR} DIRECTORY)
  get_filename_component(module ${module_dir} NAME)
  if(NOT A_TITLE OR "${A_ORDER}" STREQUAL "")
    message(FATAL_ERROR "benchbox_library in ${CMAKE_CURRENT_SOURCE_DIR}: TITLE and ORDER are required")
  endif()
  set(json "{}")
  _benchbox_json_set(json id "${id}")
  _benchbox_json_set(json title "${A_TITLE}")
  string(JSON json SET "${json}" order "${A_ORDER}")
  # FOUND names a variable: empty, a false constant or *-NOTFOUND means not found; anything
  # else (TRUE, a path, a target name) means found.
  set(available TRUE)
  if(A_FOUND)
    string(TOUPPER "${${A_FOUND}}" value)
    if(value STREQUAL "" OR value MATCHES "^(0|OFF|NO|FALSE|N|IGNORE|NOTFOUND)$" OR value MATCHES "-NOTFOUND$")
      set(available FALSE)
    endif()
  endif()
  if(available)
    string(JSON json SET "${json}" available true)
    if(A_SOURCES)
      set(target bb_${module}_${id})
      string(REPLACE "." "_" target ${target})
      add_executable(${target} ${A_SOURCES})
      target_link_libraries(${target} PRIVATE benchbox_adapter benchbox_warnings ${A_LIBRARIES})
      set_target_properties(${target} PROPERTIES OUTPUT_NAME ${id} RUNTIME_OUTPUT_DIRECTORY ${BENCHBOX_LIBEXEC_DIR}/${module}/bin)
      set(BENCHBOX_LAST_TARGET ${target} PARENT_SCOPE)
      _benchbox_json_set(json program "bin/${id}")
    elseif(A_PROGRAM)
      file(RELATIVE_PATH rel ${BENCHBOX_LIBEXEC_DIR}/${module} ${A_PROGRAM})
      _benchbox_json_set(json program "${rel}")
    else()
      message(FATAL_ERROR "benchbox_library ${module}/${id}: SOURCES or PROGRAM is required")
    endif()
    set_property(GLOBAL APPEND PROPERTY BENCHBOX_FOUND_${module} ${id})
  else()
    string(JSON json SET "${json}" available false)
    _benchbox_json_set(json reason "${A_REASON}")
    _benchbox_json_set(json enable "${A_ENABLE}")
    set_property(GLOBAL APPEND PROPERTY BENCHBOX_MISSING_${module} "${id}: ${A_REASON}")
  endif()
  if(A_REFERENCE)
    string(JSON json SET "${json}" reference true)
  endif()
  set(env "{}")
  foreach(pair IN LISTS A_ENV)
    string(FIND "${pair}" "=" eq)
    string(SUBSTRING "${pair}" 0 ${eq} name)
    math(EXPR start "${eq} + 1")
    string(SUBSTRING "${pair}" ${start} -1 value)
    _benchbox_json_set(env ${name} "${value}")
  endforeach()
  string(JSON json SET "${json}" env "${env}")
  file(WRITE ${BENCHBOX_LIBEXEC_DIR}/${module}/${id}.json "${json}\n")
  # Every declared library gets an integration test (tests/CMakeLists.txt); unavailable ones skip.
  set_property(GLOBAL APPEND PROPERTY BENCHBOX_LIBRARIES "${module}/${id}")
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

# After every module folder was read: one line per module saying which libraries were found.
function(benchbox_library_summary)
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
    set(${name}_TARGET ${target} PARENT_SCOPE)
  endif()
endfunction()

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
