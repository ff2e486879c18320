# benchbox MODULE --verify, end to end on the fake module (tests/fake): every row proved by one
# short trial, a pass/fail table with no figure, the proof in the results file; an adapter that
# lies (BENCHBOX_FAULT: a wrong checksum, a wrong count) fails its row with the reason, exit 1; a
# --verify results file is refused by report.
set(ENV{BENCHBOX_LIBEXEC} ${FAKE_LIBEXEC})
set(json ${WORK}/verify.json)
file(MAKE_DIRECTORY ${WORK})

function(verify_run fault expected_rc)
  set(ENV{BENCHBOX_FAULT} "${fault}")
  file(REMOVE ${json})
  execute_process(COMMAND ${TEST_DRIVER} fake --verify --lib steady,faulty,absent --json ${json}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "--verify with BENCHBOX_FAULT='${fault}': exit status ${rc}, expected ${expected_rc}\n${out}\n${err}")
  endif()
  if(out MATCHES "ns/op|per second|relative" OR NOT out MATCHES "nothing timed")
    message(FATAL_ERROR "--verify printed a figure or no verify table:\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# Honest adapters: every row of steady and faulty verified, with its proof; absent said.
verify_run("" 0)
if(NOT out MATCHES "\nsteady +[a-z]+ .* verified +[0-9]+ [a-z]+, checksum 0x" OR NOT out MATCHES "\nfaulty +[a-z]+ .* verified "
   OR NOT out MATCHES "Not available here.*absent +absent was not found" OR out MATCHES "FAILED")
  message(FATAL_ERROR "--verify of honest adapters: not every row verified with its proof:\n${out}")
endif()
file(READ ${json} text)
string(JSON mode GET "${text}" context settings mode)
string(JSON first_done GET "${text}" results 0 proof done)
string(JSON first_processes GET "${text}" results 0 processes)
string(JSON first_trials LENGTH "${text}" results 0 reps)
string(JSON first_warmups GET "${text}" results 0 warmups)
if(NOT mode STREQUAL "verify" OR NOT first_done GREATER 0 OR NOT first_processes EQUAL 1 OR NOT first_trials EQUAL 1
   OR NOT first_warmups EQUAL 0)
  message(FATAL_ERROR "--verify results file: mode '${mode}', proof done '${first_done}', processes ${first_processes}, "
                      "timed trials ${first_trials}, warm-ups ${first_warmups}: expected verify, a proof, 1, 1, 0")
endif()
execute_process(COMMAND ${TEST_DRIVER} report ${json} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--verify run")
  message(FATAL_ERROR "report of a --verify file: exit ${rc}, expected 2 naming the --verify run: ${err}")
endif()

# Adapters that lie: the faulty rows fail with the verifier's reason; steady's stay verified.
foreach(fault wrong_checksum wrong_count)
  verify_run(${fault} 1)
  if(NOT out MATCHES "\nfaulty +[a-z]+ .* FAILED +[^\n]*(verification failed|checksum|count)" OR NOT out MATCHES "\nsteady .* verified")
    message(FATAL_ERROR "--verify with BENCHBOX_FAULT=${fault}: faulty not failed with the reason, or steady not verified:\n${out}")
  endif()
  message(STATUS "ok: --verify with BENCHBOX_FAULT=${fault} fails the lying rows with the reason")
endforeach()
message(STATUS "ok: --verify proves honest rows, fails lying ones, prints no figure; report refuses its file")
