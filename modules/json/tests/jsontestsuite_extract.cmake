# data/jsontestsuite.py on a parsing.js of this test's own (the package's layout, four inputs):
# each input written as its UTF-8 bytes (a raw NUL and a non-ASCII character kept), the input
# holding U+FFFD set aside; and a declaration that does not match (an undeclared U+FFFD input,
# other counts, another digest) stops it with one line and writes nothing.
# The expected bytes' SHA-256 were computed apart: printf '123\0' | sha256sum, and so on.
set(sha_nul a787b6772e3e4df1b2a04d5eee56f8570ab38825eed1b6a9bda288429b7f29a1)       # 31 32 33 00
set(sha_eacute 0b657be394b1d432f8d1942406ed09c213604cbcd87b299641cf994bcaf84b11)    # ["é"]
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(WRITE ${WORK}/parsing.js [[// Generated file, do NOT edit

export default [
  {"name": "n_nul.json", "input": "123\u0000"},
  {"name": "y_eacute.json", "input": "[\"\u00e9\"]"},
  {"name": "i_lost.json", "input": "[\"\ufffd\"]"}
]
]])
# The digest over "name sha256\n" lines, by name, computed here rather than by the script.
string(SHA256 digest "n_nul.json ${sha_nul}\ny_eacute.json ${sha_eacute}\n")

function(run name declaration)
  file(WRITE ${WORK}/${name}.declaration.json "${declaration}")
  execute_process(COMMAND ${PYTHON} ${SCRIPT} ${WORK}/parsing.js ${WORK}/${name}.declaration.json ${WORK}/${name}
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  set(rc ${rc} PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

run(good "{\"inputs\": {\"y\": 1, \"n\": 1, \"i\": 1}, \"set_aside\": [\"i_lost.json\"], \"files_sha256\": \"${digest}\"}")
file(GLOB written RELATIVE ${WORK}/good ${WORK}/good/*)
file(SHA256 ${WORK}/good/n_nul.json got_nul)
file(SHA256 ${WORK}/good/y_eacute.json got_eacute)
if(NOT rc EQUAL 0 OR NOT written STREQUAL "n_nul.json;y_eacute.json" OR NOT got_nul STREQUAL sha_nul
   OR NOT got_eacute STREQUAL sha_eacute)
  message(FATAL_ERROR "extraction: exit ${rc}, wrote '${written}', n_nul ${got_nul}, y_eacute ${got_eacute}\n${err}")
endif()
message(STATUS "ok: two inputs written byte for byte, i_lost.json set aside")

foreach(bad "undeclared|{\"inputs\": {\"y\": 1, \"n\": 1, \"i\": 1}, \"set_aside\": [], \"files_sha256\": \"${digest}\"}|U\\+FFFD"
            "counts|{\"inputs\": {\"y\": 2, \"n\": 1, \"i\": 1}, \"set_aside\": [\"i_lost.json\"], \"files_sha256\": \"${digest}\"}|inputs per kind"
            "digest|{\"inputs\": {\"y\": 1, \"n\": 1, \"i\": 1}, \"set_aside\": [\"i_lost.json\"], \"files_sha256\": \"0\"}|digest of the files")
  string(REPLACE "|" ";" parts "${bad}")
  list(GET parts 0 name)
  list(GET parts 1 declaration)
  list(GET parts 2 expected)
  run(${name} "${declaration}")
  string(STRIP "${err}" err)
  if(NOT rc EQUAL 1 OR EXISTS ${WORK}/${name} OR NOT err MATCHES "${expected}" OR err MATCHES "\n")
    message(FATAL_ERROR "a declaration that does not match (${name}): exit ${rc}, '${err}'")
  endif()
  message(STATUS "ok: ${name}: ${err}")
endforeach()
