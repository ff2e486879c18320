#!/usr/bin/env bash
# Build tbox 1.7.3 (Debian's own source package) as a static libtbox.a WITH the
# coroutine module (stackful tb_coroutine_* / tb_co_* and stackless tb_lo_*).
#
# Why: Debian 12's libtbox-dev is configured without --coroutine=y
# (TB_CONFIG_MODULE_HAVE_COROUTINE is #undef in its tbox.config.h and its
# libtbox.a has no tb_co_*/tb_lo_* symbols), and xmake is not in Debian 12.
# tbox 1.7.x ships a `configure` shell script (generated xmake.sh) that produces
# a plain makefile, so gcc + make are all we need.
#
# Usage: scripts/build-tbox.sh --prefix DIR --work DIR [--cflags "-O2"]
#   --prefix DIR   install DIR/include/tbox/... and DIR/lib/libtbox.a
#   --work DIR     scratch dir: Debian source package, build tree, build log
#   --cflags STR   optimisation/codegen flags for tbox's C files (default -O2);
#                  they replace tbox's release default (-Os)
#
# Idempotent: if DIR/lib/libtbox.a exists and DIR/.benchbox-tbox-stamp matches
# the version + flags (+ recipe revision below) nothing is done.
# Needs root (or sudo) only to enable deb-src, apt-get update and install tools
# (scripts/enable-deb-src.sh; BENCHBOX_APT_ROOT=DIR makes every apt call use a throw-away
# configuration under DIR instead of the system's, see scripts/apt-root.sh).
# Temporary files go to WORK/tmp, never to /tmp.
set -euo pipefail

TBOX_UPSTREAM_VERSION=1.7.3
# Bump when the recipe changes (configure options, patches) so old builds are redone.
RECIPE_REV=1

die() { echo "build-tbox: error: $*" >&2; exit 1; }
log() { echo "build-tbox: $*" >&2; }

usage() { sed -n '11,22p' "$0" | sed 's/^# \{0,1\}//'; }

# ---------------------------------------------------------------- arguments
PREFIX="" WORK="" OPT_CFLAGS="-O2"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) [[ $# -ge 2 ]] || die "--prefix needs a value"; PREFIX="$2"; shift 2 ;;
        --work)   [[ $# -ge 2 ]] || die "--work needs a value";   WORK="$2";   shift 2 ;;
        --cflags) [[ $# -ge 2 ]] || die "--cflags needs a value"; OPT_CFLAGS="$2"; shift 2 ;;
        --prefix=*) PREFIX="${1#*=}"; shift ;;
        --work=*)   WORK="${1#*=}";   shift ;;
        --cflags=*) OPT_CFLAGS="${1#*=}"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done
[[ -n "$PREFIX" && -n "$WORK" ]] || { usage >&2; die "--prefix and --work are required"; }
mkdir -p "$PREFIX" "$WORK"
PREFIX="$(cd "$PREFIX" && pwd)"
WORK="$(cd "$WORK" && pwd)"

STAMP="$PREFIX/.benchbox-tbox-stamp"
STAMP_CONTENT="tbox=${TBOX_UPSTREAM_VERSION} cflags=${OPT_CFLAGS} recipe=${RECIPE_REV}"

# ---------------------------------------------------------------- fast path
if [[ -f "$PREFIX/lib/libtbox.a" && -f "$STAMP" && "$(cat "$STAMP")" == "$STAMP_CONTENT" ]]; then
    echo "tbox ${TBOX_UPSTREAM_VERSION} already built in $PREFIX (cflags: ${OPT_CFLAGS}); nothing to do"
    exit 0
fi

# ---------------------------------------------------------------- temporary files
# Whatever the tools below (configure's mktemp, gcc, dpkg-source, bash's here-documents) put in a
# temporary folder stays in the work folder, never in the system's /tmp: tbox's configure alone
# leaves ~150 tmp.XXXXXXXXXX files behind, emptied here on each build. (sudo drops TMPDIR; apt
# then uses /tmp and cleans up after itself.)
rm -rf "$WORK/tmp"
mkdir -p "$WORK/tmp"
export TMPDIR="$WORK/tmp"

# ---------------------------------------------------------------- privileges
# apt needs root; fall back to sudo, else fail clearly.
as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else die "need root (or sudo) to run: $*"; fi
}
export DEBIAN_FRONTEND=noninteractive

# ---------------------------------------------------------------- deb-src, tools, source
# BENCHBOX_APT_ROOT=DIR: every apt call below works on a throw-away apt configuration under DIR
# (scripts/apt-root.sh); tools are then never installed.
SCRIPTS_DIR="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=scripts/apt-root.sh
source "$SCRIPTS_DIR/apt-root.sh"

SRCDIR="$WORK/tbox-${TBOX_UPSTREAM_VERSION}"
if [[ ! -f "$SRCDIR/debian/changelog" ]]; then
    # deb-src on (where missing), apt-get update, Sources index and `apt-cache showsrc tbox` checked.
    "$SCRIPTS_DIR/enable-deb-src.sh" tbox || die "cannot make apt find the source package tbox (above)"

    # tools: dpkg-source/dpkg-parsechangelog (dpkg-dev, which brings patch and xz-utils for the
    # .debian.tar.xz), the compiler, make, nm (binutils)
    missing=()
    command -v dpkg-source >/dev/null 2>&1 || missing+=(dpkg-dev)
    command -v gcc         >/dev/null 2>&1 || missing+=(gcc)
    command -v make        >/dev/null 2>&1 || missing+=(make)
    command -v xz          >/dev/null 2>&1 || missing+=(xz-utils)
    command -v patch       >/dev/null 2>&1 || missing+=(patch)
    command -v nm          >/dev/null 2>&1 || missing+=(binutils)
    if [[ ${#missing[@]} -gt 0 ]]; then
        [[ -z "$APT_ROOT" ]] || die "missing ${missing[*]}; not installed under BENCHBOX_APT_ROOT: install them first"
        log "installing ${missing[*]}"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi

    # ---------------------------------------------------------- fetch + unpack
    log "apt-get source tbox into $WORK"
    ( cd "$WORK" && apt-get "${APT_OPTS[@]}" source -qq tbox ) >"$WORK/apt-source.log" 2>&1 \
        || { cat "$WORK/apt-source.log" >&2; die "apt-get source tbox failed"; }
    [[ -f "$SRCDIR/debian/changelog" ]] \
        || die "expected $SRCDIR after apt-get source (Debian may ship another tbox version now)"
else
    log "reusing unpacked source $SRCDIR"
fi
for t in gcc make dpkg-parsechangelog nm; do
    command -v "$t" >/dev/null 2>&1 || die "$t missing (install gcc make dpkg-dev binutils)"
done

DEB_VERSION="$(cd "$SRCDIR" && dpkg-parsechangelog -S Version)"
[[ "$DEB_VERSION" == "${TBOX_UPSTREAM_VERSION}-"* ]] \
    || die "Debian source is tbox $DEB_VERSION, this recipe is for ${TBOX_UPSTREAM_VERSION}"

# ---------------------------------------------------------------- patch build recipe
# configure interprets src/xmake.sh at run time; patch it (idempotently):
#  * release mode hard-codes set_optimizes "smallest" (-Os); drop it so the
#    caller's --cflags alone decide (configure appends $CFLAGS to every C compile).
#  * context.S has no .note.GNU-stack, which makes every program linking
#    libtbox.a get an EXECUTABLE stack (ld warns); assemble with --noexecstack.
XMAKE_SH="$SRCDIR/src/xmake.sh"
sed -i -E 's/^([[:space:]]*)set_optimizes "smallest"$/\1: # benchbox: no -Os, optimisation comes from CFLAGS/' "$XMAKE_SH"
grep -q 'add_asflags "-Wa,--noexecstack"' "$XMAKE_SH" \
    || sed -i -E 's/^set_languages "c99"$/&\n\n# benchbox: mark the context-switch assembly as not needing an executable stack\nadd_asflags "-Wa,--noexecstack"/' "$XMAKE_SH"
! grep -q 'set_optimizes "smallest"' "$XMAKE_SH" || die "could not remove -Os from $XMAKE_SH"
grep -q 'add_asflags "-Wa,--noexecstack"' "$XMAKE_SH" || die "could not add --noexecstack to $XMAKE_SH"

# ---------------------------------------------------------------- configure
# Modules: only coroutine (includes the stackless tb_lo_* API). small=n: the
# default small mode shrinks buffers/pools (Debian's package is built that way).
# tbox's configure has no optional package deps (openssl/mbedtls/pcre/sqlite/
# mysql/zlib are xmake-only), so nothing else to disable; xml/zip/regex/object/
# charset/database/hash stay at their default "no". Demos off.
BUILDDIR="$WORK/build"
rm -rf "$BUILDDIR"
CONFIGURE_ARGS=(--prefix="$PREFIX" --buildir="$BUILDDIR" --mode=release --small=n --demo=n
                --coroutine=y --float=y --exception=n)
# configure appends CPPFLAGS/CFLAGS/CXXFLAGS/LDFLAGS from the environment: pin them.
export CFLAGS="$OPT_CFLAGS"
unset CPPFLAGS CXXFLAGS LDFLAGS ASFLAGS || true
log "configure ${CONFIGURE_ARGS[*]} (CFLAGS='$CFLAGS'); takes ~1 min of feature checks"
# configure's feature checks make temporary files with mktemp and leave them: TMPDIR (set above)
# keeps them in $WORK/tmp.
( cd "$SRCDIR" && ./configure "${CONFIGURE_ARGS[@]}" ) >"$WORK/configure.log" 2>&1 \
    || { tail -30 "$WORK/configure.log" >&2; die "configure failed (see $WORK/configure.log)"; }

CONFIG_H="$BUILDDIR/linux/$(uname -m)/release/tbox.config.h"
[[ -f "$CONFIG_H" ]] || CONFIG_H="$(find "$BUILDDIR" -name tbox.config.h | head -n1)"
grep -q '^#define TB_CONFIG_MODULE_HAVE_COROUTINE 1' "$CONFIG_H" \
    || die "coroutine module not enabled in $CONFIG_H"

# ---------------------------------------------------------------- build
log "make -j$(nproc) (log: $WORK/build.log)"
( cd "$SRCDIR" && make -j"$(nproc)" VERBOSE=1 ) >"$WORK/build.log" 2>&1 \
    || { tail -30 "$WORK/build.log" >&2; die "build failed (see $WORK/build.log)"; }

# Check the flags that really reached the compiler.
COMPILE_LINES="$(grep -E '^(gcc|cc|clang)[^ ]* -c .*\.c$' "$WORK/build.log" || true)"
[[ -n "$COMPILE_LINES" ]] || die "no C compile lines in build log"
if grep -qE '(^| )-Os( |$)' <<<"$COMPILE_LINES"; then die "-Os still used (see $WORK/build.log)"; fi
for f in $OPT_CFLAGS; do
    grep -qF -- " $f" <<<"$COMPILE_LINES" || die "flag $f missing from compile lines"
done
SAMPLE_COMPILE="$(grep -m1 'coroutine/impl/coroutine\.c$' <<<"$COMPILE_LINES" || head -n1 <<<"$COMPILE_LINES")"
CC_USED="${SAMPLE_COMPILE%% *}"

# ---------------------------------------------------------------- install
# Start from a clean include/tbox so headers of an older build can't linger.
rm -rf "$PREFIX/include/tbox" "$PREFIX/lib/libtbox.a" "$STAMP"
( cd "$SRCDIR" && make install PREFIX="$PREFIX" ) >"$WORK/install.log" 2>&1 \
    || { tail -30 "$WORK/install.log" >&2; die "make install failed"; }
[[ -f "$PREFIX/lib/libtbox.a" && -f "$PREFIX/include/tbox/tbox.h" && -f "$PREFIX/include/tbox/tbox.config.h" ]] \
    || die "install incomplete"

# The coroutine/stackless entry points must be in the archive.
SYMS="$(nm -g --defined-only "$PREFIX/lib/libtbox.a" 2>/dev/null | awk '$2=="T"{print $3}')"
for s in tb_coroutine_start tb_coroutine_yield tb_co_scheduler_init tb_co_scheduler_loop \
         tb_co_channel_init tb_co_channel_send tb_co_channel_recv tb_co_channel_exit \
         tb_lo_scheduler_init tb_lo_scheduler_loop tb_lo_coroutine_start; do
    grep -qx "$s" <<<"$SYMS" || die "symbol $s missing from libtbox.a"
done

# ---------------------------------------------------------------- record
MODULES="$(sed -nE 's/^#define TB_CONFIG_MODULE_HAVE_([A-Z]+) 1$/\1/p' "$PREFIX/include/tbox/tbox.config.h" | tr 'A-Z\n' 'a-z ')"
cat >"$PREFIX/tbox-build.txt" <<EOF
tbox built by benchbox scripts/build-tbox.sh (recipe rev ${RECIPE_REV})
debian source package: tbox ${DEB_VERSION} (apt-get source tbox)
compiler:              $("$CC_USED" --version | head -n1)
patches:               src/xmake.sh: removed set_optimizes "smallest" (-Os); added add_asflags "-Wa,--noexecstack"
configure:             CFLAGS='${OPT_CFLAGS}' ./configure ${CONFIGURE_ARGS[*]}
CFLAGS (caller):       ${OPT_CFLAGS}
compile line (sample): ${SAMPLE_COMPILE}
modules enabled:       ${MODULES}

consumer usage:
  include flags:       -isystem ${PREFIX}/include     (or -I; headers are <tbox/tbox.h>; -isystem silences
                                                     -Wextra warnings from tbox's inline headers)
  compile definitions: none. All configuration is in ${PREFIX}/include/tbox/tbox.config.h.
                       Do NOT define __tb_debug__ or __tb_small__: tb_init() checks that the
                       header mode matches the library and fails otherwise.
  link:                ${PREFIX}/lib/libtbox.a -lpthread -ldl -lm   (i.e. -L${PREFIX}/lib -ltbox -lpthread -ldl -lm)
EOF
echo "$STAMP_CONTENT" >"$STAMP"

echo "tbox ${DEB_VERSION} (coroutine on, cflags '${OPT_CFLAGS}') -> ${PREFIX}/lib/libtbox.a; use -isystem ${PREFIX}/include, link -ltbox -lpthread -ldl -lm"
