# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT one word
# scripts/build-library's recipe for zlib-ng (declared in modules/compression/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# zlib-ng: its CMake build, told benchbox's flags, in the build folder (the checkout is only read):
# the native API (ZLIB_COMPAT off: zng_* functions, zlib-ng.h), a static archive, runtime CPU
# detection on (its default: the SIMD paths this CPU has), no native -march, no tests. Only the
# archive and the three public headers are staged (its install rule adds pkg-config and CMake files).
recipe() {
  need_files CMakeLists.txt zlib-ng.h.in deflate.c inflate.c
  need_tools cmake:cmake
  local build=$WORK/cmake
  run cmake -S "$SRC" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$CC" \
      "-DCMAKE_C_FLAGS_RELEASE=$OPT -DNDEBUG" -DZLIB_COMPAT=OFF -DBUILD_SHARED_LIBS=OFF \
      -DZLIB_ENABLE_TESTS=OFF -DWITH_GTEST=OFF -DWITH_NATIVE_INSTRUCTIONS=OFF -DWITH_GZFILEOP=OFF
  run cmake --build "$build" -j "$JOBS"
  run cp "$build/libz-ng.a" "$STAGE/lib/"
  install_headers "" "$build/zlib-ng.h" "$build/zconf-ng.h" "$build/zlib_name_mangling-ng.h"
  SYMBOL=zng_compress2
  NOTES+=("zlib-ng's CMake build with $OPT -DNDEBUG: native API (ZLIB_COMPAT=OFF), static, no tests, no gzFile functions"
          "runtime CPU detection on, WITH_NATIVE_INSTRUCTIONS off: the build a distribution would make"
          "staged: libz-ng.a, zlib-ng.h, zconf-ng.h, zlib_name_mangling-ng.h (not its pkg-config and CMake files)")
}
