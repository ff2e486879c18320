#!/usr/bin/env bash
# scripts/count-diff.py: its comparison on two made-up results files (read by this build's benchbox)
# whose rows are identical, within 0.1%, beyond, counted in one only and n/a in both; then this build against itself (every row
# identical, with and without the constant-cost malloc preloaded, which must leave a run working);
# the allocator module refused with the preload.
#   modules/coroutine/tests/count_diff.sh SOURCE_DIR BUILD_DIR WORK_DIR (the coroutine module: quick to count)
set -uo pipefail
src=$1 build=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
failed=0
python3 - "$work" <<'PY'
import json, sys
figure = {"id": "instructions_per_op", "kind": "instructions", "unit": "instr/op", "label": "instr/op",
          "lower_is_better": True, "description": "instructions per operation (Callgrind)"}
def row(lib, median, status="ok", reason=""):
    return {"module": "coroutine", "case": "switch", "param": 2, "point": [{"axis": "coroutines", "value": 2}],
            "param_label": "2 coroutines", "unit": "switches", "library": lib,
            "version": "1", "reference": False, "status": status, "reason": reason,
            "verified": status == "ok", "ops": 1000, "figure": figure, "reps": [] if median is None else [median],
            "processes": 1, "peak_rss_bytes": 0, "notes": "", "details": []}
a = [row("same", 62.0), row("close", 1000.0), row("far", 100.0), row("gone", 5.0), row("na", None, "not_applicable", "no such case")]
b = [row("same", 62.0), row("close", 1000.5), row("far", 99.0), row("gone", None, "failed", "crashed"), row("na", None, "not_applicable", "no such case")]
for name, rows in (("a", a), ("b", b)):
    json.dump({"schema": "benchbox-results", "schema_version": 4, "warnings": [], "results": rows},
              open(f"{sys.argv[1]}/{name}.json", "w"))
PY
out=$("$src/scripts/count-diff.py" --benchbox "$build/bin/benchbox" --results "$work/a.json" "$work/b.json" 2>&1)
expected="1 rows identical, 1 within 0.1%, 1 beyond, 1 not counted alike, 1 not counted in either for the same reason"
if [[ $out != "$expected"* || $out != *"far"*"100.0 -> 99.0  -1.000%"* || $out != *"gone"*"(A: counted; B: crashed)"* ]]; then
  echo "FAIL: count-diff --results: $out"; failed=1
fi
if ! command -v valgrind >/dev/null || [[ ! -x $build/libexec/benchbox/coroutine/bin/floor || ! -x $build/libexec/benchbox/coroutine/bin/cxx20 ]]; then
  [[ $failed -eq 0 ]] && echo "count-diff --results right; valgrind or the floor and cxx20 adapters missing: the rest skipped"
  exit $(( failed ? 1 : 77 ))
fi
for preload in "" --constant-malloc; do
  out=$("$src/scripts/count-diff.py" $preload "$build" "$build" coroutine -n switch --lib floor,cxx20 --ops 1000 2>&1)
  rc=$?
  if [[ $rc -ne 0 || $out != "2 rows identical, 0 within 0.1%, 0 beyond, 0 not counted alike"* ]]; then
    echo "FAIL: count-diff $preload: exit $rc: $out"; failed=1
  fi
done
out=$("$src/scripts/count-diff.py" --constant-malloc "$build" "$build" allocator 2>&1)
if [[ $? -eq 0 || $out != *"would replace the allocators"* ]]; then echo "FAIL: the allocator module with the preload: $out"; failed=1; fi
[[ $failed -eq 0 ]] && echo "count-diff: its comparison right; a build against itself identical, with and without the preload; allocator refused"
exit $failed
