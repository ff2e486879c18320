# One verification test of a module's test adapter that cheats on demand (modules/<m>/tests):
#   benchbox MODULE -n CASE PARAM --lib LIBRARY, with the environment variable CHEAT_VARIABLE set to
#   CHEAT. CHEAT=none: the row must be verified (exit 0). Anything else: the row must fail (exit 1,
#   status "failed") with a reason matching EXPECT.
# -D: BENCHBOX, LIBEXEC, MODULE, CASE, PARAM, LIBRARY, CHEAT_VARIABLE, CHEAT, EXPECT, OUT; OPS
# (operations per trial) is optional, 3 unless given.
if(NOT OPS)
  set(OPS 3)
endif()
set(ENV{BENCHBOX_LIBEXEC} ${LIBEXEC})
set(ENV{${CHEAT_VARIABLE}} ${CHEAT})
include(${CMAKE_CURRENT_LIST_DIR}/first_row.cmake)
first_row(${OUT} ${MODULE} -n ${CASE} ${PARAM} --lib ${LIBRARY} --ops ${OPS} --reps 2 --processes 1 --no-pin)
if(CHEAT STREQUAL "none")
  if(NOT rc EQUAL 0 OR NOT status STREQUAL "ok")
    message(FATAL_ERROR "an honest ${LIBRARY} was not verified: exit ${rc}, status ${status}, ${reason}\n${out}${err}")
  endif()
  message(STATUS "ok: verified")
elseif(NOT rc EQUAL 1 OR NOT status STREQUAL "failed" OR NOT reason MATCHES "${EXPECT}")
  message(FATAL_ERROR "cheat '${CHEAT}' did not fail the row as expected ('${EXPECT}'): exit ${rc}, status ${status}, "
                      "reason '${reason}'\n${out}${err}")
else()
  message(STATUS "ok: ${reason}")
endif()
