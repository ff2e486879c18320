# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for libgo (declared in modules/coroutine/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# libgo: its CMake build writes into the source tree (libgo/common/cmake_config.h, copies of the
# assembly into libgo/context), bootstraps Boost's b2 inside third_party/ only to pick the assembly
# file, forces -O3 for Release and passes -D__const__= (as does libgo/coroutine.h's first line),
# which breaks glibc's and libstdc++'s headers with g++ 12 (yyzybb537/libgo#312). So: a copy of
# libgo/ with cmake_config.h as CMake writes it for the defaults (ENABLE_DEBUGGER 0, ENABLE_HOOK 1)
# and coroutine.h's `#define __const__` disabled; the sources CMake collects for Linux with hooks; the
# x86-64 System V ELF fcontext assembly b2 picks, renamed libgo_* as select_asm.sh does;
# -std=c++11 -fPIC -fno-strict-aliasing -O2 -DNDEBUG (Release semantics at -O2).
RECIPE_TOOLS=(g++:g++)  # besides gcc and binutils
RECIPE_CXX=1            # its record names the C++ compiler too
recipe() {
  need_files libgo/coroutine.h libgo/common/config.h libgo/common/cmake_config.h.in CMakeLists.txt \
    third_party/boost.context/libs/context/src/asm/jump_x86_64_sysv_elf_gas.S \
    third_party/boost.context/libs/context/src/asm/make_x86_64_sysv_elf_gas.S
  local copy=$WORK/src
  mkdir -p "$copy"
  cp -R "$SRC/libgo" "$copy/"
  rm -f "$copy"/libgo/context/*.S   # left by an earlier in-tree CMake run, if any
  record "copy <source>/libgo -> <build>/src/libgo"
  # shellcheck disable=SC2016 # ${...} are CMake's placeholders, not shell expansions
  sed -e 's/\${ENABLE_DEBUGGER}/0/' -e 's/\${ENABLE_HOOK}/1/' \
    "$SRC/libgo/common/cmake_config.h.in" >"$copy/libgo/common/cmake_config.h"
  record "<build>/src/libgo/common/cmake_config.h from cmake_config.h.in: ENABLE_DEBUGGER 0, ENABLE_HOOK 1"
  grep -qx '#define __const__' "$copy/libgo/coroutine.h" ||
    die "libgo/coroutine.h has no line '#define __const__' (the recipe was written for commit $VERIFIED)"
  sed -i 's|^#define __const__$|/* #define __const__   disabled by benchbox scripts/build-library: it breaks glibc >= 2.34 and libstdc++ headers (yyzybb537/libgo#312) */|' \
    "$copy/libgo/coroutine.h"
  record "<build>/src/libgo/coroutine.h: line '#define __const__' commented out"
  local a
  for a in jump make; do
    sed "s/${a}_fcontext/libgo_${a}_fcontext/g" \
      "$SRC/third_party/boost.context/libs/context/src/asm/${a}_x86_64_sysv_elf_gas.S" >"$copy/${a}_x86_64_sysv_elf_gas.S"
    record "<build>/src/${a}_x86_64_sysv_elf_gas.S from third_party/boost.context/libs/context/src/asm/, ${a}_fcontext renamed libgo_${a}_fcontext"
  done
  local srcs=() d f
  for d in common context task scheduler routine_sync_libgo timer cls defer pool debug netio/unix; do
    for f in "$copy/libgo/$d/"*.cpp "$copy/libgo/$d/"*.c; do [ -f "$f" ] && srcs+=("$f"); done
  done
  compile "$CXX" -std=c++11 -fPIC -fno-strict-aliasing $OPT -DNDEBUG -I"$copy" -- "${srcs[@]}"
  compile "$CC" $NOEXECSTACK -- "$copy/jump_x86_64_sysv_elf_gas.S" "$copy/make_x86_64_sysv_elf_gas.S"
  archive liblibgo.a
  (cd "$copy/libgo" && find . -name '*.h' -print0 | while IFS= read -r -d '' h; do
     mkdir -p "$STAGE/include/libgo/$(dirname "$h")"; cp "$h" "$STAGE/include/libgo/$h"; done)
  record "copy <build>/src/libgo/**/*.h -> <prefix>/include/libgo/ (as CMake's install(DIRECTORY ... *.h))"
  SYMBOL=libgo_jump_fcontext
  NOTES+=("compiler called directly: the sources CMake collects on Linux with hooks on, -std=c++11 -fPIC -fno-strict-aliasing -O2 -DNDEBUG (its Release forces -O3)"
          "no -D__const__=, and the installed libgo/coroutine.h has its '#define __const__' line commented out (g++ 12 / glibc 2.36 headers break with it; yyzybb537/libgo#312)"
          "cmake_config.h for the defaults: ENABLE_DEBUGGER 0, ENABLE_HOOK 1"
          "fcontext assembly: third_party/boost.context's jump/make_x86_64_sysv_elf_gas.S with the libgo_ prefix, as select_asm.sh makes them (without bootstrapping b2)")
}
