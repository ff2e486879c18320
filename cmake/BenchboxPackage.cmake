# benchbox as Debian users install tools: a manual page, bash completion, and a Debian package of
# the installed layout (`cpack -G DEB` in the build folder: benchbox_<version>_<arch>.deb, /usr as
# its prefix) holding the modules of this build.

# The manual page, made from the help once benchbox is built (cmake/BenchboxManPage.cmake).
find_program(BENCHBOX_HELP2MAN help2man)
if(BENCHBOX_HELP2MAN)
  set(_man ${CMAKE_BINARY_DIR}/man/benchbox.1.gz)
  add_custom_command(OUTPUT ${_man}
                     COMMAND ${CMAKE_COMMAND} -DBENCHBOX=$<TARGET_FILE:benchbox> -DHELP2MAN=${BENCHBOX_HELP2MAN}
                             -DEXTRA=${CMAKE_SOURCE_DIR}/packaging/benchbox.h2m -DWORK=${CMAKE_BINARY_DIR}/man
                             -P ${CMAKE_SOURCE_DIR}/cmake/BenchboxManPage.cmake
                     DEPENDS benchbox ${CMAKE_SOURCE_DIR}/packaging/benchbox.h2m ${CMAKE_SOURCE_DIR}/cmake/BenchboxManPage.cmake
                     COMMENT "benchbox.1: the manual page, from the command line's help (help2man)" VERBATIM)
  add_custom_target(benchbox_man ALL DEPENDS ${_man})
  add_dependencies(benchbox_runtime benchbox_man)
  install(FILES ${_man} DESTINATION share/man/man1)
else()
  message(STATUS "benchbox: no manual page: help2man not found (apt-get install help2man, or scripts/setup.sh)")
endif()

# Completion asks the benchbox being completed (src/cli/completion.hpp): one file for every build.
install(FILES ${CMAKE_SOURCE_DIR}/packaging/benchbox.bash DESTINATION share/bash-completion/completions RENAME benchbox)

# The package's dependencies: dpkg-shlibdeps maps the shared libraries that benchbox and every
# adapter link to the packages that hold them (tbox is a static archive, nothing of the build
# folder is linked at run time); the files an adapter uses otherwise (greenlet's Python and its
# module, declared with benchbox_library's RUNTIME_FILES) are mapped to their packages here, at
# configure time, the same way.
function(_benchbox_packages_of out)
  set(packages)
  foreach(file IN LISTS ARGN)
    execute_process(COMMAND dpkg-query -S ${file} OUTPUT_VARIABLE owner RESULT_VARIABLE rc
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "benchbox: ${file}, which an adapter uses at run time, belongs to no Debian package: "
                          "the package could not name its dependency")
    endif()
    string(REGEX REPLACE ":.*" "" owner "${owner}")  # "python3-minimal: /usr/bin/python3"
    string(REGEX REPLACE ", " ";" owner "${owner}")  # a file several packages share
    list(APPEND packages ${owner})
  endforeach()
  list(REMOVE_DUPLICATES packages)
  list(SORT packages)
  set(${out} ${packages} PARENT_SCOPE)
endfunction()
get_property(_runtime_files GLOBAL PROPERTY BENCHBOX_RUNTIME_FILES)
_benchbox_packages_of(_runtime_packages ${_runtime_files})
list(JOIN _runtime_packages ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# --instructions runs the adapters under Callgrind.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "valgrind")

# Who maintains the package: BENCHBOX_PACKAGE_MAINTAINER, else Debian's DEBFULLNAME and DEBEMAIL
# (as dch and dpkg's tools take them), else the author of the source's last commit.
if(NOT BENCHBOX_PACKAGE_MAINTAINER)
  if(DEFINED ENV{DEBFULLNAME} AND DEFINED ENV{DEBEMAIL})
    set(_maintainer "$ENV{DEBFULLNAME} <$ENV{DEBEMAIL}>")
  else()
    execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} log -1 "--format=%an <%ae>"
                    OUTPUT_VARIABLE _maintainer OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endif()
  if(NOT _maintainer)
    set(_maintainer "benchbox maintainers <root@localhost>")
  endif()
  set(BENCHBOX_PACKAGE_MAINTAINER "${_maintainer}" CACHE STRING "Maintainer field of the Debian package (Name <email>)")
endif()

list(JOIN _built_modules ", " _modules)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME benchbox)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "third-party libraries side by side, every number verified")
# The control file's long description, in lines of under 80 characters.
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "benchbox puts third-party libraries side by side on the same work and tells\n"
       "their users which is faster and by how much. Every number is verified (counts\n"
       "and checksums), measured the same way for every library, repeated with stated\n"
       "uncertainty, and isolated: each library runs in a process of its own. Each\n"
       "module measures one family of libraries against a hand-written floor.\n"
       "\n"
       "Modules in this package: ${_modules}.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${BENCHBOX_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Installed as built: an adapter is the program the tests verified, symbols kept for a profiler.
set(CPACK_STRIP_FILES OFF)
include(CPack)
