#!/usr/bin/env bash
# scripts/build-tbox.sh leaves /tmp as it found it (issue 10: tbox's configure left 145
# tmp.XXXXXXXXXX files there). Runs the whole build with TMPDIR unset, so that every tool would
# default to /tmp, and compares `ls -A /tmp` before and after, ignoring nothing. The apt part is
# short-circuited: the already unpacked Debian source of tbox is copied into the work folder
# (build-tbox.sh reuses it), so no network or apt is needed.
#
# Which /tmp: where mount namespaces are allowed (root, or unprivileged user namespaces), the build
# runs with a private /tmp (an empty folder of WORK_DIR bound over /tmp), so that only what the
# build itself writes there counts, whatever else runs on the machine; whatever it left stays in
# WORK_DIR/private-tmp to look at. Otherwise the system's /tmp is compared, and anything else
# writing there during the ~2 minutes of the build (another build, another user) fails the test
# too: it is RUN_SERIAL, so at least no other test runs meanwhile.
#
# Usage: tmp_untouched.sh SOURCE_DIR WORK_DIR [TBOX_ROOT]
# The unpacked source is taken from the first of: $BENCHBOX_TBOX_SOURCE,
# SOURCE_DIR/build/third_party/tbox-src/tbox-1.7.3 (what scripts/setup.sh unpacks), TBOX_ROOT's
# sibling tbox-src/tbox-1.7.3 (scripts/setup.sh's layout); exit 77 (skipped) when there is none.
set -euo pipefail
source_dir=$1 work=$2 tbox_root=${3:-}
version=1.7.3
candidates=("${BENCHBOX_TBOX_SOURCE:-}" "$source_dir/build/third_party/tbox-src/tbox-$version")
[[ -n $tbox_root ]] && candidates+=("$(dirname "$tbox_root")/tbox-src/tbox-$version")
tbox_source=""
for c in "${candidates[@]}"; do
    if [[ -n $c && -f $c/debian/changelog && -x $c/configure ]]; then tbox_source=$c; break; fi
done
if [[ -z $tbox_source ]]; then
    echo "SKIP: no unpacked tbox $version source (debian/changelog, configure) in: ${candidates[*]}"
    echo "      (scripts/setup.sh unpacks it; or set BENCHBOX_TBOX_SOURCE)"
    exit 77
fi

rm -rf "$work" && mkdir -p "$work/work"
cp -a "$tbox_source" "$work/work/tbox-$version"
echo "source: $tbox_source (copied)"

build=(env -u TMPDIR "$source_dir/scripts/build-tbox.sh" --prefix "$work/prefix" --work "$work/work" --cflags "-O2")
private_tmp="$work/private-tmp"
mkdir -p "$private_tmp/probe"
chmod 1777 "$private_tmp"  # like /tmp: apt's _apt user, for one, writes there
# A mount namespace in which an empty folder can be bound over /tmp, if this machine allows one.
# shellcheck disable=SC2016  # the single-quoted scripts below expand in their own shell
bind_probe=(sh -c 'mount --bind "$1" /tmp && test -z "$(ls -A /tmp)"' _ "$private_tmp/probe")
namespace=()
under_tmp() { [[ $(realpath -m "$1")/ == /tmp/* ]]; }
if under_tmp "$work" || under_tmp "$source_dir"; then
    # A folder bound over /tmp would hide the checkout or the build (a clone in /tmp/...).
    echo "/tmp: the checkout or the build lies under /tmp, which a private /tmp would hide"
elif unshare --mount --propagation private "${bind_probe[@]}" >/dev/null 2>&1; then
    namespace=(unshare --mount --propagation private)
elif unshare --user --map-root-user --mount --propagation private "${bind_probe[@]}" >/dev/null 2>&1; then
    namespace=(unshare --user --map-root-user --mount --propagation private)
fi
rmdir "$private_tmp/probe"

set +e
if [[ ${#namespace[@]} -gt 0 ]]; then
    echo "/tmp: a private one ($private_tmp bound over /tmp by: ${namespace[*]})"
    # shellcheck disable=SC2016
    "${namespace[@]}" bash -c 'mount --bind "$1" /tmp || exit 99; ls -A /tmp >"$2"; "${@:5}" >"$3" 2>&1; rc=$?; ls -A /tmp >"$4"; exit $rc' \
        _ "$private_tmp" "$work/tmp-before.txt" "$work/build-tbox.log" "$work/tmp-after.txt" "${build[@]}"
    rc=$?
else
    echo "/tmp: the system's (no mount namespace here): anything else writing there meanwhile counts too"
    ls -A /tmp >"$work/tmp-before.txt"
    "${build[@]}" >"$work/build-tbox.log" 2>&1
    rc=$?
    ls -A /tmp >"$work/tmp-after.txt"
fi
set -e

cat "$work/build-tbox.log"
status=0
if [[ $rc -ne 0 ]]; then echo "FAIL: build-tbox.sh exited with status $rc (above)"; status=1; fi
[[ -f $work/prefix/lib/libtbox.a ]] || { echo "FAIL: no $work/prefix/lib/libtbox.a"; status=1; }
grep -q 'reusing unpacked source' "$work/build-tbox.log" || { echo "FAIL: the unpacked source was not reused"; status=1; }
if ! diff "$work/tmp-before.txt" "$work/tmp-after.txt" >"$work/tmp-diff.txt"; then
    echo "FAIL: /tmp changed during build-tbox.sh ('<' gone, '>' new; $(wc -l <"$work/tmp-before.txt") entries before):"
    head -n 40 "$work/tmp-diff.txt"
    status=1
fi
[[ $status -eq 0 ]] && echo "ok: tbox built with TMPDIR unset; /tmp has the same $(wc -l <"$work/tmp-after.txt") entries before and after"
exit $status
