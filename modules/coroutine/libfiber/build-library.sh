# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for libfiber (declared in modules/coroutine/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# libfiber (iqiyi/libfiber, or acl's lib_fiber): c/Makefile hard-codes -O3 twice (in CFLAGS and in
# its COMPILE rule) and builds in place. So: its sources and definitions as the Makefile sets them
# on Linux with gcc (USE_JMP_DEF, SHARE_STACK, USE_FAST_RING, USE_CLOCK_GETTIME, -std=gnu99, -fPIC),
# at -O2. Its assembly files already carry .note.GNU-stack.
recipe() {
  local c
  if [ -f "$SRC/c/src/fiber.c" ]; then c=c
  elif [ -f "$SRC/lib_fiber/c/src/fiber.c" ]; then c=lib_fiber/c
    say "note: using acl's lib_fiber in $SRC; the adapter was verified with iqiyi/libfiber $VERIFIED"
  else die "$SRC has neither c/src/fiber.c (iqiyi/libfiber) nor lib_fiber/c/src/fiber.c (acl): is it a checkout of $REPO?"
  fi
  need_files "$c/Makefile" "$c/include/fiber/libfiber.h" "$c/src/fiber/boost/make_gas.S" "$c/src/fiber/boost/jump_gas.S"
  local srcs=() d f
  for d in "" common dns fiber event hook sync; do   # the Makefile's $(wildcard ...) list
    for f in "$SRC/$c/src/${d:+$d/}"*.c; do [ -f "$f" ] && srcs+=("${f#"$SRC/"}"); done
  done
  local flags=("$OPT" -std=gnu99 -fPIC -D_REENTRANT -D_POSIX_PTHREAD_SEMANTICS -D_USE_FAST_MACRO
               -DUSE_FAST_RING -DUSE_CLOCK_GETTIME -DSHARE_STACK -DUSE_JMP_DEF
               -I"$SRC/$c/include" -I"$SRC/$c/src" -I"$SRC/$c/src/common")
  compile "$CC" "${flags[@]}" -- "${srcs[@]}"
  compile "$CC" "${flags[@]}" $NOEXECSTACK -- "$c/src/fiber/boost/make_gas.S" "$c/src/fiber/boost/jump_gas.S"
  archive libfiber.a
  install_headers fiber "$SRC/$c/include/fiber/"*.h
  SYMBOL=acl_fiber_create
  NOTES+=("compiler called directly: c/Makefile's sources and Linux definitions (-std=gnu99 -fPIC -D_REENTRANT -D_POSIX_PTHREAD_SEMANTICS -D_USE_FAST_MACRO -DUSE_FAST_RING -DUSE_CLOCK_GETTIME -DSHARE_STACK -DUSE_JMP_DEF) at -O2 instead of its hard-coded -O3"
          "not defined, as upstream: FIBER_STACK_GUARD, HAS_IO_URING (epoll engine)")
}
