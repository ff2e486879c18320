# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for yyjson (declared in modules/json/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# yyjson: the verified build was its CMake build, Release, with CMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG"
# (benchbox's flags), static. With gcc and the default options that compiles src/yyjson.c alone with
# those flags (no YYJSON_DISABLE_* definition, no extra flag) and installs src/yyjson.h. So: the
# compiler on src/yyjson.c, -O2 -DNDEBUG, into libyyjson.a (no CMake, no .so, no yyjson.pc).
recipe() {
  need_files src/yyjson.c src/yyjson.h CMakeLists.txt
  compile "$CC" $OPT -DNDEBUG -I"$SRC/src" -- src/yyjson.c
  archive libyyjson.a
  install_headers "" src/yyjson.h
  SYMBOL=yyjson_read_opts
  NOTES+=("compiler called directly: src/yyjson.c at -O2 -DNDEBUG, what its CMake Release build compiles with CMAKE_C_FLAGS_RELEASE=\"-O2 -DNDEBUG\" and the default options (no YYJSON_DISABLE_*)")
}
