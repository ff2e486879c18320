# For the scripts (cmake -P) of the tests that run one row: first_row(OUT ARGS...) runs
# `BENCHBOX ARGS... --json OUT` and reads the first row of its results. Sets rc, out, err, status and
# reason (reason-NOTFOUND where the row has none) in the caller's scope; no results file is fatal.
function(first_row results_file)
  file(REMOVE ${results_file})
  execute_process(COMMAND ${BENCHBOX} ${ARGN} --json ${results_file}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  if(NOT EXISTS ${results_file})
    message(FATAL_ERROR "no results file (exit ${rc}): ${out} ${err}")
  endif()
  file(READ ${results_file} results)
  string(JSON status GET "${results}" results 0 status)
  string(JSON reason ERROR_VARIABLE no_reason GET "${results}" results 0 reason)
  foreach(variable rc out err status reason)
    set(${variable} "${${variable}}" PARENT_SCOPE)
  endforeach()
endfunction()
