#!/usr/bin/env bash
# scripts/stability.py on three made-up results files whose movements are known: every row 10%
# slower in run 2 (the host), one row 20% slower in run 3 alone. Ratios over the point's geometric
# mean cancel the first and keep the second (1.2 over the mean's 1.2^(1/4): 14.7%, the others 4.7%).
# Written twice: without and with each row's ratio to the others (what the unstable mark judges).
# Read through benchbox (BENCHBOX: the build's), as the script reads every file.
#   tests/setup/stability_figures.sh SOURCE_DIR WORK_DIR BENCHBOX
set -euo pipefail
src=$1 work=$2 benchbox=$3
rm -rf "$work" && mkdir -p "$work"
python3 - "$work" <<'PY'
import json, math, sys
base = {"floor": 1.0, "a": 10.0, "b": 20.0, "c": 40.0}
figure = {"id": "ns_per_op", "kind": "time", "unit": "ns/op", "label": "ns/op", "lower_is_better": True,
          "description": "nanoseconds per operation"}
def ratio(value):  # a summary as benchbox reads it: n, median and its interval
    return {"n": 9, "median": value, "ci_low": value, "ci_high": value}
for run, scale in ((1, {}), (2, {k: 1.1 for k in base}), (3, {"c": 1.2})):
    rows = []
    for lib, value in base.items():
        v = value * scale.get(lib, 1.0)
        floor = base["floor"] * scale.get("floor", 1.0)
        row = {"module": "hashmap", "case": "find", "param": 1000, "point": [{"axis": "elements", "value": 1000}],
               "param_label": "1000 elements", "unit": "finds", "library": lib, "version": "1",
               "reference": lib == "floor", "status": "ok", "reason": "", "verified": True, "ops": 1000,
               "figure": figure, "reps": [v] * 9, "rounds": list(range(9)), "processes": 9,
               "peak_rss_bytes": 0, "notes": "", "details": []}
        if lib != "floor":
            row["reference_ratio"] = ratio(v / floor)
        rows.append(row)
    def write(name):
        json.dump({"schema": "benchbox-results", "schema_version": 4, "warnings": [], "results": rows},
                  open(f"{sys.argv[1]}/{name}-{run}.json", "w"))
    write("run")
    # The same runs as written since rows carry their ratio to the others' geometric mean.
    values = {r["library"]: r["reps"][0] for r in rows}
    for r in rows:
        others = [v for k, v in values.items() if k != r["library"]]
        r["others_ratio"] = ratio(values[r["library"]] / math.prod(others) ** (1 / len(others)))
    write("paired")
PY
out=$(python3 "$src/scripts/stability.py" "$work" run 3 "$benchbox")
echo "$out"
expect() {
  grep -qF -- "$1" <<<"$out" || { echo "FAIL: expected a line with: $1"; exit 1; }
}
expect "the same rows, medians: 3 rows in all 3 runs: median movement 10.0%, 90th percentile 20.0%, worst 20.0%"
expect "vs ref (paired ratio to the reference row): 3 rows in all 3 runs: median movement 0.0%, 90th percentile 20.0%"
expect "vs mean (lower quartile / geometric mean of the case's lower quartiles): 3 rows in all 3 runs: median movement 4.7%, 90th percentile 14.7%, worst 14.7%"
expect "unstable rows: 0 of 12 (0.0%)"
# floor, a, b: 10% apart from run 2 in both directions (9.1%, 10%), 4 of 6 comparisons; c 6 of 6
expect "rows marked stable whose judged figure (ratio to the other rows, else median) lay more than 5% from another run's: 18 of 24 comparisons (75.0%)"
# Judged on the ratio to the others: run 2 cancels; in run 3, c 20% up and the others 5.9% down
# (c is one of their three others: 1.2^(1/3)), each against runs 1 and 2: 16 of 24
out=$(python3 "$src/scripts/stability.py" "$work" paired 3 "$benchbox")
expect "rows marked stable whose judged figure (ratio to the other rows, else median) lay more than 5% from another run's: 16 of 24 comparisons (66.7%)"
echo "stability figures as computed by hand"
