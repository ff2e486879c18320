# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for libtask (declared in modules/coroutine/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# libtask: its Makefile sets CFLAGS=-Wall -Wextra -c -I. -ggdb (no optimisation) and builds in the
# source tree; `make CFLAGS=-O2` loses -c and -I. and fails. So: the Makefile's OFILES with -I. and
# -O2; asm.S has no .note.GNU-stack (executable-stack warning): -Wa,--noexecstack.
recipe() {
  need_files task.h taskimpl.h Makefile
  compile "$CC" $OPT -I"$SRC" -- channel.c context.c fd.c net.c print.c qlock.c rendez.c task.c ip.c
  compile "$CC" $NOEXECSTACK -- asm.S
  archive libtask.a
  install_headers "" task.h
  SYMBOL=taskcreate
  NOTES+=("compiler called directly: the Makefile's objects (OFILES) with its -I. and -O2 instead of -ggdb (make CFLAGS=-O2 would drop its -c -I.)"
          "asm.S assembled with -Wa,--noexecstack (it has no .note.GNU-stack section)")
}
