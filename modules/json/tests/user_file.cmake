# benchbox json on a user's own file (FILE: a copy of a generated document, its name with a space),
# with the floor and nlohmann (always built here):
#  1. parse and stringify: every row verified, labelled by the file's name, the results recording
#     its path, size and SHA-256;
#  2. a document nlohmann refuses ([1e400]: RFC 8259 allows the limit): its row fails with the
#     library's own message, the floor's row is verified, benchbox exits 1.
set(ENV{BENCHBOX_LIBEXEC} ${LIBEXEC})
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
get_filename_component(name "${FILE}" NAME)
file(SHA256 "${FILE}" sha)
file(SIZE "${FILE}" size)

function(run_case case file out)
  execute_process(COMMAND ${BENCHBOX} json -n ${case} ${file} --lib floor,nlohmann --ops 3 --reps 1 --processes 1 --no-pin
                          --json ${out}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr TIMEOUT 240)
  set(rc ${rc} PARENT_SCOPE)
  set(log "${stdout}${stderr}" PARENT_SCOPE)
  if(NOT EXISTS ${out})
    message(FATAL_ERROR "json -n ${case} ${file}: no results file (exit ${rc}):\n${stdout}${stderr}")
  endif()
  file(READ ${out} results)
  set(results "${results}" PARENT_SCOPE)
endfunction()

foreach(case parse stringify)
  run_case(${case} "${FILE}" ${WORK}/${case}.json)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "json -n ${case} on a user's file: exit ${rc}, expected 0\n${log}")
  endif()
  foreach(i 0 1)
    string(JSON library GET "${results}" results ${i} library)
    string(JSON status GET "${results}" results ${i} status)
    string(JSON verified GET "${results}" results ${i} verified)
    string(JSON label GET "${results}" results ${i} param_label)
    string(JSON path GET "${results}" results ${i} point 0 value)
    string(JSON bytes GET "${results}" results ${i} point 0 file bytes)
    string(JSON recorded_sha GET "${results}" results ${i} point 0 file sha256)
    if(NOT status STREQUAL "ok" OR NOT verified)
      message(FATAL_ERROR "${case}, ${library}: status ${status}, verified ${verified}\n${log}")
    endif()
    if(NOT label STREQUAL name OR NOT path STREQUAL FILE OR NOT bytes EQUAL size OR NOT recorded_sha STREQUAL sha)
      message(FATAL_ERROR "${case}, ${library}: recorded '${label}', ${path}, ${bytes} bytes, ${recorded_sha}; "
                          "expected '${name}', ${FILE}, ${size} bytes, ${sha}")
    endif()
  endforeach()
  message(STATUS "ok: ${case} on '${name}': floor and nlohmann verified, ${size} bytes, sha256 ${sha}")
endforeach()

file(WRITE ${WORK}/huge.json "[1e400]\n")
run_case(parse ${WORK}/huge.json ${WORK}/refused.json)
string(JSON floor_status GET "${results}" results 0 status)
string(JSON status GET "${results}" results 1 status)
string(JSON reason GET "${results}" results 1 reason)
if(NOT rc EQUAL 1 OR NOT floor_status STREQUAL "ok" OR NOT status STREQUAL "failed"
   OR NOT reason MATCHES "the library refused .*huge.json: .*number overflow")
  message(FATAL_ERROR "a document nlohmann refuses: exit ${rc}, floor ${floor_status}, nlohmann ${status}: '${reason}'\n${log}")
endif()
message(STATUS "ok: refused as a row: ${reason}")
