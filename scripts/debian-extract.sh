#!/usr/bin/env bash
# Usage: scripts/debian-extract.sh PREFIX PACKAGE...
# Debian's own .deb of each PACKAGE (the candidate version apt would install), downloaded with
# `apt-get download` and unpacked with `dpkg-deb -x` into PREFIX: PREFIX/usr/include/..., as dpkg
# would place them under /. Nothing is installed, no dependency is followed, no root is needed.
#
# Why: a header-only package that cannot be installed beside the others. Debian 12's
# libmsgpack-cxx-dev depends on libboost-dev (1.74), which conflicts with the libboost1.81-dev
# other modules install; its headers need no Boost with MSGPACK_NO_BOOST. The serialization
# module declares this as its set-up step "msgpack-cxx" (modules/serialization/module.json).
#
# Idempotent: PREFIX/.benchbox-debian-extract holds "PACKAGE=VERSION" of what was unpacked; when it
# names the candidate versions nothing is done (one line says so). Another version: PREFIX is
# emptied and unpacked again. A PREFIX that exists, is not empty and has no such stamp is refused
# (never emptied). Downloads are checked by apt against the archive's signed indexes.
# Temporary files: under $TMPDIR (scripts/setup.sh sets it to build/tmp), else build/tmp of the tree;
# removed at the end. BENCHBOX_APT_ROOT=DIR: apt's throw-away configuration (scripts/apt-root.sh).
# Exit status: 0 done or nothing to do, 1 a package cannot be downloaded or unpacked (one line), 2 usage.
set -euo pipefail

PROG=debian-extract
die() { echo "$PROG: error: $*" >&2; exit 1; }
usage() { sed -n '2,19s/^# \{0,1\}//p' "$0"; }

case "${1:-}" in
    -h|--help) usage; exit 0 ;;
esac
for arg in "$@"; do
    [[ "$arg" != -* ]] || { echo "$PROG: unknown option '$arg'; see $0 --help" >&2; exit 2; }
done
[[ $# -ge 2 ]] || { usage >&2; exit 2; }
PREFIX=$1
shift
PACKAGES=("$@")

SCRIPTS_DIR="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=scripts/apt-root.sh
source "$SCRIPTS_DIR/apt-root.sh"
export DEBIAN_FRONTEND=noninteractive

# What apt would install now: PACKAGE=VERSION, one a line, in the order given.
wanted=""
for package in "${PACKAGES[@]}"; do
    [[ "$package" =~ ^[a-z0-9][a-z0-9.+-]+$ ]] || die "'$package' is not a Debian package name"
    version=$(apt-cache "${APT_OPTS[@]}" policy "$package" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
    [[ -n "$version" && "$version" != "(none)" ]] \
        || die "cannot download Debian package '$package': apt knows no version of it (apt-get update? a typo?)"
    wanted+="$package=$version"$'\n'
done

STAMP="$PREFIX/.benchbox-debian-extract"
if [[ -f "$STAMP" && "$(cat "$STAMP")"$'\n' == "$wanted" ]]; then
    echo "$PROG: $(paste -sd' ' <<<"${wanted%$'\n'}") already in $PREFIX; nothing to do"
    exit 0
fi
if [[ -e "$PREFIX" && ! -f "$STAMP" ]] && [[ -n "$(ls -A "$PREFIX" 2>/dev/null)" || ! -d "$PREFIX" ]]; then
    die "$PREFIX exists and was not made by $PROG (no $STAMP): not touching it"
fi

# Downloaded and unpacked in a scratch folder, then moved into place: a failure leaves PREFIX as it was.
tmp_root=${TMPDIR:-"$SCRIPTS_DIR/../build/tmp"}
mkdir -p "$tmp_root"
work=$(mktemp -d "$tmp_root/debian-extract.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/debs" "$work/root"
while IFS='=' read -r package version; do
    [[ -n "$package" ]] || continue
    # apt's "download is performed unsandboxed as root" warning and its progress go to the log.
    if ! (cd "$work/debs" && apt-get "${APT_OPTS[@]}" download -q "$package=$version") >"$work/apt.log" 2>&1; then
        die "cannot download Debian package '$package' $version: $(grep -m1 '^E:' "$work/apt.log" || tail -n1 "$work/apt.log")"
    fi
    deb=$(find "$work/debs" -name "${package}_*.deb" -print -quit)
    [[ -n "$deb" ]] || die "apt-get download $package=$version gave no .deb"
    dpkg-deb -x "$deb" "$work/root" || die "dpkg-deb -x $(basename "$deb") failed"
done <<<"$wanted"
printf '%s' "$wanted" | sed '/^$/d' >"$work/root/.benchbox-debian-extract"

mkdir -p "$(dirname "$PREFIX")"
rm -rf "$PREFIX"  # empty, absent or made by this script (checked above)
mv "$work/root" "$PREFIX"
echo "$PROG: $(paste -sd' ' <<<"${wanted%$'\n'}") unpacked into $PREFIX (include: $PREFIX/usr/include)"
