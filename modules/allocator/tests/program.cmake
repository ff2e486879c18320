# benchbox allocator -n program -- CMD, end to end on the real allocators (-D: BENCHBOX, LIBEXEC,
# WHICH_MALLOC, WORK):
#  - python3 building a list of 10^5 strings: every row verified (time, max RSS, the preloaded
#    file found in the command's memory map; another version's row preloading its own prefix's
#    library), or n/a with a reason (floor, tbox);
#  - WHICH_MALLOC, which prints the file its malloc comes from: glibc's rows (glibc, glibc@no-trim:
#    nothing preloaded) verified, every preloaded row failed, its reason the line that differs;
#  - a command that does not exist, one that fails as is, no command, an unclosed quote: exit 2
#    and one line, nothing measured.
cmake_minimum_required(VERSION 3.25)  # IN_LIST
set(ENV{BENCHBOX_LIBEXEC} ${LIBEXEC})
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(measure --processes 1 --reps 2 --warmup 0 --no-pin)

# run_program(<name> <expected exit> <command words...>): the run's results in `results`, its rows in `rows`.
function(run_program name expected_rc)
  execute_process(COMMAND ${BENCHBOX} allocator -n program ${measure} --json ${WORK}/${name}.json -- ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr TIMEOUT 280)
  if(NOT rc EQUAL expected_rc OR NOT EXISTS ${WORK}/${name}.json)
    message(FATAL_ERROR "${name}: exit ${rc}, expected ${expected_rc}\n${stdout}${stderr}")
  endif()
  file(READ ${WORK}/${name}.json json)
  string(JSON rows LENGTH "${json}" results)
  set(results "${json}" PARENT_SCOPE)
  set(rows ${rows} PARENT_SCOPE)
  set(stdout "${stdout}" PARENT_SCOPE)
endfunction()

# The rows that cannot run a program, and why (their library.json).
set(not_applicable floor tbox)

run_program(python 0 python3 -c "x=[str(i) for i in range(10**5)]")
math(EXPR last "${rows} - 1")
set(verified "")
foreach(i RANGE ${last})
  string(JSON library GET "${results}" results ${i} library)
  string(JSON status GET "${results}" results ${i} status)
  if(status STREQUAL "not_applicable" AND library IN_LIST not_applicable)
    continue()
  endif()
  if(status STREQUAL "unavailable")  # not installed here
    continue()
  endif()
  string(JSON ns GET "${results}" results ${i} median)
  string(JSON mib GET "${results}" results ${i} extra_figures max_rss_mib median)
  string(JSON preload GET "${results}" results ${i} traits preload)
  string(JSON detail GET "${results}" results ${i} details 0)
  if(NOT status STREQUAL "ok" OR NOT ns GREATER 0 OR NOT mib GREATER 1)
    message(FATAL_ERROR "python3, ${library}: status ${status}, ${ns} ns, ${mib} MiB\n${stdout}")
  endif()
  if(library MATCHES "^glibc(@|$)")  # glibc, and glibc@no-trim: its tunable in the environment
    if(NOT preload MATCHES "^none" OR NOT detail MATCHES "^nothing preloaded")
      message(FATAL_ERROR "python3, ${library}: preload '${preload}', detail '${detail}'")
    endif()
  else()
    string(JSON mapped GET "${results}" results ${i} proof counts preload_mapped)
    if(NOT preload MATCHES "^/.*\\.so" OR NOT mapped EQUAL 1 OR NOT detail STREQUAL "${preload} was mapped in the command's process at its exit")
      message(FATAL_ERROR "python3, ${library}: preload '${preload}', preload_mapped ${mapped}, detail '${detail}'")
    endif()
    # Another version's row (BENCHBOX_VERSIONS) preloads its own prefix's library, not the system's.
    string(JSON build ERROR_VARIABLE none GET "${results}" results ${i} traits build)
    if(build MATCHES "^installed at ([^:]+):")
      string(FIND "${preload}" "${CMAKE_MATCH_1}/" at)
    endif()
    if(build MATCHES "^installed at" AND NOT at EQUAL 0)
      message(FATAL_ERROR "python3, ${library}: preload '${preload}', not of its prefix (${build})")
    endif()
  endif()
  list(APPEND verified "${library} (${mib} MiB)")
endforeach()
if(NOT verified MATCHES "glibc")
  message(FATAL_ERROR "python3: glibc's row was not verified\n${stdout}")
endif()
message(STATUS "ok: python3, verified: ${verified}")

run_program(which_malloc 1 ${WHICH_MALLOC})
set(failed "")
foreach(i RANGE ${last})
  string(JSON library GET "${results}" results ${i} library)
  string(JSON status GET "${results}" results ${i} status)
  if(library MATCHES "^glibc(@|$)")
    if(NOT status STREQUAL "ok")
      message(FATAL_ERROR "which_malloc, ${library}: status ${status}, expected ok\n${stdout}")
    endif()
  elseif(NOT status STREQUAL "not_applicable" AND NOT status STREQUAL "unavailable")
    string(JSON reason GET "${results}" results ${i} reason)
    if(NOT status STREQUAL "failed" OR NOT reason MATCHES
       "standard output differs from the command's run as is .*first difference is line 2: 'malloc from lib.*' where glibc's run has 'malloc from libc\\.so\\.6'")
      message(FATAL_ERROR "which_malloc, ${library}: status ${status}, reason '${reason}'")
    endif()
    list(APPEND failed ${library})
  endif()
endforeach()
message(STATUS "ok: which_malloc, glibc verified, failed as expected: ${failed}")

# Nothing measured: exit 2 and one line on standard error.
foreach(bad "no such command;--;${WORK}/no-such-command" "fails as is;--;false" "no command;" "unclosed quote;--param;command=python3 -c 'x")
  list(POP_FRONT bad what)
  execute_process(COMMAND ${BENCHBOX} allocator -n program ${bad} RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr TIMEOUT 60)
  if(NOT rc EQUAL 2 OR NOT stderr MATCHES "^benchbox: error: [^\n]+\n$" OR NOT stdout STREQUAL "")
    message(FATAL_ERROR "${what}: exit ${rc} (expected 2), stderr '${stderr}', stdout '${stdout}'")
  endif()
  message(STATUS "ok: ${what}: ${stderr}")
endforeach()
