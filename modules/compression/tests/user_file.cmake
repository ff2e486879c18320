# benchbox compression on a user's own file (FILE: a copy of a generated data set, its name with a
# space), with the floor and zlib (always built here): every row verified, labelled by the file's
# name, its ratio the same as on the data set; Blosc's row at an element size of its own n/a on it.
# Then bad files: one that does not exist, an empty one and a directory each give a one-line error
# and exit 2, before anything runs.
set(ENV{BENCHBOX_LIBEXEC} ${LIBEXEC})
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
get_filename_component(name "${FILE}" NAME)

foreach(case compress decompress)
  execute_process(COMMAND ${BENCHBOX} compression -n ${case} ${FILE} --lib floor,zlib:6 --ops 2 --reps 1 --processes 1 --no-pin
                          --json ${WORK}/${case}.json
                  RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr TIMEOUT 240)
  if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/${case}.json)
    message(FATAL_ERROR "compression -n ${case} on a user's file: exit ${rc}, expected 0\n${stdout}${stderr}")
  endif()
  file(READ ${WORK}/${case}.json results)
  foreach(i 0 1)
    string(JSON library GET "${results}" results ${i} library)
    string(JSON status GET "${results}" results ${i} status)
    string(JSON label GET "${results}" results ${i} param_label)
    if(NOT status STREQUAL "ok" OR NOT label STREQUAL name)
      message(FATAL_ERROR "${case}, ${library}: status ${status}, label '${label}' (expected '${name}')\n${stdout}")
    endif()
  endforeach()
  if(NOT stdout MATCHES "zlib -6: 2 ${case}ions, [0-9.]+ MB/s, ratio [0-9.]+")
    message(FATAL_ERROR "no line in the original form for zlib -6:\n${stdout}")
  endif()
  message(STATUS "ok: ${case} on '${name}': floor and zlib -6 verified")
endforeach()

# A row at an element size of its own (blosc -5 typesize 1) is n/a on a file whose own size that
# is (a user's file is bytes): it would repeat blosc -5. Where Blosc was found.
file(READ ${LIBEXEC}/compression/blosc.json blosc)
string(JSON blosc_available GET "${blosc}" available)
if(blosc_available)
  execute_process(COMMAND ${BENCHBOX} compression -n compress ${FILE} --lib blosc:5-typesize-1 --ops 1 --reps 1 --processes 1
                          --no-pin --no-store --json ${WORK}/typesize.json
                  RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr TIMEOUT 120)
  file(READ ${WORK}/typesize.json results)
  string(JSON status GET "${results}" results 0 status)
  string(JSON reason GET "${results}" results 0 reason)
  if(NOT rc EQUAL 0 OR NOT status STREQUAL "not_applicable" OR NOT reason MATCHES "^your file's own element size is 1: ")
    message(FATAL_ERROR "blosc -5 typesize 1 on a user's file: exit ${rc}, status ${status}, reason '${reason}' "
                        "(expected n/a: its own element size)\n${stdout}${stderr}")
  endif()
  message(STATUS "ok: blosc -5 typesize 1 n/a on '${name}': ${reason}")
endif()

file(WRITE ${WORK}/empty.bin "")
foreach(bad "${WORK}/missing.bin" "${WORK}/empty.bin" "${WORK}")
  execute_process(COMMAND ${BENCHBOX} compression -n compress ${bad} --lib floor --ops 1 --processes 1
                  RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr TIMEOUT 60)
  string(STRIP "${stderr}" line)
  if(NOT rc EQUAL 2 OR line MATCHES "\n" OR line STREQUAL "" OR NOT stdout STREQUAL "")
    message(FATAL_ERROR "bad file ${bad}: exit ${rc} (expected 2), stderr '${stderr}', stdout '${stdout}'")
  endif()
  message(STATUS "ok: ${bad}: ${line}")
endforeach()
