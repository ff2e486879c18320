# Run after an adapter of another version (BENCHBOX_VERSIONS, cmake/BenchboxOtherRows.cmake) is
# linked: the version its `describe` reports must be the one its row is named after (read from
# the prefix's pkg-config file), or the build fails: a prefix whose headers and library disagree,
# or a library taken from elsewhere, would otherwise be measured under the wrong name.
#
#   cmake -DPROGRAM=<adapter> -DVERSION=<1.5.6> -DROW=<module/id@version> -DFROM=<file> -P BenchboxRowVersion.cmake
execute_process(COMMAND ${PROGRAM} describe RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${ROW}: `${PROGRAM} describe` failed (${rc}): ${err}")
endif()
string(JSON reported ERROR_VARIABLE error GET "${out}" version)
if(error)
  message(FATAL_ERROR "${ROW}: `${PROGRAM} describe` printed no version: ${error}")
endif()
string(REGEX REPLACE "([][+.*?()^$|\\\\])" "\\\\\\1" pattern "${VERSION}")
if(NOT reported MATCHES "^v?${pattern}($|[^0-9.])")
  message(FATAL_ERROR "${ROW}: the adapter reports version '${reported}', not ${VERSION} (${FROM}): "
                      "the prefix's headers or library are not of that version")
endif()
