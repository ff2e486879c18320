# hashing.openssl_mask: openssl@no-sha-ni is the openssl adapter run with OPENSSL_ia32cap masking
# the SHA extensions. Where the CPU has them (/proc/cpuinfo's sha_ni; skipped elsewhere), one short
# run of both rows at SHA-256 of 1 MiB must show:
#  - both rows verified (the same digest), the masked one without a streaming row;
#  - their `cpu features` as the adapter read libcrypto's capability vector: SHA-NI for SHA-256 in
#    openssl, SHA turned off and another code path in openssl@no-sha-ni;
# The figures are printed, not judged: a speed goal is a benchmark's (3.2x measured, the README),
# and a test beside a build on two CPUs would fail on the host's noise.
# -D: BENCHBOX, OUT.
cmake_policy(SET CMP0054 NEW)
file(READ /proc/cpuinfo cpuinfo)
if(NOT cpuinfo MATCHES "[ \t]sha_ni[ \n]")
  message(STATUS "skipped: this CPU has no SHA extensions, so the mask turns nothing off")
  return()
endif()
set(ENV{BENCHBOX_LIBEXEC} "")  # the real adapters
file(REMOVE ${OUT})
execute_process(COMMAND ${BENCHBOX} hashing -n bulk sha256 1048576 --lib openssl,openssl@no-sha-ni --processes 3 --reps 3
                        --no-pin --no-store --json ${OUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 240)
if(NOT rc EQUAL 0 OR NOT EXISTS ${OUT})
  message(FATAL_ERROR "benchbox hashing -n bulk sha256 1048576: exit ${rc}\n${out}${err}")
endif()
file(READ ${OUT} results)
string(JSON rows LENGTH "${results}" results)
math(EXPR last "${rows} - 1")
set(found "")
foreach(i RANGE ${last})
  string(JSON library GET "${results}" results ${i} library)
  string(JSON variant ERROR_VARIABLE none GET "${results}" results ${i} variant)
  string(JSON status GET "${results}" results ${i} status)
  string(JSON cpu GET "${results}" results ${i} traits "cpu features")
  string(JSON median GET "${results}" results ${i} median)
  if(NOT status STREQUAL "ok")
    message(FATAL_ERROR "${library} ${variant}: ${status}\n${out}")
  endif()
  if(library STREQUAL "openssl@no-sha-ni")
    if(variant MATCHES "stream")
      message(FATAL_ERROR "openssl@no-sha-ni has a streaming row\n${out}")
    endif()
    if(NOT cpu MATCHES "^OPENSSL_ia32cap=:~0x20000000 turns off this CPU's SHA: " OR cpu MATCHES "SHA-256 SHA-NI")
      message(FATAL_ERROR "openssl@no-sha-ni's cpu features do not show the mask: ${cpu}")
    endif()
    set(masked ${median})
  elseif(library STREQUAL "openssl" AND NOT variant MATCHES "stream")
    if(NOT cpu MATCHES "SHA-256 SHA-NI" OR cpu MATCHES "turns off")
      message(FATAL_ERROR "openssl's cpu features do not say SHA-NI unmasked: ${cpu}")
    endif()
    set(plain ${median})
  endif()
  list(APPEND found "${library}${variant}")
endforeach()
if(NOT DEFINED masked OR NOT DEFINED plain)
  message(FATAL_ERROR "rows ${found}: expected openssl and openssl@no-sha-ni\n${out}")
endif()
# ns per hash of 1 MiB (hundreds of thousands): whole nanoseconds are enough for CMake's integers.
string(REGEX REPLACE "\\..*$" "" masked_ns "${masked}")
string(REGEX REPLACE "\\..*$" "" plain_ns "${plain}")
message(STATUS "ok: openssl ${plain_ns} ns, openssl@no-sha-ni ${masked_ns} ns a SHA-256 of 1 MiB; the mask in both rows' cpu features")
