# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for libmill (declared in modules/coroutine/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# ------------------------------------------------------------------ recipes
# libmill: the verified build was autotools, static, -O2. The repository ships no `configure`
# (autogen.sh needs autoconf, automake and libtool) and its CMake build installs libmill.so next to
# libmill.a (find_library would take the .so) without the flags of Makefile.am. So: the sources of
# Makefile.am's libmill_la_SOURCES, the CFLAGS Makefile.am adds, and the definitions configure makes
# on Linux that the sources read (HAVE_POSIX_MEMALIGN, HAVE_MPROTECT: guard pages; no SSL, no
# valgrind: configure's defaults; epoll chosen by poller.c on Linux).
recipe() {
  need_files libmill.h Makefile.am configure.ac
  compile "$CC" $OPT -fvisibility=hidden -DMILL_EXPORTS -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=0 \
      -DHAVE_POSIX_MEMALIGN=1 -DHAVE_MPROTECT=1 -DMILL_NO_KQUEUE=1 -I"$SRC" -- \
    chan.c cr.c debug.c ip.c list.c mfork.c poller.c slist.c stack.c tcp.c timer.c udp.c unix.c \
    dns/dns.c file.c ssl.c
  archive libmill.a
  install_headers "" libmill.h
  SYMBOL=mill_goprepare_
  NOTES+=("compiler called directly with what autotools would do (no configure in the repository; its CMake build installs a .so and lacks Makefile.am's flags)"
          "Makefile.am's flags kept: -fvisibility=hidden -DMILL_EXPORTS -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=0"
          "configure's Linux results that the sources read: HAVE_POSIX_MEMALIGN, HAVE_MPROTECT (stack guard page); defaults: no SSL, no valgrind; epoll")
}
