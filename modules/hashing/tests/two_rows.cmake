# hashing.verification.input: the cheater's digest of a 4096-byte input is wrong while its digests
# of the published vectors are right; zlib's row in the same run gives the true one. One of the two
# rows (the later to report) must fail, naming the other; neither may pass with a number.
# -D: BENCHBOX, LIBEXEC, OUT.
cmake_policy(SET CMP0054 NEW)
set(ENV{BENCHBOX_LIBEXEC} ${LIBEXEC})
set(ENV{BENCHBOX_HASHING_CHEAT} input)
file(REMOVE ${OUT})
execute_process(COMMAND ${BENCHBOX} hashing -n bulk crc32 --param size=4096 --lib cheater,zlib --ops 3 --reps 2
                        --processes 1 --no-pin --json ${OUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT EXISTS ${OUT})
  message(FATAL_ERROR "no results file (exit ${rc}): ${out} ${err}")
endif()
file(READ ${OUT} results)
string(JSON rows LENGTH "${results}" results)
set(differing 0)
math(EXPR last "${rows} - 1")
foreach(i RANGE ${last})
  string(JSON library GET "${results}" results ${i} library)
  string(JSON status GET "${results}" results ${i} status)
  string(JSON reason GET "${results}" results ${i} reason)
  if(status STREQUAL "failed" AND reason MATCHES "digest of the input differs from (zlib|cheater)'s")
    math(EXPR differing "${differing} + 1")
  elseif(NOT library STREQUAL "floor" AND NOT status STREQUAL "failed")
    set(passed ${library})
  endif()
endforeach()
if(NOT rc EQUAL 1 OR NOT differing EQUAL 1)
  message(FATAL_ERROR "expected exactly one row failed for differing from the other (exit 1): exit ${rc}, ${differing} failed so\n${out}${err}")
endif()
message(STATUS "ok: one row failed, the other (${passed}) kept its number")
