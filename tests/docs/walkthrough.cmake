# docs.adding_walkthrough: the walkthrough of docs/adding.md, built and run as written.
#
# 1. Every fenced block of the page right after a line `<!-- file: PATH -->` is written to
#    WORK/tree/PATH, and nothing else is: the tree holds exactly the files the walkthrough shows,
#    one module (modules/<module>/) with its floor and at least one more library.
# Then, in order, each step failing the test with what it printed:
# 2. scripts/modules.py --root WORK/tree check: the module's module.json, as set-up reads it; and
#    readme --check: the module's README's table of libraries is what its library.json files give;
# 3. the tree configured and built against this benchbox build (tests/docs/tree/CMakeLists.txt
#    as its root): the core is this build's, only the module's own code is compiled;
# 4. `benchbox MODULE --verify`: exit status 0 and every row of every library verified, at every
#    point of the module's suite;
# 5. the integration test of every library (tests/integration/library_test.cpp), as
#    `ctest -L MODULE` runs it.
#
# cmake -DSOURCE_DIR=<benchbox> -DBUILD_DIR=<its build> -DWORK=<folder> -DCC=... -DCXX=...
#       -DBUILD_TYPE=... -DCFLAGS=... -DGENERATOR=... -P walkthrough.cmake
cmake_minimum_required(VERSION 3.25)  # policies: while(TRUE), IN_LIST
set(doc ${SOURCE_DIR}/docs/adding.md)
set(tree ${WORK}/tree)
set(build ${WORK}/build)

function(step what)
  string(TIMESTAMP now "%s")
  math(EXPR seconds "${now} - ${started}")
  message(STATUS "${what} (${seconds} s)")
endfunction()
string(TIMESTAMP started "%s")

# 1. The marked blocks, into a fresh tree. No list commands on the text: code holds ';' and '['.
file(REMOVE_RECURSE ${tree})
file(READ ${doc} text)
set(marker "\n<!-- file: ")  # at the start of a line, alone on it
string(LENGTH "${marker}" marker_length)
set(written "")
set(count 0)
while(TRUE)
  string(FIND "${text}" "${marker}" at)
  if(at EQUAL -1)
    break()
  endif()
  math(EXPR at "${at} + ${marker_length}")
  string(SUBSTRING "${text}" ${at} -1 text)
  string(FIND "${text}" " -->" end)
  string(SUBSTRING "${text}" 0 ${end} path)
  math(EXPR end "${end} + 4")
  string(SUBSTRING "${text}" ${end} -1 text)
  if(NOT path MATCHES "^modules/[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+$" OR path MATCHES "(^|/)\\.\\.(/|$)")
    message(FATAL_ERROR "${doc}: a block is marked with '${path}', not a path below modules/<module>/")
  endif()
  # The marker's next line opens a fence; the block ends at the next fence at the start of a line.
  if(NOT text MATCHES "^\n```[A-Za-z]*\n")
    message(FATAL_ERROR "${doc}: the line after <!-- file: ${path} --> does not open a fenced block")
  endif()
  string(FIND "${text}" "\n" open)
  math(EXPR open "${open} + 1")
  string(SUBSTRING "${text}" ${open} -1 text)
  string(FIND "${text}" "\n" open)
  math(EXPR open "${open} + 1")
  string(SUBSTRING "${text}" ${open} -1 text)
  string(FIND "${text}" "\n```" close)
  if(close EQUAL -1)
    message(FATAL_ERROR "${doc}: the block of ${path} is never closed")
  endif()
  math(EXPR close "${close} + 1")
  string(SUBSTRING "${text}" 0 ${close} content)
  string(SUBSTRING "${text}" ${close} -1 text)
  if(EXISTS ${tree}/${path})
    message(FATAL_ERROR "${doc}: two blocks are marked ${path}")
  endif()
  file(WRITE ${tree}/${path} "${content}")
  string(APPEND written " ${path}")
  math(EXPR count "${count} + 1")
endwhile()

# The module: the one folder of the tree's modules/; its libraries: its folders that call benchbox_library.
file(GLOB modules LIST_DIRECTORIES true RELATIVE ${tree}/modules ${tree}/modules/*)
list(LENGTH modules n_modules)
if(NOT n_modules EQUAL 1)
  message(FATAL_ERROR "${doc}: the walkthrough's blocks make ${n_modules} module folders (${modules}), expected one")
endif()
set(module ${modules})
set(libraries "")
file(GLOB lists ${tree}/modules/${module}/*/CMakeLists.txt)
foreach(list IN LISTS lists)
  file(READ ${list} cmake_text)
  if(cmake_text MATCHES "benchbox_library\\(")
    get_filename_component(dir ${list} DIRECTORY)
    get_filename_component(id ${dir} NAME)
    list(APPEND libraries ${id})
  endif()
endforeach()
foreach(needed module.json CMakeLists.txt module.cpp)
  if(NOT EXISTS ${tree}/modules/${module}/${needed})
    message(FATAL_ERROR "${doc}: the walkthrough has no block marked modules/${module}/${needed}")
  endif()
endforeach()
list(LENGTH libraries n_libraries)
if(n_libraries LESS 2)
  message(FATAL_ERROR "${doc}: the walkthrough's module has ${n_libraries} library folders (${libraries}), expected its floor and a library")
endif()
step("ok: ${count} blocks of docs/adding.md written:${written}")

# 2. module.json as set-up reads it: the tree's declarations beside benchbox's own.
find_program(PYTHON3 python3)
if(NOT PYTHON3)
  message(FATAL_ERROR "python3 (which scripts/modules.py needs) is not installed")
endif()
file(COPY ${SOURCE_DIR}/scripts/project.json DESTINATION ${tree}/scripts)
execute_process(COMMAND ${PYTHON3} ${SOURCE_DIR}/scripts/modules.py --root ${tree} check
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scripts/modules.py check of the walkthrough's module.json: exit status ${rc}\n${out}\n${err}")
endif()
step("ok: scripts/modules.py check accepts modules/${module}/module.json")
execute_process(COMMAND ${PYTHON3} ${SOURCE_DIR}/scripts/modules.py --root ${tree} --module ${module} readme --check
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "modules/${module}/README.md's table of libraries is not what their library.json files give: "
                      "exit status ${rc}\n${out}\n${err}")
endif()
step("ok: modules/${module}/README.md's table of libraries is its libraries' library.json")

# 3. Configured and built against this build's core.
if(NOT EXISTS ${BUILD_DIR}/libbenchbox_core.a)
  message(FATAL_ERROR "${BUILD_DIR}/libbenchbox_core.a is not built (cmake --build ${BUILD_DIR} --target benchbox_core)")
endif()
file(COPY_FILE ${SOURCE_DIR}/tests/docs/tree/CMakeLists.txt ${tree}/CMakeLists.txt)
file(REMOVE_RECURSE ${build})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${tree} -B ${build} -G "${GENERATOR}"
                        -DCMAKE_BUILD_TYPE=${BUILD_TYPE} -DCMAKE_C_COMPILER=${CC} -DCMAKE_CXX_COMPILER=${CXX}
                        "-DBENCHBOX_LIBRARY_CFLAGS=${CFLAGS}"
                        -DBENCHBOX_SOURCE_DIR=${SOURCE_DIR} -DBENCHBOX_BUILD_DIR=${BUILD_DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the walkthrough's tree: exit status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${build} --parallel 2
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the walkthrough's module: exit status ${rc}\n${out}\n${err}")
endif()
list(JOIN libraries ", " names)
step("ok: modules/${module} configured and built, with its libraries ${names}")

# 4. --verify: every library's every row verified.
set(benchbox ${build}/bin/benchbox)
set(json ${WORK}/verify.json)
file(REMOVE ${json})
execute_process(COMMAND ${benchbox} ${module} --verify --json ${json}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "benchbox ${module} --verify: exit status ${rc}\n${out}\n${err}")
endif()
file(READ ${json} results)
string(JSON n_rows LENGTH "${results}" results)
set(verified "")
if(n_rows GREATER 0)
  math(EXPR last "${n_rows} - 1")
  foreach(i RANGE ${last})
    string(JSON library GET "${results}" results ${i} library)
    string(JSON status GET "${results}" results ${i} status)
    string(JSON is_verified GET "${results}" results ${i} verified)
    if(NOT status STREQUAL "ok" OR NOT is_verified)
      message(FATAL_ERROR "benchbox ${module} --verify: a row of ${library} is ${status}, verified ${is_verified}\n${out}")
    endif()
    list(APPEND verified ${library})
  endforeach()
endif()
foreach(library IN LISTS libraries)
  if(NOT library IN_LIST verified)
    message(FATAL_ERROR "benchbox ${module} --verify: no verified row of ${library}\n${out}")
  endif()
endforeach()
step("ok: benchbox ${module} --verify: ${n_rows} rows, every one verified")

# 5. Each library's integration test, as ctest -L <module> runs it.
foreach(library IN LISTS libraries)
  execute_process(COMMAND ${build}/bin/benchbox_library_test ${benchbox} ${module} ${library}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 300)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the integration test of ${module}/${library}: exit status ${rc}\n${out}\n${err}")
  endif()
  step("ok: integration test of ${module}/${library}")
endforeach()
