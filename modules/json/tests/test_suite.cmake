# JSONTestSuite's conformance rows without the download: a suite of this test's own, in
# JSONTestSuite's layout, judged by the dropper adapter (benchbox's reference reader). Two inputs
# are filed under the wrong kind on purpose, so that each kind has a failure to name:
#   y_ok [1], y_filed_wrongly [1,]        -> y accepted 50 %, y_filed_wrongly named
#   n_ok [1,], n_filed_wrongly []         -> n rejected 50 %, n_filed_wrongly named
#   i_huge_exponent [1e400] (accepted), i_lone_surrogate ["\ud800"] (rejected): counted, listed
# Then without the suite, `-n conformance` alone (its default names both values): the own row is
# verified, the JSONTestSuite row is unavailable and says how to get it.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/json/data/jsontestsuite)
file(CREATE_LINK ${DROPPER_LIBEXEC}/json/bin ${WORK}/json/bin SYMBOLIC)
file(COPY ${DROPPER_LIBEXEC}/json/dropper.json DESTINATION ${WORK}/json)
set(suite ${WORK}/json/data/jsontestsuite)
foreach(input "y_ok.json=[1]" "y_filed_wrongly.json=[1,]" "n_ok.json=[1,]" "n_filed_wrongly.json=[]"
              "i_huge_exponent.json=[1e400]" "i_lone_surrogate.json=[\"\\ud800\"]" "README=not an input: ignored")
  string(FIND "${input}" "=" at)
  string(SUBSTRING "${input}" 0 ${at} name)
  math(EXPR at "${at} + 1")
  string(SUBSTRING "${input}" ${at} -1 text)
  file(WRITE ${suite}/${name} "${text}")
endforeach()

set(ENV{BENCHBOX_LIBEXEC} ${WORK})
set(ENV{BENCHBOX_JSON_DROP} none)
execute_process(COMMAND ${BENCHBOX} json -n conformance jsontestsuite --lib dropper --no-pin --json ${WORK}/suite.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/suite.json)
  message(FATAL_ERROR "conformance on a suite of the test's own: exit ${rc}\n${out}${err}")
endif()
file(READ ${WORK}/suite.json results)
string(JSON status GET "${results}" results 0 status)
string(JSON label GET "${results}" results 0 param_label)
string(JSON score GET "${results}" results 0 median)
string(JSON details GET "${results}" results 0 details)
set(got "${status} ${label} score ${score}")
foreach(figure score_y score_n i_accepted i_rejected)
  string(JSON value GET "${results}" results 0 extra_figures ${figure} median)
  string(APPEND got " ${figure} ${value}")
endforeach()
set(expected "ok JSONTestSuite score 50.0 score_y 50.0 score_n 50.0 i_accepted 1.0 i_rejected 1.0")
if(NOT got STREQUAL expected)
  message(FATAL_ERROR "got '${got}', expected '${expected}'\n${out}")
endif()
foreach(named "y / y_filed_wrongly.json: rejected: " "n / n_filed_wrongly.json: accepted"
              "i accepted \\(1\\): i_huge_exponent.json" "i rejected \\(1\\): i_lone_surrogate.json")
  if(NOT details MATCHES "${named}")
    message(FATAL_ERROR "the details do not name '${named}': ${details}")
  endif()
endforeach()
message(STATUS "ok: ${got}; ${details}")

file(REMOVE_RECURSE ${suite})
execute_process(COMMAND ${BENCHBOX} json -n conformance --lib dropper --no-pin --json ${WORK}/absent.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
file(READ ${WORK}/absent.json results)
string(JSON own GET "${results}" results 0 status)
string(JSON status GET "${results}" results 1 status)
string(JSON reason GET "${results}" results 1 reason)
if(NOT rc EQUAL 0 OR NOT own STREQUAL "ok" OR NOT status STREQUAL "unavailable" OR NOT reason MATCHES "run scripts/setup.sh")
  message(FATAL_ERROR "without the suite: exit ${rc}, own inputs ${own}, JSONTestSuite ${status} '${reason}'\n${out}${err}")
endif()
message(STATUS "ok: without the suite: ${reason}")
