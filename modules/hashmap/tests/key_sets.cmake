# The hashmap module's key sets and key files, with the real adapters:
#  1. the old point unchanged: `-n find 1000000` (and `-n find 1000000 random`) is recorded as one
#     axis, elements 1000000, labelled "1000000 elements", as before the keys axis existed;
#  2. a key file that cannot serve (missing, empty, an empty line, a key twice, a NUL byte), a file
#     given to a case that takes none, more elements than the file holds: one line, exit 2, before
#     anything runs;
#  3. random, dense and strided keys verified (--verify) on the floor, std.unordered_map, std.map,
#     tsl.robin_pg_map and the maps whose hash leaves strided keys in one slot, where they are built;
#  4. strided keys above a map's declared limit: n/a with its reason, never a hang; std.unordered_map
#     and tsl.robin_pg_map (prime bucket counts) verified at the same point;
#  5. find and insert on a key file: verified, the file recorded (path, SHA-256), all its keys
#     when given alone, its first N after N;
#  6. the store: a random-keys row is kept under the old point's key, a dense one under its own,
#     and `benchbox trend` finds each by the values a run takes.
#   cmake -DBENCHBOX=... -DWORK=DIR -P key_sets.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../../../tests/expect_usage_error.cmake)
set(ENV{BENCHBOX_LIBEXEC} "")  # the real adapters, whatever the environment says
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{BENCHBOX_STORE} ${WORK}/store.sqlite)

# Exit 2 and one line on standard error, matching `regex`.
function(expect_one_line regex)
  expect_usage_error_matching("${regex}" ${ARGN})
  execute_process(COMMAND ${BENCHBOX} ${ARGN} OUTPUT_QUIET ERROR_VARIABLE err TIMEOUT 60)
  if(NOT err MATCHES "^benchbox: error: [^\n]*\n$")
    message(FATAL_ERROR "benchbox ${ARGN}: not one line: ${err}")
  endif()
endfunction()

# Runs benchbox hashmap ARGN --json WORK/<name>.json; sets rc, out and results.
function(run name)
  execute_process(COMMAND ${BENCHBOX} hashmap ${ARGN} --no-pin --json ${WORK}/${name}.json
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 240)
  if(NOT EXISTS ${WORK}/${name}.json)
    message(FATAL_ERROR "benchbox hashmap ${ARGN}: no results (exit ${rc})\n${out}\n${err}")
  endif()
  file(READ ${WORK}/${name}.json results)
  set(rc ${rc} PARENT_SCOPE)
  set(out "${out}${err}" PARENT_SCOPE)
  set(results "${results}" PARENT_SCOPE)
endfunction()

# The number of rows of `results` whose status is `status`.
function(count_status var status)
  string(JSON rows LENGTH "${results}" results)
  set(n 0)
  math(EXPR last "${rows} - 1")
  foreach(i RANGE ${last})
    string(JSON s GET "${results}" results ${i} status)
    if(s STREQUAL status)
      math(EXPR n "${n} + 1")
    endif()
  endforeach()
  set(${var} ${n} PARENT_SCOPE)
endfunction()

# 1. The old point, as every stored hashmap run has it.
foreach(given "1000000" "1000000;random")
  run(old-point --verify -n find ${given} --lib floor)
  string(JSON axes LENGTH "${results}" results 0 point)
  string(JSON axis GET "${results}" results 0 point 0 axis)
  string(JSON value GET "${results}" results 0 point 0 value)
  string(JSON param GET "${results}" results 0 param)
  string(JSON label GET "${results}" results 0 param_label)
  if(NOT rc EQUAL 0 OR NOT axes EQUAL 1 OR NOT axis STREQUAL "elements" OR NOT value EQUAL 1000000 OR NOT param EQUAL 1000000
     OR NOT label STREQUAL "1000000 elements")
    message(FATAL_ERROR "-n find ${given}: exit ${rc}, point of ${axes} axes (${axis} ${value}), param ${param}, label '${label}'\n${out}")
  endif()
  message(STATUS "ok: -n find ${given}: point [elements 1000000], '${label}', as before the keys axis")
endforeach()

set(keys ${WORK}/keys.txt)
set(lines "")
foreach(i RANGE 1 1200)
  string(APPEND lines "user-${i}@example.org\n")
endforeach()
file(WRITE ${keys} "${lines}")
file(WRITE ${WORK}/empty.txt "")
file(WRITE ${WORK}/blank.txt "a\n\nb\n")
file(WRITE ${WORK}/twice.txt "a\nb\nc\nb\n")
execute_process(COMMAND sh -c "printf 'a\\nb\\000c\\n' > '${WORK}/nul.txt'")

# 2. Refused before anything runs.
expect_one_line("find: '${WORK}/nosuch.txt' is neither elements \\(a whole number\\) nor keys \\(keys for find: '${WORK}/nosuch.txt': no such file, and not one of random, dense, strided\\)"
                hashmap -n find ${WORK}/nosuch.txt)
expect_one_line("find: '1e6' is neither elements \\(a whole number\\) nor keys" hashmap -n find 1e6)
expect_one_line("'${WORK}/empty.txt': empty" hashmap -n find ${WORK}/empty.txt)
expect_one_line("'${WORK}/blank.txt': line 2 is empty" hashmap -n insert ${WORK}/blank.txt)
expect_one_line("'${WORK}/twice.txt': line 4 repeats line 2" hashmap -n find ${WORK}/twice.txt)
expect_one_line("'${WORK}/nul.txt': line 2 holds a NUL byte" hashmap -n find 2 ${WORK}/nul.txt)
expect_one_line("keys for find-miss must be one of random, dense, strided" hashmap -n find-miss ${keys})
expect_one_line("keys for erase must be one of random, dense, strided" hashmap -n erase 1000 ${keys})
expect_one_line("find 5000 elements, keys keys.txt: the file holds 1200 keys: give at most 1200 elements, or the file alone \\(-n find keys.txt\\) for all of them"
                hashmap -n find 5000 ${keys})
expect_one_line("find 1000000 elements, keys keys.txt: the file holds 1200 keys" hashmap -n find --param keys=${keys})
expect_one_line("case find-string has 1 axes, got 2 values" hashmap -n find-string 1000 dense)
# One bad file in a sweep stops the sweep.
expect_one_line("twice.txt': line 4 repeats line 2" hashmap -n find 1000 random,${WORK}/twice.txt)

# The libraries this build has, of those the tests below name.
execute_process(COMMAND ${BENCHBOX} list hashmap RESULT_VARIABLE rc OUTPUT_VARIABLE listing ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "benchbox list hashmap: exit ${rc}\n${err}")
endif()
set(limited "")
foreach(lib tsl.robin_map tsl.hopscotch_map libcuckoo google.dense_hash_map google.sparse_hash_map glib.hash_table emhash7.HashMap)
  if(listing MATCHES "\n    ${lib} +available")
    list(APPEND limited ${lib})
  endif()
endforeach()
# Maps whose identity hash goes modulo a prime: strided keys spread, no limit.
set(prime std.unordered_map)
if(listing MATCHES "\n    tsl.robin_pg_map +available")
  list(APPEND prime tsl.robin_pg_map)
endif()
set(always floor std.map ${prime})
set(all ${always} ${limited})
string(REPLACE ";" "," all_libs "${all}")
string(REPLACE ";" "," limited_libs "${limited}")
list(LENGTH all count)

# 3. Every key set verified, labelled by its name.
foreach(case find insert find-miss erase iterate)
  run(sets-${case} --verify -n ${case} 500 random,dense,strided --lib ${all_libs})
  count_status(ok ok)
  math(EXPR want "3 * ${count}")
  if(NOT rc EQUAL 0 OR NOT ok EQUAL want OR NOT out MATCHES "500 elements, strided keys +verified"
     OR NOT out MATCHES "500 elements, dense keys +verified")
    message(FATAL_ERROR "${case} 500 random,dense,strided: exit ${rc}, ${ok} rows verified of ${want}\n${out}")
  endif()
  message(STATUS "ok: ${case}: ${ok} rows verified (${all_libs}; random, dense, strided)")
endforeach()

# 4. Above a map's limit: n/a with the reason, quickly; the maps of a prime modulo verified
#    (tsl.robin_pg_map where tsl.robin_map stops at 8000).
if(limited)
  string(REPLACE ";" "," prime_libs "${prime}")
  run(limits --verify -n insert 100000 strided --lib ${prime_libs},${limited_libs})
  count_status(na not_applicable)
  count_status(ok ok)
  list(LENGTH limited want)
  list(LENGTH prime want_ok)
  if(NOT rc EQUAL 0 OR NOT na EQUAL want OR NOT ok EQUAL want_ok
     OR NOT out MATCHES "std.unordered_map +insert +100000 elements, strided keys +verified"
     OR NOT out MATCHES "n/a +strided keys above [0-9]+ elements: ")
    message(FATAL_ERROR "insert 100000 strided: exit ${rc}, ${na} n/a of ${want}, ${ok} verified of ${want_ok}\n${out}")
  endif()
  message(STATUS "ok: strided 100000: ${limited_libs} n/a with their reasons, ${prime_libs} verified")
endif()

# 5. A key file: verified and recorded; alone, all of its 1200 keys; after N, its first N.
file(SHA256 ${keys} sha)
foreach(case find insert)
  foreach(given "${keys}" "1000;${keys}")
    run(file-${case} -n ${case} ${given} --lib floor,std.unordered_map,std.map --ops 2400 --reps 1 --processes 1 --no-store)
    count_status(ok ok)
    string(JSON elements GET "${results}" results 0 point 0 value)
    string(JSON path GET "${results}" results 0 point 1 value)
    string(JSON recorded_sha GET "${results}" results 0 point 1 file sha256)
    string(JSON label GET "${results}" results 0 param_label)
    set(want 1200)
    if(given MATCHES "^1000;")
      set(want 1000)
    endif()
    if(NOT rc EQUAL 0 OR NOT ok EQUAL 3 OR NOT path STREQUAL keys OR NOT recorded_sha STREQUAL sha OR NOT elements EQUAL want
       OR NOT label STREQUAL "${want} elements, keys keys.txt")
      message(FATAL_ERROR "${case} ${given}: exit ${rc}, ${ok} verified, recorded ${path} ${recorded_sha} ${elements} '${label}'\n${out}")
    endif()
    message(STATUS "ok: ${case} on a key file: 3 rows verified, '${label}', sha256 ${sha}")
  endforeach()
endforeach()

# 6. The store keeps the old point's key for random keys; trend finds each point as a run names it.
foreach(given "1000" "1000;dense")
  run(stored -n find ${given} --lib floor --ops 1000 --reps 1 --processes 1)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "-n find ${given} into the store: exit ${rc}\n${out}")
  endif()
endforeach()
execute_process(COMMAND ${BENCHBOX} trend hashmap -n find 999 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT "${out}${err}" MATCHES "stored: points 1000, elements=1000,keys=dense;")
  message(FATAL_ERROR "trend hashmap -n find 999: the stored points are not 1000 and elements=1000,keys=dense\n${out}${err}")
endif()
foreach(given "1000" "1000;random" "1000;dense")
  execute_process(COMMAND ${BENCHBOX} trend hashmap -n find ${given} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "floor")
    message(FATAL_ERROR "trend hashmap -n find ${given}: exit ${rc}\n${out}${err}")
  endif()
endforeach()
message(STATUS "ok: stored under 1000 and elements=1000,keys=dense; trend finds both")
