# One verification test: benchbox compression -n CASE PARAM --lib corrupter with
# BENCHBOX_COMPRESSION_CHEAT=CHEAT. CHEAT=none: the row must be verified (exit 0). Otherwise the
# row must fail (exit 1, status "failed") with a reason matching EXPECT.
set(ENV{BENCHBOX_LIBEXEC} ${LIBEXEC})
set(ENV{BENCHBOX_COMPRESSION_CHEAT} ${CHEAT})
file(REMOVE ${OUT})
execute_process(COMMAND ${BENCHBOX} compression -n ${CASE} ${PARAM} --lib corrupter --ops 4 --reps 2 --processes 1 --no-pin
                        --json ${OUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT EXISTS ${OUT})
  message(FATAL_ERROR "no results file (exit ${rc}): ${out} ${err}")
endif()
file(READ ${OUT} results)
string(JSON status GET "${results}" results 0 status)
string(JSON reason ERROR_VARIABLE no_reason GET "${results}" results 0 reason)
if(CHEAT STREQUAL "none")
  if(NOT rc EQUAL 0 OR NOT status STREQUAL "ok")
    message(FATAL_ERROR "an honest copy was not verified: exit ${rc}, status ${status}, ${reason}\n${out}${err}")
  endif()
  message(STATUS "ok: verified")
else()
  if(NOT rc EQUAL 1 OR NOT status STREQUAL "failed" OR NOT reason MATCHES "${EXPECT}")
    message(FATAL_ERROR "cheat '${CHEAT}' did not fail the row as expected ('${EXPECT}'): exit ${rc}, status ${status}, "
                        "reason '${reason}'\n${out}${err}")
  endif()
  message(STATUS "ok: ${reason}")
endif()
