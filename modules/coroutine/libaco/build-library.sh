# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for libaco (declared in modules/coroutine/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# libaco: no build rule for a library (make.sh builds its test programs). So: aco.c and acosw.S at
# -O2 (make.sh's -O2), default configuration (no ACO_CONFIG_SHARE_FPU_MXCSR_ENV, ACO_USE_VALGRIND,
# ACO_USE_ASAN; no NDEBUG, as upstream); acosw.S has no .note.GNU-stack: -Wa,--noexecstack.
recipe() {
  need_files aco.c aco.h acosw.S aco_assert_override.h
  compile "$CC" $OPT -I"$SRC" -- aco.c
  compile "$CC" $OPT $NOEXECSTACK -- acosw.S
  archive libaco.a
  install_headers "" aco.h
  SYMBOL=aco_create
  NOTES+=("compiler called directly: aco.c and acosw.S at -O2, default configuration (no ACO_CONFIG_SHARE_FPU_MXCSR_ENV, ACO_USE_VALGRIND, ACO_USE_ASAN; asserts on, as upstream)"
          "acosw.S assembled with -Wa,--noexecstack (it has no .note.GNU-stack section)")
}
