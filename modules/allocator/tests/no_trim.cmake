# allocator.no_trim: glibc@no-trim, the glibc adapter started with glibc's trimming off in its
# environment (glibc/CMakeLists.txt, benchbox_environment_row), beside glibc (-D: BENCHBOX, LIBEXEC,
# WORK). `--verify -n churn 1000`: both rows verified; glibc@no-trim's `build` trait names the
# environment, and each row's `options` trait says the glibc.malloc tunables glibc's loader lists
# for that row's process: the trim threshold for glibc@no-trim, none for glibc (both would say
# none if the manifest's environment did not reach the adapter).
cmake_minimum_required(VERSION 3.25)
set(ENV{BENCHBOX_LIBEXEC} ${LIBEXEC})
unset(ENV{GLIBC_TUNABLES})  # glibc's row: glibc's defaults, whatever the caller's environment holds
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${BENCHBOX} allocator --verify -n churn 1000 --lib glibc,glibc@no-trim --json ${WORK}/verify.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/verify.json)
  message(FATAL_ERROR "benchbox allocator --verify: exit ${rc}\n${out}${err}")
endif()
file(READ ${WORK}/verify.json json)
string(JSON rows LENGTH "${json}" results)
set(expected_options "glibc=tunables set: none" "glibc@no-trim=tunables set: glibc.malloc.trim_threshold=1073741824")
set(expected_build "glibc=" "glibc@no-trim=started with GLIBC_TUNABLES=glibc.malloc.trim_threshold=1073741824")
set(seen)
math(EXPR last "${rows} - 1")
foreach(i RANGE ${last})
  string(JSON library GET "${json}" results ${i} library)
  string(JSON status GET "${json}" results ${i} status)
  string(JSON options GET "${json}" results ${i} traits options)
  string(JSON build ERROR_VARIABLE no_build GET "${json}" results ${i} traits build)
  if(no_build)
    set(build "")
  endif()
  if(NOT status STREQUAL "ok")
    message(FATAL_ERROR "${library}: status ${status}, expected ok\n${out}")
  endif()
  string(REGEX MATCH "^tunables set: [^;]*" options_start "${options}")  # up to the first ';'
  if(NOT "${library}=${options_start}" IN_LIST expected_options OR NOT "${library}=${build}" IN_LIST expected_build)
    message(FATAL_ERROR "${library}: options '${options}', build '${build}'; expected one of ${expected_options} and ${expected_build}")
  endif()
  list(APPEND seen ${library})
endforeach()
if(NOT seen STREQUAL "glibc;glibc@no-trim" AND NOT seen STREQUAL "glibc@no-trim;glibc")
  message(FATAL_ERROR "expected the rows glibc and glibc@no-trim, got: ${seen}\n${out}")
endif()
message(STATUS "ok: glibc and glibc@no-trim verified, each with the tunables glibc took")
