# How a library folder declares itself (modules/<module>/<library>/CMakeLists.txt).
#
#   benchbox_adapter(MODULE m ID id TITLE "..." ORDER n SOURCES ... [LIBRARIES ...])
#       builds a C/C++ adapter program and writes its manifest as available.
#   benchbox_adapter_program(MODULE m ID id TITLE "..." ORDER n PROGRAM <file> DEPENDS <target>)
#       for adapters built another way (Go): the build produces PROGRAM.
#   benchbox_unavailable(MODULE m ID id TITLE "..." ORDER n REASON "..." ENABLE "...")
#       writes the manifest of a library that is not found here, with what the user can do.
#
# Manifests land in ${BENCHBOX_LIBEXEC_DIR}/<module>/<id>.json, read by the driver at run time.

function(_benchbox_manifest module id json)
  file(WRITE ${BENCHBOX_LIBEXEC_DIR}/${module}/${id}.json "${json}\n")
  # Every declared library gets an integration test (tests/CMakeLists.txt); unavailable ones skip.
  set_property(GLOBAL APPEND PROPERTY BENCHBOX_LIBRARIES "${module}/${id}")
endfunction()

function(_benchbox_json_escape out value)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

function(benchbox_adapter)
  cmake_parse_arguments(A "" "MODULE;ID;TITLE;ORDER" "SOURCES;LIBRARIES" ${ARGN})
  set(target bb_${A_MODULE}_${A_ID})
  string(REPLACE "." "_" target ${target})
  add_executable(${target} ${A_SOURCES})
  target_link_libraries(${target} PRIVATE benchbox_adapter benchbox_warnings ${A_LIBRARIES})
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${A_ID}
                        RUNTIME_OUTPUT_DIRECTORY ${BENCHBOX_LIBEXEC_DIR}/${A_MODULE}/bin)
  _benchbox_json_escape(title "${A_TITLE}")
  _benchbox_manifest(${A_MODULE} ${A_ID}
    "{\"id\": \"${A_ID}\", \"title\": \"${title}\", \"order\": ${A_ORDER}, \"available\": true, \"program\": \"bin/${A_ID}\"}")
  set(BENCHBOX_LAST_TARGET ${target} PARENT_SCOPE)
endfunction()

function(benchbox_adapter_program)
  cmake_parse_arguments(A "" "MODULE;ID;TITLE;ORDER;PROGRAM" "DEPENDS" ${ARGN})
  _benchbox_json_escape(title "${A_TITLE}")
  file(RELATIVE_PATH rel ${BENCHBOX_LIBEXEC_DIR}/${A_MODULE} ${A_PROGRAM})
  _benchbox_manifest(${A_MODULE} ${A_ID}
    "{\"id\": \"${A_ID}\", \"title\": \"${title}\", \"order\": ${A_ORDER}, \"available\": true, \"program\": \"${rel}\"}")
endfunction()

function(benchbox_unavailable)
  cmake_parse_arguments(A "" "MODULE;ID;TITLE;ORDER;REASON;ENABLE" "" ${ARGN})
  _benchbox_json_escape(title "${A_TITLE}")
  _benchbox_json_escape(reason "${A_REASON}")
  _benchbox_json_escape(enable "${A_ENABLE}")
  _benchbox_manifest(${A_MODULE} ${A_ID}
    "{\"id\": \"${A_ID}\", \"title\": \"${title}\", \"order\": ${A_ORDER}, \"available\": false, \"reason\": \"${reason}\", \"enable\": \"${enable}\"}")
  message(STATUS "benchbox: ${A_MODULE}/${A_ID} not available: ${A_REASON}")
endfunction()

# benchbox_find_installed(<NAME> HEADER <file> LIBRARY <name> [PATH_SUFFIXES ...] [PKG_CONFIG <module>]
#                         [LINK <extra libraries>] DOC "<what the prefix holds>")
# Looks for a library the user installed (never fetched or built by benchbox):
#   -D<NAME>_ROOT=/prefix   only <prefix>/include and <prefix>/lib{,64}
#   otherwise               pkg-config (when PKG_CONFIG is given), then the compiler's default paths.
# Sets <NAME>_TARGET to an interface target to link with, or to "" when not found.
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
  set(${name}_TARGET "" PARENT_SCOPE)
  if(root)
    find_path(${name}_INCLUDE_DIR ${A_HEADER} HINTS ${root}/include PATH_SUFFIXES ${A_PATH_SUFFIXES} NO_DEFAULT_PATH)
    find_library(${name}_LIBRARY ${A_LIBRARY} HINTS ${root}/lib ${root}/lib64 NO_DEFAULT_PATH)
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
    find_library(${name}_LIBRARY ${A_LIBRARY})
  endif()
  if(${name}_INCLUDE_DIR AND ${name}_LIBRARY)
    add_library(${target} INTERFACE)
    target_include_directories(${target} SYSTEM INTERFACE ${${name}_INCLUDE_DIR})  # not ours to warn about
    target_link_libraries(${target} INTERFACE ${${name}_LIBRARY} ${A_LINK})
    set(${name}_TARGET ${target} PARENT_SCOPE)
  endif()
endfunction()
