# Every case of the hashmap module, run on the lossy adapter: behaving, each row is verified (exit
# status 0); losing an element, returning one wrong value, missing a present key or claiming an
# absent one, each row FAILS verification (exit 1) with the reason, and the results file says so.
# The same on the named key sets and for find and insert on a user's key file (string keys, values
# bound to each line's bytes).
set(ENV{BENCHBOX_LIBEXEC} "${LIBEXEC}")
set(keys_file ${WORK}/lossy-keys.txt)
set(lines "")
foreach(i RANGE 1 1500)
  string(APPEND lines "customer/${i}/order\n")
endforeach()
file(WRITE ${keys_file} "${lines}")
set(cases "insert 1000" "find 1000" "find-miss 1000" "erase 1000" "iterate 1000" "insert-string 1000" "find-string 1000"
          "find 1000 strided" "erase 1000 dense" "insert 1000 ${keys_file}" "find ${keys_file}")
function(run_case mode case_and_n expect_rc expect_regex)
  separate_arguments(args UNIX_COMMAND "${case_and_n}")
  set(ENV{BENCHBOX_LOSSY} "${mode}")
  set(json ${WORK}/lossy-${mode}.json)
  execute_process(COMMAND ${BENCHBOX} hashmap -n ${args} --lib lossy --ops 2000 --reps 1 --processes 1 --no-pin --json ${json}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  file(READ ${json} results)
  if(NOT rc EQUAL expect_rc OR NOT results MATCHES "${expect_regex}")
    message(FATAL_ERROR "lossy mode '${mode}', ${case_and_n}: exit ${rc} (expected ${expect_rc}), results do not match '${expect_regex}'\n${out}\n${err}\n${results}")
  endif()
  string(REGEX MATCH "verification failed[^\"]*" reason "${results}")
  message(STATUS "ok: mode '${mode}' ${case_and_n}: exit ${rc} ${reason}")
endfunction()
foreach(c IN LISTS cases)
  run_case("" "${c}" 0 "\"verified\": *true")
endforeach()
foreach(c IN LISTS cases)
  if(NOT c MATCHES "^find-miss")  # no value is ever found there: a wrong value cannot show
    run_case(value "${c}" 1 "verification failed: checksum")
  endif()
  run_case(drop "${c}" 1 "verification failed")
endforeach()
# No hit counter in the timed find loop: the sum alone must catch a present key not found and an
# absent key claimed as found without a value.
foreach(c IN ITEMS "find 1000" "find-string 1000" "find ${keys_file}")
  run_case(miss "${c}" 1 "verification failed: checksum")
endforeach()
run_case(hit "find-miss 1000" 1 "verification failed: checksum")
