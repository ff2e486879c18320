# Bad command lines: each must fail with exit status 2 and a one-line message, never a crash.
# include()d by the driver's cli test and by module tests; ${BENCHBOX} is the program.
function(expect_usage_error)
  execute_process(COMMAND ${BENCHBOX} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "benchbox ${ARGN}: expected exit status 2, got '${rc}'\n${out}\n${err}")
  endif()
  if(err STREQUAL "")
    message(FATAL_ERROR "benchbox ${ARGN}: no error message on standard error")
  endif()
  message(STATUS "ok: benchbox ${ARGN} -> ${err}")
  set(last_error "${err}" PARENT_SCOPE)
endfunction()

# The same, and the message must match a regular expression.
function(expect_usage_error_matching regex)
  expect_usage_error(${ARGN})
  if(NOT last_error MATCHES "${regex}")
    message(FATAL_ERROR "benchbox ${ARGN}: message does not match '${regex}': ${last_error}")
  endif()
endfunction()

