# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for cloudwu (declared in modules/coroutine/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# cloudwu/coroutine: no build rule for a library (its Makefile links the demo main.c). So:
# coroutine.c at -O2 into libcoroutine.a; coroutine.h as it is (the adapter adds extern "C").
recipe() {
  need_files coroutine.c coroutine.h
  grep -q coroutine_open "$SRC/coroutine.h" || die "$SRC/coroutine.h does not declare coroutine_open: is $SRC a checkout of $REPO?"
  compile "$CC" $OPT -I"$SRC" -- coroutine.c
  archive libcoroutine.a
  install_headers "" coroutine.h
  SYMBOL=coroutine_open
  NOTES+=("compiler called directly: coroutine.c at -O2 (upstream has no library build; asserts kept, as upstream)")
}
