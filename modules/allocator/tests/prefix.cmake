# allocator.prefix: allocators installed at prefixes, as the ones from outside Debian are (snmalloc,
# rpmalloc, Hoard) and another version's row (mimalloc@3.4.3), with a library of the test's own
# (prefix/library: glibc's allocator behind names of its own) so that it runs anywhere:
# 1. toymalloc built by hand into two prefixes: 1.0.0 as a shared library only (the one found,
#    -DTOYMALLOC_ROOT, linked as Debian's mimalloc is), 2.0.0 with its static archive beside it and
#    a pkg-config file (another version, BENCHBOX_VERSIONS, which takes the archive);
# 2. a module tree of the allocator module with two library folders (prefix/tree): toymalloc, whose
#    malloc the library replaces (preload "malloc"), and toyown, its own calls (preload by name),
#    built against this build's core, with both at 2.0.0 beside them;
# 3. the suite verified on the four rows; toymalloc@2.0.0's malloc is the adapter's own, linked in
#    from the archive;
# 4. the program case: each row preloads the shared library of its own prefix, found mapped.
#
# cmake -DSOURCE_DIR=<benchbox> -DBUILD_DIR=<its build> -DWORK=<folder> -DCC=... -DCXX=...
#       -DBUILD_TYPE=... -DCFLAGS=... -DGENERATOR=... -P prefix.cmake
cmake_minimum_required(VERSION 3.25)
set(here ${SOURCE_DIR}/modules/allocator/tests/prefix)
file(REMOVE_RECURSE ${WORK})

include(${SOURCE_DIR}/tests/run_step.cmake)

# 1. The prefixes: include/toymalloc.h, lib/libtoymalloc.so[, lib/libtoymalloc.a, lib/pkgconfig/toymalloc.pc].
function(install_toymalloc prefix version with_archive)
  file(MAKE_DIRECTORY ${prefix}/lib)
  file(COPY ${here}/library/toymalloc.h DESTINATION ${prefix}/include)
  set(compile ${CC} ${CFLAGS} -fPIC "-DTOYMALLOC_VERSION=\"${version}\"" -c ${here}/library/toymalloc.c -o ${prefix}/toymalloc.o)
  run("compiling toymalloc ${version}" ${compile})
  run("linking libtoymalloc.so ${version}" ${CC} -shared ${prefix}/toymalloc.o -o ${prefix}/lib/libtoymalloc.so)
  if(with_archive)
    run("archiving toymalloc ${version}" ar rcs ${prefix}/lib/libtoymalloc.a ${prefix}/toymalloc.o)
    file(WRITE ${prefix}/lib/pkgconfig/toymalloc.pc "prefix=${prefix}\nName: toymalloc\nDescription: the allocator prefix test's library\n"
               "Version: ${version}\nLibs: -L\${prefix}/lib -ltoymalloc\nCflags: -I\${prefix}/include\n")
  endif()
  file(REMOVE ${prefix}/toymalloc.o)
endfunction()
install_toymalloc(${WORK}/one 1.0.0 OFF)
install_toymalloc(${WORK}/two 2.0.0 ON)
message(STATUS "ok: toymalloc built into two prefixes")

# 2. The tree: the allocator module's own files and the two test folders, the root of the docs
#    walkthrough's tree (the core is this build's).
if(NOT EXISTS ${BUILD_DIR}/libbenchbox_core.a)
  message(FATAL_ERROR "${BUILD_DIR}/libbenchbox_core.a is not built (cmake --build ${BUILD_DIR} --target benchbox_core)")
endif()
set(module ${WORK}/tree/modules/allocator)
file(COPY ${SOURCE_DIR}/modules/allocator/common DESTINATION ${module})
foreach(file CMakeLists.txt module.cpp cases.hpp)
  file(COPY_FILE ${SOURCE_DIR}/modules/allocator/${file} ${module}/${file})
endforeach()
file(COPY ${here}/tree/toymalloc ${here}/tree/toyown DESTINATION ${module})
file(COPY ${SOURCE_DIR}/include/yardstick DESTINATION ${WORK}/tree/include)  # schedule.hpp's splitmix, by a relative path
file(COPY_FILE ${SOURCE_DIR}/tests/docs/tree/CMakeLists.txt ${WORK}/tree/CMakeLists.txt)
set(build ${WORK}/build)
file(WRITE ${WORK}/rows.cmake  # an initial cache: a list in -D would be split on its way through run()
     "set(BENCHBOX_VERSIONS \"toymalloc=${WORK}/two;toyown=${WORK}/two\" CACHE STRING \"\")\n")
run("configuring the tree" ${CMAKE_COMMAND} -S ${WORK}/tree -B ${build} -G "${GENERATOR}" -DCMAKE_BUILD_TYPE=${BUILD_TYPE}
    -DCMAKE_C_COMPILER=${CC} -DCMAKE_CXX_COMPILER=${CXX} "-DBENCHBOX_LIBRARY_CFLAGS=${CFLAGS}"
    -DBENCHBOX_SOURCE_DIR=${SOURCE_DIR} -DBENCHBOX_BUILD_DIR=${BUILD_DIR} -DTOYMALLOC_ROOT=${WORK}/one -C ${WORK}/rows.cmake)
run("building the tree" ${CMAKE_COMMAND} --build ${build} --parallel 2)
message(STATUS "ok: configured and built with toymalloc and toyown at 1.0.0 and 2.0.0")

# 3. The suite verified on every row; where malloc comes from.
set(rows toymalloc toymalloc@2.0.0 toyown toyown@2.0.0)
run("benchbox allocator --verify" ${build}/bin/benchbox allocator --verify --json ${WORK}/verify.json)
file(READ ${WORK}/verify.json results)
string(JSON n LENGTH "${results}" results)
math(EXPR last "${n} - 1")
set(verified)
foreach(i RANGE ${last})
  string(JSON library GET "${results}" results ${i} library)
  string(JSON status GET "${results}" results ${i} status)
  if(NOT status STREQUAL "ok")
    message(FATAL_ERROR "benchbox allocator --verify: ${library}: ${status}, expected every row verified\n${out}")
  endif()
  list(APPEND verified ${library})
endforeach()
list(REMOVE_DUPLICATES verified)
list(SORT verified)
if(NOT verified STREQUAL "toymalloc;toymalloc@2.0.0;toyown;toyown@2.0.0" OR NOT n EQUAL 24)
  message(FATAL_ERROR "benchbox allocator --verify: ${n} rows of ${verified}, expected the suite's six points on the four rows\n${out}")
endif()
foreach(check "toymalloc=${WORK}/one/lib/libtoymalloc.so"
              "toymalloc@2.0.0=${build}/libexec/benchbox/allocator/bin/toymalloc@2.0.0 (linked in from ${WORK}/two/lib/libtoymalloc.a)")
  string(REGEX REPLACE "=.*" "" row "${check}")
  string(REGEX REPLACE "^[^=]*=" "" expected "${check}")
  run("${row} describe" ${build}/libexec/benchbox/allocator/bin/${row} describe)
  string(JSON provider GET "${out}" info "malloc resolves to")
  if(NOT provider STREQUAL expected)
    message(FATAL_ERROR "${row}: malloc resolves to '${provider}', expected '${expected}'")
  endif()
endforeach()
message(STATUS "ok: the suite verified on the four rows; toymalloc@2.0.0's malloc linked in from its archive")

# 4. The program case: each row preloads its own prefix's shared library, found mapped at the exit.
run("benchbox allocator -n program" ${build}/bin/benchbox allocator -n program --processes 1 --reps 1 --warmup 0 --no-pin
    --json ${WORK}/program.json -- sh -c "echo preloaded")
file(READ ${WORK}/program.json results)
string(JSON n LENGTH "${results}" results)
if(NOT n EQUAL 4)
  message(FATAL_ERROR "benchbox allocator -n program: ${n} rows, expected the four\n${out}")
endif()
set(prefixes ${WORK}/one ${WORK}/two ${WORK}/one ${WORK}/two)  # of each of `rows`
foreach(i RANGE 3)
  string(JSON library GET "${results}" results ${i} library)
  string(JSON status GET "${results}" results ${i} status)
  string(JSON preload ERROR_VARIABLE none GET "${results}" results ${i} traits preload)
  string(JSON mapped ERROR_VARIABLE none GET "${results}" results ${i} proof counts preload_mapped)
  list(FIND rows ${library} at)
  if(at EQUAL -1)
    message(FATAL_ERROR "benchbox allocator -n program: a row of ${library}, expected ${rows}\n${out}")
  endif()
  list(GET prefixes ${at} want)
  if(NOT status STREQUAL "ok" OR NOT preload STREQUAL "${want}/lib/libtoymalloc.so" OR NOT mapped EQUAL 1)
    message(FATAL_ERROR "program, ${library}: status ${status}, preload '${preload}' (expected ${want}/lib/libtoymalloc.so), "
                        "preload_mapped ${mapped}\n${out}")
  endif()
endforeach()
message(STATUS "ok: the program case preloads each row's own libtoymalloc.so, found mapped")
