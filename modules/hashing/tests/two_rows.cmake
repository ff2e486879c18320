# hashing.verification.input: the cheater's digest of a 4096-byte input is wrong while its digests
# of the published vectors are right; zlib's and libdeflate's rows in the same run give the true
# one. The cheater, in the minority, must fail naming them, and both honest rows keep their
# numbers, whether the cheater's rows run first or last (--seed changes the rounds' order).
# -D: BENCHBOX, LIBEXEC, OUT.
cmake_policy(SET CMP0054 NEW)
set(ENV{BENCHBOX_LIBEXEC} ${LIBEXEC})
set(ENV{BENCHBOX_HASHING_CHEAT} input)
foreach(seed 1 2 3)
  file(REMOVE ${OUT})
  execute_process(COMMAND ${BENCHBOX} hashing -n bulk crc32 4096 --lib cheater,zlib,libdeflate --ops 3 --reps 2
                          --processes 1 --no-pin --seed ${seed} --json ${OUT}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  if(NOT EXISTS ${OUT})
    message(FATAL_ERROR "no results file (exit ${rc}): ${out} ${err}")
  endif()
  file(READ ${OUT} results)
  string(JSON rows LENGTH "${results}" results)
  math(EXPR last "${rows} - 1")
  foreach(i RANGE ${last})
    string(JSON library GET "${results}" results ${i} library)
    string(JSON status GET "${results}" results ${i} status)
    string(JSON reason GET "${results}" results ${i} reason)
    if(library STREQUAL "cheater")
      if(NOT status STREQUAL "failed" OR NOT reason MATCHES "differs from what more libraries give \\(libdeflate, zlib gives")
        message(FATAL_ERROR "seed ${seed}: the cheater was not failed for differing: ${status}, ${reason}\n${out}${err}")
      endif()
    elseif(NOT status STREQUAL "ok")
      message(FATAL_ERROR "seed ${seed}: the honest ${library} lost its number: ${status}, ${reason}\n${out}${err}")
    endif()
  endforeach()
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "seed ${seed}: exit ${rc}, not 1 (a failed row)\n${out}${err}")
  endif()
endforeach()
message(STATUS "ok: the cheater failed and zlib and libdeflate kept their numbers, under three orders")
