# versions.side_by_side: another version and another build of a library as rows beside it
# (BENCHBOX_VERSIONS, BENCHBOX_BUILDS; docs/building-libraries.md, "Versions and builds side by side"),
# end to end, with a library of the test's own so that it runs anywhere in seconds:
# 1. a throw-away checkout of the toy library (tests/versions/toy-library) built by hand into
#    prefixes, as a user builds another version: 1.0.0 (the one found, -DTOY_ROOT), 2.0.0 (with
#    its pkg-config file), 2.0.0 without one (nor its generator), and a liar (library 2.0.0,
#    pkg-config file 3.0.0); each with its code generator, bin/toygen, but the one without;
# 2. entries that name nothing, no folder, no build, or no version: configure fails, saying so;
# 3. the test's module tree (tests/versions/tree, the toy module) configured and built against
#    this benchbox build with a version, a named version and a build (c++17-O3) of toy, and a
#    version of toyfixed (toy again, its version given at configure: BB_LIBRARY_VERSION);
# 4. `benchbox toy --verify`: the seven rows, each verified, named after their ids, with their
#    versions and builds (toy@env: toy started with TOY_ENV set, benchbox_environment_row, which its
#    adapter alone sees); --lib with '@'; each adapter compiled as its row says (describe): the
#    C++ standards, the generated header of its prefix's generator where it has one; toyfixed's
#    version row reporting its own version, not the one its folder gave the version found;
# 5. the liar's row fails the build: its adapter reports 2.0.0, not the 3.0.0 its name would say.
#
# cmake -DSOURCE_DIR=<benchbox> -DBUILD_DIR=<its build> -DWORK=<folder> -DCC=... -DCXX=...
#       -DBUILD_TYPE=... -DCFLAGS=... -DGENERATOR=... -P versions.cmake
cmake_minimum_required(VERSION 3.25)
set(here ${SOURCE_DIR}/tests/versions)
file(REMOVE_RECURSE ${WORK})

include(${SOURCE_DIR}/tests/run_step.cmake)

# 1. The checkout, and a prefix per build of it: include/toy.h, lib/libtoy.a[, lib/pkgconfig/toy.pc,
# bin/toygen].
file(COPY ${here}/toy-library/ DESTINATION ${WORK}/src/toy)
function(install_toy prefix version pc_version)
  if(pc_version)  # the generator, but in the prefix without a pkg-config file
    set(TOY_VERSION ${version})
    configure_file(${WORK}/src/toy/toygen.in ${prefix}/bin/toygen @ONLY
                   FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  endif()
  file(MAKE_DIRECTORY ${prefix}/lib ${prefix}/include)
  run("compiling toy ${version}" ${CC} ${CFLAGS} "-DTOY_VERSION=\"${version}\"" -c ${WORK}/src/toy/toy.c -o ${prefix}/toy.o)
  run("archiving toy ${version}" ar rcs ${prefix}/lib/libtoy.a ${prefix}/toy.o)
  file(REMOVE ${prefix}/toy.o)
  file(COPY ${WORK}/src/toy/toy.h DESTINATION ${prefix}/include)
  if(pc_version)
    file(WRITE ${prefix}/lib/pkgconfig/toy.pc "prefix=${prefix}\nName: toy\nDescription: the versions test's library\n"
               "Version: ${pc_version}\nLibs: -L\${prefix}/lib -ltoy\nCflags: -I\${prefix}/include\n")
  endif()
endfunction()
install_toy(${WORK}/one 1.0.0 1.0.0)
install_toy(${WORK}/two 2.0.0 2.0.0)
install_toy(${WORK}/nopc 2.0.0 "")
install_toy(${WORK}/liar 2.0.0 3.0.0)
message(STATUS "ok: toy built into four prefixes")
# A prefix laid out as mimalloc's own install does by default: the header in a versioned subfolder
# and the library beside it, nothing where the adapter looks.
file(MAKE_DIRECTORY ${WORK}/nested/include/toy-2.0 ${WORK}/nested/lib/toy-2.0)
file(COPY ${WORK}/two/include/toy.h DESTINATION ${WORK}/nested/include/toy-2.0)
file(COPY ${WORK}/two/lib/libtoy.a DESTINATION ${WORK}/nested/lib/toy-2.0)

# The tree: the toy module, with the root the docs walkthrough's tree uses (the core is this build's).
if(NOT EXISTS ${BUILD_DIR}/libbenchbox_core.a)
  message(FATAL_ERROR "${BUILD_DIR}/libbenchbox_core.a is not built (cmake --build ${BUILD_DIR} --target benchbox_core)")
endif()
file(COPY ${here}/tree/modules DESTINATION ${WORK}/tree)
file(COPY_FILE ${SOURCE_DIR}/tests/docs/tree/CMakeLists.txt ${WORK}/tree/CMakeLists.txt)
set(configure ${CMAKE_COMMAND} -S ${WORK}/tree -G "${GENERATOR}" -DCMAKE_BUILD_TYPE=${BUILD_TYPE} -DCMAKE_C_COMPILER=${CC}
    -DCMAKE_CXX_COMPILER=${CXX} "-DBENCHBOX_LIBRARY_CFLAGS=${CFLAGS}" -DBENCHBOX_SOURCE_DIR=${SOURCE_DIR}
    -DBENCHBOX_BUILD_DIR=${BUILD_DIR} -DTOY_ROOT=${WORK}/one)

# 2. Entries configure refuses, each with its line.
function(refused name expected)
  execute_process(COMMAND ${configure} -B ${WORK}/refused-${name} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX REPLACE "[ \n]+" " " said "${err}")
  if(rc EQUAL 0 OR NOT said MATCHES "${expected}")
    message(FATAL_ERROR "configure with ${ARGN}: exit status ${rc}, expected a failure saying '${expected}'\n${out}\n${err}")
  endif()
  file(REMOVE_RECURSE ${WORK}/refused-${name})
endfunction()
refused(no-library "BENCHBOX_VERSIONS: 'nope=.*' names no library of the modules built here" -DBENCHBOX_VERSIONS=nope=${WORK}/two)
refused(no-folder "BENCHBOX_VERSIONS: 'toy=/nonexistent/prefix': /nonexistent/prefix is not a folder" -DBENCHBOX_VERSIONS=toy=/nonexistent/prefix)
refused(no-build "BENCHBOX_BUILDS: 'toy@c\\+\\+18': 'c\\+\\+18' is not a build" "-DBENCHBOX_BUILDS=toy@c++18")
refused(unity-standard "BENCHBOX_BUILDS: 'toy@c\\+\\+17-unity': c\\+\\+17 and unity cannot be joined" "-DBENCHBOX_BUILDS=toy@c++17-unity")
refused(nested "BENCHBOX_VERSIONS: 'toy@2.0.0=.*': .*/nested does not hold what the adapter links \\(looked for include/toy.h and lib/libtoy"
        -DBENCHBOX_VERSIONS=toy@2.0.0=${WORK}/nested)
refused(no-version "has no pkg-config file with a Version .*: name the version yourself" -DBENCHBOX_VERSIONS=toy=${WORK}/nopc)
message(STATUS "ok: configure refuses an entry naming no library, no folder, no build, a standard with unity or no version, and a prefix without the library where the adapter looks")

# 3. Built with another version, a named version and another build.
set(build ${WORK}/build)
file(WRITE ${WORK}/rows.cmake  # an initial cache: a list in -D would be split on its way through run()
     "set(BENCHBOX_VERSIONS \"toy=${WORK}/two;toy@named=${WORK}/nopc;toyfixed=${WORK}/two\" CACHE STRING \"\")\n"
     "set(BENCHBOX_BUILDS toy@c++17-O3 CACHE STRING \"\")\n")
run("configuring the toy tree" ${configure} -B ${build} -C ${WORK}/rows.cmake)
string(FIND "${out}" "toy@named: ${WORK}/nopc has no bin/toygen: its sources are those ${WORK}/one/bin/toygen generates" at)
if(at EQUAL -1)
  message(FATAL_ERROR "configure: expected it to say that ${WORK}/nopc has no bin/toygen\n${out}")
endif()
run("building the toy tree" ${CMAKE_COMMAND} --build ${build} --parallel 2)
message(STATUS "ok: configured and built with toy@2.0.0, toy@named, toy@c++17-O3 and toyfixed@2.0.0")

# 4. The seven rows, verified, with their versions, builds and environments.
set(json ${WORK}/verify.json)
run("benchbox toy --verify" ${build}/bin/benchbox toy --verify --json ${json})
file(READ ${json} results)
string(JSON n LENGTH "${results}" results)
set(expected "toy=1.0.0=" "toy@2.0.0=2.0.0=installed at ${WORK}/two: include/toy.h, lib/libtoy.a, bin/toygen"
    "toy@named=2.0.0=installed at ${WORK}/nopc: include/toy.h, lib/libtoy.a"
    "toy@c++17-O3=1.0.0=units.cpp as C++17 (-std=c++17), the harness as C++20, -O3 instead of ${CFLAGS}"
    "toyfixed=configured="
    "toyfixed@2.0.0=2.0.0 (${WORK}/two/lib/pkgconfig/toy.pc)=installed at ${WORK}/two: include/toy.h, lib/libtoy.a"
    "toy@env=1.0.0=started with TOY_ENV=set")
set(seen)
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
  string(JSON library GET "${results}" results ${i} library)
  string(JSON version GET "${results}" results ${i} version)
  string(JSON verified GET "${results}" results ${i} verified)
  string(JSON build_trait ERROR_VARIABLE no_build GET "${results}" results ${i} traits build)
  if(no_build)
    set(build_trait "")
  endif()
  string(REPLACE ";" "," build_trait "${build_trait}")  # one list element per row
  if(NOT verified)
    message(FATAL_ERROR "benchbox toy --verify: the row of ${library} is not verified\n${out}")
  endif()
  # The environment row's environment reaches its adapter, and no other row's.
  string(JSON toy_env GET "${results}" results ${i} traits toy_env)
  set(want_env unset)
  if(library STREQUAL "toy@env")
    set(want_env set)
  endif()
  if(NOT toy_env STREQUAL want_env)
    message(FATAL_ERROR "benchbox toy --verify: ${library}'s adapter saw TOY_ENV ${toy_env}, expected ${want_env}")
  endif()
  list(APPEND seen "${library}=${version}=${build_trait}")
endforeach()
foreach(row IN LISTS expected)
  if(NOT row IN_LIST seen)
    message(FATAL_ERROR "benchbox toy --verify: no row '${row}' (library=version=build trait) among:\n${seen}\n${out}")
  endif()
endforeach()
if(NOT n EQUAL 7 OR NOT out MATCHES "\ntoy@c\\+\\+17-O3 +find")
  message(FATAL_ERROR "benchbox toy --verify: expected the seven rows in one table\n${out}")
endif()
run("benchbox toy --verify --lib toy@2.0.0" ${build}/bin/benchbox toy --verify --lib toy@2.0.0)
if(NOT out MATCHES "\ntoy@2.0.0 +find" OR out MATCHES "\ntoy ")
  message(FATAL_ERROR "benchbox toy --verify --lib toy@2.0.0: expected its row alone\n${out}")
endif()
# toy@unity, the folder's own build, is outside the suite (left out of the six rows above): run when --lib names it.
run("benchbox list toy" ${build}/bin/benchbox list toy)
if(NOT out MATCHES "outside the suite, by name only: --lib toy@unity\n")
  message(FATAL_ERROR "benchbox list toy: expected it to say how to run toy@unity\n${out}")
endif()
run("benchbox toy --verify --lib toy@unity" ${build}/bin/benchbox toy --verify --lib toy@unity --json ${json})
file(READ ${json} results)
string(JSON library GET "${results}" results 0 library)
string(JSON verified GET "${results}" results 0 verified)
string(JSON build_trait GET "${results}" results 0 traits build)
string(JSON n LENGTH "${results}" results)
if(NOT n EQUAL 1 OR NOT library STREQUAL "toy@unity" OR NOT verified
   OR NOT build_trait STREQUAL "units.cpp and the harness (adapter.cpp) compiled as one translation unit (CMake's UNITY_BUILD)")
  message(FATAL_ERROR "benchbox toy --verify --lib toy@unity: expected its row alone, verified, with its build\n${out}")
endif()
message(STATUS "ok: toy@unity, the folder's own build, run by name only, verified, its sources in one unit")
# toy@named: its prefix has no generator, so the header is the one toy 1.0.0's wrote.
foreach(check "toy=202002=202002=1.0.0=no" "toy@c++17-O3=201703=202002=1.0.0=no" "toy@2.0.0=202002=202002=2.0.0=no"
              "toy@named=202002=202002=1.0.0=no" "toy@unity=202002=202002=1.0.0=yes")
  string(REPLACE "=" ";" check "${check}")
  list(GET check 0 row)
  list(GET check 1 units)
  list(GET check 2 harness)
  list(GET check 3 generated)
  list(GET check 4 one_unit)
  run("${row} describe" ${build}/libexec/benchbox/toy/bin/${row} describe)
  string(JSON got_units GET "${out}" info units_standard)
  string(JSON got_harness GET "${out}" info adapter_standard)
  string(JSON got_generated GET "${out}" info generated_by)
  string(JSON got_one_unit GET "${out}" info units_in_this_unit)
  if(NOT got_units STREQUAL units OR NOT got_harness STREQUAL harness)
    message(FATAL_ERROR "${row}: units.cpp compiled as ${got_units} and adapter.cpp as ${got_harness}, expected ${units} and ${harness}")
  endif()
  if(NOT got_one_unit STREQUAL one_unit)
    message(FATAL_ERROR "${row}: units.cpp in adapter.cpp's unit: ${got_one_unit}, expected ${one_unit}")
  endif()
  if(NOT got_generated STREQUAL generated)
    message(FATAL_ERROR "${row}: toy_generated.h written by toygen ${got_generated}, expected ${generated}")
  endif()
endforeach()
message(STATUS "ok: seven rows verified in one table, each with its version, build and generated header; --lib toy@2.0.0 runs its row alone")

# 5. A prefix whose pkg-config file says another version than its library: the build stops.
run("configuring with the liar" ${configure} -B ${build} -DBENCHBOX_VERSIONS=toy=${WORK}/liar -DBENCHBOX_BUILDS=)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${build} --parallel 2 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT "${out}${err}" MATCHES "toy/toy@3.0.0: the adapter reports version '2.0.0', not 3.0.0")
  message(FATAL_ERROR "building with a prefix whose pkg-config file says 3.0.0 and library 2.0.0: exit status ${rc}, expected a failure naming both\n${out}\n${err}")
endif()
message(STATUS "ok: a prefix whose library is not the version its pkg-config file says fails the build, naming both")
