#!/usr/bin/env bash
# scripts/count-diff on one build against itself: every row counted, every count identical, with
# and without the constant-cost malloc preloaded (which must leave a run working); and the
# allocator module refused with the preload.
#   modules/coroutine/tests/count_diff.sh SOURCE_DIR BUILD_DIR (the coroutine module: its rows are quick to count)
set -uo pipefail
src=$1 build=$2
command -v valgrind >/dev/null || { echo "valgrind is not installed: skipped"; exit 77; }
failed=0
for preload in "" --constant-malloc; do
  out=$("$src/scripts/count-diff" $preload "$build" "$build" coroutine -n switch --lib floor,cxx20 --ops 1000 2>&1)
  rc=$?
  if [[ $rc -ne 0 || $out != "2 rows identical, 0 within 0.1%, 0 beyond, 0 counted in one build only"* ]]; then
    echo "FAIL: count-diff $preload: exit $rc: $out"; failed=1
  fi
done
out=$("$src/scripts/count-diff" --constant-malloc "$build" "$build" allocator 2>&1)
if [[ $? -eq 0 || $out != *"would replace the allocators"* ]]; then echo "FAIL: the allocator module with the preload: $out"; failed=1; fi
[[ $failed -eq 0 ]] && echo "count-diff: a build against itself identical, with and without the preload; allocator refused"
exit $failed
