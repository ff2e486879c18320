#!/usr/bin/env bash
# One outside library (a module's "outside" declaration), the whole way a user goes: built by
# scripts/build-library from a checkout into an EMPTY prefix, then found by a plain configure of
# benchbox (no preset) given the printed -D<ID>_ROOT, every benchbox library it enables available,
# its adapter built and answering `describe` with the library's id.
#
# Usage: build_library.sh SOURCE_DIR WORK_DIR ID CHECKOUTS
#   CHECKOUTS  a folder holding CHECKOUTS/ID, a checkout of the library (docs/building-libraries.md);
#              exit 77 (skipped, saying so) when it is empty or holds no ID: benchbox never fetches
#              one. Set it with -DBENCHBOX_LIBRARY_CHECKOUTS=DIR or BENCHBOX_LIBRARY_CHECKOUTS=DIR.
set -euo pipefail
source_dir=$1 work=$(realpath -m "$2") id=$3 checkouts=${4:-${BENCHBOX_LIBRARY_CHECKOUTS:-}}
fail() { echo "FAIL: $*"; exit 1; }
line=$("$source_dir/scripts/modules.py" libraries | awk -F'\t' -v id="$id" '$1 == id')
[[ -n $line ]] || fail "no module declares the outside library '$id'"
IFS=$'\t' read -r _ module repository commit _ _ root_var libraries <<<"$line"
if [[ -z $checkouts || ! -d $checkouts/$id ]]; then
    echo "SKIP: no checkout of $repository${checkouts:+ in $checkouts/$id}: configure with"
    echo "      -DBENCHBOX_LIBRARY_CHECKOUTS=DIR (or set BENCHBOX_LIBRARY_CHECKOUTS) where DIR/$id is a"
    echo "      checkout at commit $commit (docs/building-libraries.md)"
    exit 77
fi
rm -rf "$work" && mkdir -p "$work/tmp"
export TMPDIR=$work/tmp

echo "== scripts/build-library $id $checkouts/$id $work/prefix (an empty prefix)"
"$source_dir/scripts/build-library" "$id" "$checkouts/$id" "$work/prefix" >"$work/define.txt" ||
    fail "build-library failed (above)"
define=$(tail -n 1 "$work/define.txt")
[[ $define == "-D$root_var=$work/prefix" ]] || fail "build-library's last line is '$define', expected -D$root_var=$work/prefix"
grep -qx "library: $id" "$work/prefix/benchbox-build.txt" || fail "benchbox-build.txt does not name $id"
grep -q "^verified commit: $commit (the same)" "$work/prefix/benchbox-build.txt" ||
    echo "note: $checkouts/$id is not at the verified commit $commit (benchbox-build.txt says DIFFERENT)"

echo "== cmake -S $source_dir -B $work/build -DCMAKE_BUILD_TYPE=Release -DBENCHBOX_BUILD_TESTS=OFF $define"
cmake -S "$source_dir" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DBENCHBOX_BUILD_TESTS=OFF "$define" \
    >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "configure failed"; }
grep "benchbox: $module:" "$work/configure.log" || true
targets=()
for library in ${libraries//,/ }; do
    manifest=$work/build/libexec/benchbox/$module/$library.json
    python3 -c 'import json, sys; sys.exit(0 if json.load(open(sys.argv[1]))["available"] else 1)' "$manifest" ||
        fail "$module/$library is not available after configuring with $define: $(cat "$manifest")"
    targets+=("bb_${module}_${library//./_}")
done

echo "== cmake --build $work/build --target ${targets[*]}"
cmake --build "$work/build" -j "$(nproc)" --target "${targets[@]}" >"$work/build.log" 2>&1 ||
    { tail -n 40 "$work/build.log"; fail "the adapter(s) did not build"; }
for library in ${libraries//,/ }; do
    adapter=$work/build/libexec/benchbox/$module/bin/$library
    "$adapter" describe >"$work/describe.json" || fail "$adapter describe failed"
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["id"], d["version"]); sys.exit(d["id"] != sys.argv[2])' \
        "$work/describe.json" "$library" || fail "$adapter describe does not say it is $library"
done
rm -rf "$work/build"  # a whole configured tree: not worth keeping
echo "ok: $id built by build-library into an empty prefix, found by a plain configure ($define), adapter(s) ${libraries//,/, } built"
