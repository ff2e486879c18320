#!/usr/bin/env bash
# benchbox installed like a tool: `cmake --install BUILD --prefix P` into an empty prefix, then, in a
# private mount namespace where the prefix is seen at /mnt and the source and build folders (and
# WORK_DIR with them) are hidden under empty tmpfs mounts, from another folder: /mnt/prefix/bin/benchbox
# list, and verified runs of coroutine switch and json parse twitter (every library of the point
# through --verify, then the floor measured briefly).
# Skipped (77) where mount namespaces are not allowed (not root, no unprivileged user namespaces).
#   tests/install/installed.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$(realpath "$1") source=$(realpath "$2") work=$(realpath -m "$3")
for module in coroutine json; do
  [ -d "$build/libexec/benchbox/$module" ] || { echo "SKIP: the $module module is not built here"; exit 77; }
done
rm -rf "$work" && mkdir -p "$work/elsewhere"
# A private mount namespace: as root, or as a user through an unprivileged user namespace.
namespace=(unshare --mount --propagation private)
[ "$(id -u)" -eq 0 ] || namespace=(unshare --user --map-root-user --mount --propagation private)
if ! "${namespace[@]}" sh -c 'mount -t tmpfs none "$1"' _ "$work/elsewhere" 2>/dev/null; then
  echo "SKIP: no mount namespace here (unshare --mount needs root or unprivileged user namespaces)"
  exit 77
fi
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"
prefix=$work/prefix
for path in bin/benchbox libexec/benchbox/coroutine/floor.json libexec/benchbox/coroutine/bin/floor \
            share/benchbox/json/data/twitter.json share/doc/benchbox/README.md share/bash-completion/completions/benchbox; do
  [ -e "$prefix/$path" ] || { echo "FAIL: $path is not installed"; exit 1; }
done
if [ -e "$prefix/libexec/benchbox/json/data" ]; then echo "FAIL: data installed under libexec"; exit 1; fi

# Everything below runs with the source and build folders hidden, from an empty folder.
cat >"$work/run.sh" <<'SCRIPT'
set -euo pipefail
source=$1 build=$3
mount --bind "$2" /mnt
mount -t tmpfs none "$source"
[ -d "$build" ] && mount -t tmpfs none "$build"  # a build folder outside the source folder
[ -z "$(ls -A "$source")" ] || { echo "FAIL: the source folder is still visible"; exit 1; }
[ ! -d "$build" ] || [ -z "$(ls -A "$build")" ] || { echo "FAIL: the build folder is still visible"; exit 1; }
work=/mnt prefix=/mnt/prefix
cd "$work/elsewhere"
export BENCHBOX_LOCK_FILE=$work/lock
unset BENCHBOX_LIBEXEC
"$prefix/bin/benchbox" list >"$work/list.txt"
grep -q "^coroutine " "$work/list.txt" || { echo "FAIL: benchbox list names no coroutine module"; cat "$work/list.txt"; exit 1; }
"$prefix/bin/benchbox" list coroutine >"$work/list.txt"  # each library described by its installed adapter
grep -q "^    floor  *available" "$work/list.txt" || { echo "FAIL: benchbox list coroutine has no available floor"; cat "$work/list.txt"; exit 1; }
"$prefix/bin/benchbox" coroutine -n switch --verify --json "$work/switch-verify.json"
"$prefix/bin/benchbox" json -n parse twitter --verify --json "$work/twitter-verify.json"
"$prefix/bin/benchbox" coroutine -n switch --lib floor --ops 20000 --processes 2 --json "$work/switch.json"
"$prefix/bin/benchbox" json -n parse twitter --lib floor --ops 20 --processes 2 --json "$work/twitter.json"
SCRIPT
"${namespace[@]}" bash "$work/run.sh" "$source" "$work" "$build"
# Every row proved or n/a with its reason, and the floors measured with a verified figure.
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
for name in ("switch-verify", "twitter-verify"):
    rows = json.load(open(f"{work}/{name}.json"))["results"]
    bad = [r for r in rows if not (r["status"] == "ok" and r["verified"] and r["proof"]) and r["status"] != "not_applicable"
           and r["status"] != "unavailable"]
    assert not bad, f"{name}: {[(r['library'], r['status'], r['reason']) for r in bad]}"
    assert sum(r["status"] == "ok" for r in rows) >= 2, f"{name}: fewer than two rows proved"
for name in ("switch", "twitter"):
    rows = json.load(open(f"{work}/{name}.json"))["results"]
    assert [r["library"] for r in rows] == ["floor"] and rows[0]["verified"] and rows[0]["median"] > 0, f"{name}: {rows}"
print("installed benchbox ran from", work, "with the source and build folders hidden: list, --verify, measured floors")
PY
