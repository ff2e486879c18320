# shellcheck shell=bash disable=SC2034,SC2086  # SYMBOL, NOTES, RECIPE_* are build-library's; OPT, NOEXECSTACK one word each
# scripts/build-library's recipe for libdill (declared in modules/coroutine/module.json), sourced by it.
# It defines recipe(), which stages the library in $STAGE with build-library's helpers and
# variables (docs/declarations.md, "Outside libraries").
#
# libdill: as libmill (autotools, no configure shipped). Its CMake build never defines HAVE_EPOLL
# (pollset.c falls back to poll) and always compiles tls.c (needs libssl-dev), unlike configure's
# defaults. So: Makefile.am's sources for the defaults (threads on, sockets on, TLS off: no tls.c),
# its CFLAGS, and configure's Linux definitions (HAVE_EPOLL, guard pages, DILL_THREADS/DILL_PTHREAD,
# DILL_SOCKETS).
recipe() {
  need_files libdill.h libdillimpl.h Makefile.am configure.ac
  compile "$CC" $OPT -pthread -fvisibility=hidden -DDILL_EXPORTS -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=0 \
      -DDILL_THREADS=1 -DDILL_PTHREAD=1 -DDILL_SOCKETS=1 -DHAVE_POSIX_MEMALIGN=1 -DHAVE_MPROTECT=1 \
      -DHAVE_EPOLL=1 -I"$SRC" -- \
    chan.c cr.c handle.c libdill.c now.c pollset.c rbtree.c stack.c ctx.c utils.c \
    bsock.c fd.c happyeyeballs.c http.c iol.c ipc.c ipaddr.c msock.c prefix.c socks5.c suffix.c \
    tcp.c term.c udp.c ws.c dns/dns.c
  archive libdill.a
  install_headers "" libdill.h libdillimpl.h
  SYMBOL=dill_chmake
  NOTES+=("compiler called directly with what autotools would do (no configure in the repository; its CMake build falls back to poll and needs OpenSSL)"
          "configure's defaults: threads (DILL_THREADS, -pthread), sockets on, TLS off (tls.c not built: no OpenSSL needed)"
          "configure's Linux results that the sources read: HAVE_EPOLL (epoll pollset), HAVE_POSIX_MEMALIGN, HAVE_MPROTECT (guard pages)"
          "Makefile.am's flags kept: -fvisibility=hidden -DDILL_EXPORTS -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=0")
}
