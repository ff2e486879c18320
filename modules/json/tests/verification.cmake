# One verification test: benchbox json -n CASE PARAM --lib dropper with BENCHBOX_JSON_DROP=DROP;
# PARAM is a data set (default: mixed) or the path of a user's file.
# DROP=none: the row must be verified (exit 0). Anything else: the row must fail verification
# (exit 1, status "failed", a reason saying "verification failed: ...").
if(NOT PARAM)
  set(PARAM mixed)
endif()
set(ENV{BENCHBOX_LIBEXEC} ${LIBEXEC})
set(ENV{BENCHBOX_JSON_DROP} ${DROP})
file(REMOVE ${OUT})
execute_process(COMMAND ${BENCHBOX} json -n ${CASE} ${PARAM} --lib dropper --ops 20 --reps 2 --processes 1 --no-pin --json ${OUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT EXISTS ${OUT})
  message(FATAL_ERROR "no results file (exit ${rc}): ${out} ${err}")
endif()
file(READ ${OUT} results)
string(JSON status GET "${results}" results 0 status)
string(JSON reason ERROR_VARIABLE no_reason GET "${results}" results 0 reason)
if(DROP STREQUAL "none")
  if(NOT rc EQUAL 0 OR NOT status STREQUAL "ok")
    message(FATAL_ERROR "a correct reading was not verified: exit ${rc}, status ${status}, ${reason}\n${out}${err}")
  endif()
  message(STATUS "ok: verified")
else()
  if(NOT rc EQUAL 1 OR NOT status STREQUAL "failed" OR NOT reason MATCHES "verification failed: ")
    message(FATAL_ERROR "dropping a ${DROP} did not fail the row: exit ${rc}, status ${status}, reason '${reason}'\n${out}${err}")
  endif()
  message(STATUS "ok: ${reason}")
endif()
