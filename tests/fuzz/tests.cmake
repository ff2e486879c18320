# libFuzzer targets (tests/fuzz/CMakeLists.txt), built with clang in their own build directory
# since the main build may use g++; skipped (exit 77) where clang++ or libFuzzer is missing.
set(_fuzz_build ${CMAKE_BINARY_DIR}/fuzz)
add_test(NAME fuzz.build COMMAND ${CMAKE_CURRENT_LIST_DIR}/fuzz.sh build ${CMAKE_CURRENT_LIST_DIR} ${_fuzz_build})
set_tests_properties(fuzz.build PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1800 LABELS fuzz)
foreach(_target results protocol cli)
  add_test(NAME fuzz.${_target}
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/fuzz.sh run ${_fuzz_build}/fuzz_${_target}
                   ${CMAKE_CURRENT_LIST_DIR}/corpus/${_target} ${_fuzz_build}/work/${_target} 15)
  set_tests_properties(fuzz.${_target} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS fuzz DEPENDS fuzz.build)
endforeach()
