#!/usr/bin/env bash
# scripts/debian-extract.sh on throw-away prefixes (the serialization module's set-up step for
# msgpack-c++, whose Debian package cannot be installed beside Boost 1.81):
#   - a fresh prefix gets Debian's headers (msgpack.hpp) and a stamp; a second run does nothing;
#   - a package apt does not know: one line, exit 1, the prefix not created;
#   - a non-empty prefix the script did not make: refused, exit 1, its file untouched.
# Exit 77 (skipped) without apt-get or when Debian's archive cannot be reached.
# Usage: debian_extract.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir=$1 work=$2
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
command -v apt-get >/dev/null 2>&1 || skip "no apt-get: not a Debian system"
rm -rf "$work" && mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"
extract=$source_dir/scripts/debian-extract.sh

if ! "$extract" "$work/msgpack" libmsgpack-cxx-dev >"$work/first.log" 2>&1; then
    grep -q "cannot download" "$work/first.log" && skip "Debian's archive cannot be reached: $(cat "$work/first.log")"
    fail "first extraction: $(cat "$work/first.log")"
fi
[[ -f $work/msgpack/usr/include/msgpack.hpp ]] || fail "no usr/include/msgpack.hpp in the prefix"
grep -q '^libmsgpack-cxx-dev=' "$work/msgpack/.benchbox-debian-extract" || fail "no stamp naming the package"
"$extract" "$work/msgpack" libmsgpack-cxx-dev >"$work/second.log" 2>&1 || fail "second run: $(cat "$work/second.log")"
grep -q "nothing to do" "$work/second.log" || fail "second run did not say 'nothing to do': $(cat "$work/second.log")"

set +e
"$extract" "$work/bogus" no-such-package-benchbox >"$work/bogus.log" 2>&1
rc=$?
set -e
[[ $rc -eq 1 ]] || fail "an unknown package: exit $rc, expected 1"
[[ $(wc -l <"$work/bogus.log") -eq 1 ]] || fail "an unknown package: not one line: $(cat "$work/bogus.log")"
[[ ! -e $work/bogus ]] || fail "an unknown package left a prefix behind"

mkdir -p "$work/foreign" && echo mine >"$work/foreign/file"
set +e
"$extract" "$work/foreign" libmsgpack-cxx-dev >"$work/foreign.log" 2>&1
rc=$?
set -e
[[ $rc -eq 1 ]] || fail "a foreign prefix: exit $rc, expected 1"
[[ $(cat "$work/foreign/file") == mine ]] || fail "a foreign prefix's file was touched"
[[ -z $(ls -A "$TMPDIR") ]] || fail "temporary files left in TMPDIR: $(ls -A "$TMPDIR")"
echo "ok: extracted, idempotent, unknown package and foreign prefix refused"
