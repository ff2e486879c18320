# A user's own pattern and file (modules/regex/README.md): a pattern the engine rejects makes its row n/a
# with the engine's compile error; an engine whose semantics cannot give the leftmost-first
# matches of the pattern (Hyperscan, a pattern with a quantifier) is n/a, saying why, and so is a
# leftmost-longest engine (POSIX) that finds other matches than Python's re's; a file that
# does not exist is a one-line error with exit status 2.
# -D: BENCHBOX, HAYSTACK (a generated haystack), LIBRARY, PATTERN, EXPECT (the row's reason), OUT,
# STATUS (default not_applicable; ok for a pattern the engine must run and be verified on).
include(${CMAKE_CURRENT_LIST_DIR}/../../../tests/first_row.cmake)
if(NOT DEFINED STATUS)
  set(STATUS not_applicable)
endif()
first_row(${OUT} regex -n count ${PATTERN} ${HAYSTACK} --lib ${LIBRARY} --ops 1 --reps 1 --processes 1 --no-pin)
if(NOT status STREQUAL "${STATUS}" OR NOT reason MATCHES "${EXPECT}")
  message(FATAL_ERROR "${LIBRARY} on /${PATTERN}/: expected ${STATUS} with '${EXPECT}', got ${status}: '${reason}'\n${out}${err}")
endif()
message(STATUS "ok: ${LIBRARY}: ${reason}")

execute_process(COMMAND ${BENCHBOX} regex -n count ${PATTERN} ${HAYSTACK}.missing --lib ${LIBRARY}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
string(STRIP "${err}" err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "no such file" OR err MATCHES "\n")
  message(FATAL_ERROR "a missing file: expected one line and exit 2, got exit ${rc}: '${err}'")
endif()
message(STATUS "ok: ${err}")
