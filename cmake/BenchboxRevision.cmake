# Run at every build (cmake -P, from the benchbox_revision target): writes the git revision of the
# source tree into OUTPUT, only when it changed. Done at build time, not at configure time, so that
# a build after new commits records their revision (benchbox compare tells builds apart by it);
# "-dirty" when tracked files differ from that commit.
execute_process(COMMAND git rev-parse --short=12 HEAD WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE revision OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR NOT revision)
  set(revision "unknown")  # not a git checkout (a source archive)
else()
  execute_process(COMMAND git diff --quiet HEAD -- WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE changed
                  OUTPUT_QUIET ERROR_QUIET)
  if(changed EQUAL 1)
    string(APPEND revision "-dirty")
  endif()
endif()
set(text "// Generated at build time by cmake/BenchboxRevision.cmake.\n#pragma once\n\nnamespace benchbox::build_info {\ninline constexpr const char* revision = \"${revision}\";\n}  // namespace benchbox::build_info\n")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
