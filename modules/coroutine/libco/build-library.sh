# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for libco (declared in modules/coroutine/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# libco: its own Makefile, release variant (v=release: without it the flags are -g -fno-inline),
# target libcolib.a, run in a copy of the sources (it builds in place). coctx_swap.S has no
# .note.GNU-stack: make's ASFLAGS gets -Wa,--noexecstack.
RECIPE_TOOLS=(g++:g++ make:make)  # besides gcc and binutils
RECIPE_CXX=1                      # its record names the C++ compiler too
recipe() {
  need_files Makefile co.mk co_routine.h coctx_swap.S
  local copy=$WORK/libco
  mkdir -p "$copy"
  cp "$SRC"/Makefile "$SRC"/co.mk "$SRC"/*.cpp "$SRC"/*.h "$SRC"/*.S "$copy"/
  record "copy <source>/{Makefile,co.mk,*.cpp,*.h,*.S} -> <build>/libco (the Makefile builds in place)"
  run make -C "$copy" -j"$JOBS" v=release CC="$CC" CXX="$CXX" ASFLAGS="$NOEXECSTACK" libcolib.a
  cp "$copy/lib/libcolib.a" "$STAGE/lib/"
  install_headers "" co_routine.h co_routine_inner.h co_routine_specific.h co_closure.h coctx.h co_epoll.h co_comm.h
  SYMBOL=co_create
  NOTES+=("upstream Makefile in a copy of the sources: make v=release libcolib.a (its release flags: -O2 -fPIC -fno-strict-aliasing -D_GNU_SOURCE -D_REENTRANT -DLINUX ...; without v=release -fno-inline)"
          "coctx_swap.S assembled with ASFLAGS=-Wa,--noexecstack (it has no .note.GNU-stack section)")
}
