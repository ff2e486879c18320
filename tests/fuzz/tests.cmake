# The libFuzzer targets (tests/fuzz/CMakeLists.txt), in the sanitize build only (BENCHBOX_FUZZERS):
# each runs for 15 seconds from its committed seeds (tests/fuzz/corpus/<target>/).
if(BENCHBOX_FUZZERS)
  add_subdirectory(${CMAKE_CURRENT_LIST_DIR} ${CMAKE_BINARY_DIR}/fuzz)
  foreach(_target results protocol cli)
    add_test(NAME fuzz.${_target}
             COMMAND ${CMAKE_CURRENT_LIST_DIR}/fuzz.sh run $<TARGET_FILE:fuzz_${_target}>
                     ${CMAKE_CURRENT_LIST_DIR}/corpus/${_target} ${CMAKE_BINARY_DIR}/fuzz/work/${_target} 15)
    set_tests_properties(fuzz.${_target} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS fuzz)
  endforeach()
endif()
