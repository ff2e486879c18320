# benchbox as Debian users install tools: a manual page and bash completion.

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
  message(STATUS "benchbox: no manual page: help2man not found (apt-get install help2man, or scripts/setup)")
endif()

# Completion asks the benchbox being completed (src/completion.hpp): one file for every build.
install(FILES ${CMAKE_SOURCE_DIR}/packaging/benchbox.bash DESTINATION share/bash-completion/completions RENAME benchbox)
