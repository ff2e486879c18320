# How a module's tests declare their test-only adapter (honest, or cheating on demand):
#
#   benchbox_test_adapter(<libexec variable> MODULE <module> ID <id> SOURCE <file>
#                         TITLE "..." [DATA <files>... DEPENDS <target>])
#
# builds bb_test_<module>_<id> into a libexec folder of its own, ${CMAKE_CURRENT_BINARY_DIR}/
# <id>-libexec, with its manifest, so that it never shows in the real module (a test selects the
# folder with BENCHBOX_LIBEXEC, which <libexec variable> names). DATA: files linked into the
# folder's data directory (the module's generated data sets), made by the target DEPENDS.
function(benchbox_test_adapter libexec_var)
  cmake_parse_arguments(A "" "MODULE;ID;SOURCE;TITLE;DEPENDS" "DATA" ${ARGN})
  set(libexec ${CMAKE_CURRENT_BINARY_DIR}/${A_ID}-libexec)
  file(MAKE_DIRECTORY ${libexec}/${A_MODULE})
  if(A_DATA)
    file(MAKE_DIRECTORY ${libexec}/${A_MODULE}/data)
  endif()
  foreach(file IN LISTS A_DATA)
    get_filename_component(name ${file} NAME)
    file(CREATE_LINK ${file} ${libexec}/${A_MODULE}/data/${name} SYMBOLIC)
  endforeach()
  set(target bb_test_${A_MODULE}_${A_ID})
  add_executable(${target} ${A_SOURCE})
  target_link_libraries(${target} PRIVATE benchbox_adapter benchbox_warnings)
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${A_ID} RUNTIME_OUTPUT_DIRECTORY ${libexec}/${A_MODULE}/bin)
  if(A_DEPENDS)
    add_dependencies(${target} ${A_DEPENDS})
  endif()
  file(WRITE ${libexec}/${A_MODULE}/${A_ID}.json
       "{\"id\": \"${A_ID}\", \"title\": \"${A_TITLE}\", \"order\": 1000, \"available\": true, \"program\": \"bin/${A_ID}\"}\n")
  set(${libexec_var} ${libexec} PARENT_SCOPE)
endfunction()

# The verification test of such an adapter, <module>.verification.<name> (tests/verification_row.cmake):
#
#   benchbox_verification_test(<name> LIBEXEC <dir> MODULE <module> CASE <case> PARAM <param> LIBRARY <id>
#                              CHEAT_VARIABLE <variable> CHEAT <cheat> EXPECT <regex> [OPS <n>])
#
# runs `benchbox MODULE -n CASE PARAM --lib LIBRARY` on the LIBEXEC folder with CHEAT_VARIABLE set to
# CHEAT: CHEAT none must be verified, any other must fail the row with a reason matching EXPECT.
function(benchbox_verification_test name)
  cmake_parse_arguments(A "" "LIBEXEC;MODULE;CASE;PARAM;LIBRARY;CHEAT_VARIABLE;CHEAT;EXPECT;OPS" "" ${ARGN})
  set(test ${A_MODULE}.verification.${name})
  set(ops)
  if(A_OPS)
    set(ops -DOPS=${A_OPS})
  endif()
  string(REPLACE "." "-" out ${name})
  add_test(NAME ${test}
           COMMAND ${CMAKE_COMMAND} -DBENCHBOX=$<TARGET_FILE:benchbox> -DLIBEXEC=${A_LIBEXEC} -DMODULE=${A_MODULE}
                   -DCASE=${A_CASE} "-DPARAM=${A_PARAM}" -DLIBRARY=${A_LIBRARY} -DCHEAT_VARIABLE=${A_CHEAT_VARIABLE}
                   -DCHEAT=${A_CHEAT} "-DEXPECT=${A_EXPECT}" ${ops} -DOUT=${CMAKE_CURRENT_BINARY_DIR}/verification-${out}.json
                   -P ${CMAKE_SOURCE_DIR}/tests/verification_row.cmake)
  set_tests_properties(${test} PROPERTIES LABELS ${A_MODULE} TIMEOUT 120
                       ENVIRONMENT "BENCHBOX_LOCK_FILE=${CMAKE_CURRENT_BINARY_DIR}/verification.${name}.lock")
endfunction()
