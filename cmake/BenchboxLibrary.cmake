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
