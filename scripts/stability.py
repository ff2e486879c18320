#!/usr/bin/env python3
"""Drift of row medians over back-to-back runs (scripts/stability): reads OUTDIR/PREFIX-1.json ..
PREFIX-N.json, results files of any benchbox version, and prints the median, 90th percentile and
worst movement of time rows (their medians, their paired ratios to the reference row where the
files have them, their ratios to the case's best row, and for comparison their fastest repetition, the
fastest process at one repetition per process; printed where the files have paired ratios; and
`vs mean`, the lower quartile over the geometric mean of its point's lower quartiles, as the
tables show it but over the rows present in every run and points of three rows or more), the
unstable rows, whether rows marked stable kept the figure they were judged on in the other runs
(their ratio to the other rows, else their median), and the pairs
more than 10% apart that changed order.
Usage: scripts/stability.py OUTDIR PREFIX N"""
import itertools, json, math, os, sys
out, prefix, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
medians, fastest, quartile, unstable, total = {}, {}, {}, 0, 0
marked = {}  # (case, point) -> library -> [(median, unstable)] run by run
def lower_quartile(values):
    """The 25th percentile (linear between order statistics): a candidate robust figure."""
    v = sorted(values)
    at = 0.25 * (len(v) - 1)
    low = int(at)
    return v[low] + (v[min(low + 1, len(v) - 1)] - v[low]) * (at - low)
for i in range(1, runs + 1):
    for m in json.load(open(os.path.join(out, f"{prefix}-{i}.json")))["results"]:
        figure = m.get("figure", {}).get("kind", "time")
        if m["status"] != "ok" or figure != "time":
            continue
        total += 1
        unstable += bool(m.get("unstable"))
        value = m.get("median", m.get("ns_per_op"))
        medians.setdefault((m["case"], m["param_label"]), {}).setdefault(m["library"], []).append(value)
        judged = ("ratio", m["others_ratio"]["median"]) if m.get("others_ratio") else ("median", value)
        marked.setdefault((m["case"], m["param_label"]), {}).setdefault(m["library"], []).append((judged, bool(m.get("unstable"))))
        fastest.setdefault((m["case"], m["param_label"]), {}).setdefault(m["library"], []).append(min(m["reps"]))
        quartile.setdefault((m["case"], m["param_label"]), {}).setdefault(m["library"], []).append(lower_quartile(m["reps"]))
def movement(label, table):
    """Movement (max - min) / min of each row's figure over the runs: median, 90th percentile, worst."""
    moves = sorted((max(v) - min(v)) / min(v) for case in table.values() for v in case.values() if len(v) == runs)
    if not moves:
        return
    def pct(q): return 100 * moves[min(len(moves) - 1, int(q * len(moves)))]
    print(f"{label}: {len(moves)} rows in all {runs} runs: median movement {pct(0.5):.1f}%, "
          f"90th percentile {pct(0.9):.1f}%, worst {100 * moves[-1]:.1f}%")
# Ratios within one run: the reference row paired round by round (the `vs ref` column, what
# `compare` judges by) and the ratio of medians to the case's best row (the `relative` column).
paired, relative = {}, {}
for i in range(1, runs + 1):
    cases = {}
    for m in json.load(open(os.path.join(out, f"{prefix}-{i}.json")))["results"]:
        if m["status"] == "ok" and m.get("figure", {}).get("kind", "time") == "time":
            cases.setdefault((m["case"], m["param_label"]), []).append(m)
    for key, rows in cases.items():
        best = min(m.get("median", m.get("ns_per_op")) for m in rows)
        for m in rows:
            if m.get("reference"):
                continue
            relative.setdefault(key, {}).setdefault(m["library"], []).append(m.get("median", m.get("ns_per_op")) / best)
            if m.get("reference_ratio"):
                paired.setdefault(key, {}).setdefault(m["library"], []).append(m["reference_ratio"]["median"])
def over_geomean(table):
    """Each row's figure in each run over the geometric mean of that run's figures of every row at
    its point (rows present in all runs, points of at least three rows with positive figures): a
    denominator that no single noisy row sets."""
    ratios = {}
    for key, libs in table.items():
        rows = {lib: v for lib, v in libs.items() if len(v) == runs}
        if len(rows) < 3 or any(x <= 0 for v in rows.values() for x in v):
            continue
        means = [math.exp(sum(math.log(v[i]) for v in rows.values()) / len(rows)) for i in range(runs)]
        ratios[key] = {lib: [v[i] / means[i] for i in range(runs)] for lib, v in rows.items()}
    return ratios
movement("medians", medians)
# The three measures side by side over one set of rows: those with a paired ratio in every run
# (the reference row and files without rounds have none).
common = {key: {lib: v for lib, v in libs.items() if len(v) == runs} for key, libs in paired.items()}
def restricted(table):
    return {key: {lib: table[key][lib] for lib in libs if lib in table.get(key, {})} for key, libs in common.items()}
if any(common.values()):
    movement("  the same rows, medians", restricted(medians))
    movement("  the same rows, vs ref (paired ratio to the reference row)", restricted(paired))
    movement("  the same rows, relative (ratio of medians to the case's best row)", restricted(relative))
    # Not a figure benchbox shows: how reproducible the host's fast moments are (a slow spell
    # only adds time, so the fastest repetition of a row moves less than its median).
    movement("  the same rows, fastest repetition (for comparison)", restricted(fastest))
    movement("  the same rows, lower quartile of the repetitions (for comparison)", restricted(quartile))
    movement("  the same rows, vs mean (lower quartile / geometric mean of the point's lower quartiles)", restricted(over_geomean(quartile)))
else:
    movement("relative (ratio of medians to the case's best row)", relative)
print(f"unstable rows: {unstable} of {total} ({100 * unstable / max(total, 1):.1f}%)")
# What "stable" claims (the judged figure known to within 5%: the ratio to the other rows where the
# files have it, else the median), checked against the other runs: for each row marked stable in a
# run, that figure against the same figure of the row in every other run.
kept = missed = 0
for libs in marked.values():
    for seen in libs.values():
        for k, ((kind, value), flagged) in enumerate(seen):
            for j, ((other_kind, other), _) in enumerate(seen):
                if j != k and not flagged and kind == other_kind:
                    kept += 1
                    missed += abs(value / other - 1) > 0.05
print(f"rows marked stable whose judged figure (ratio to the other rows, else median) lay more than 5% from "
      f"another run's: {missed} of {kept} comparisons ({100 * missed / max(kept, 1):.1f}%)")
swapped = []
for (case, label), libs in medians.items():
    for (a, va), (b, vb) in itertools.combinations(((k, v) for k, v in libs.items() if len(v) == runs), 2):
        mean_a, mean_b = sum(va) / runs, sum(vb) / runs
        apart = max(mean_a, mean_b) / min(mean_a, mean_b) - 1
        if apart > 0.10 and len({x < y for x, y in zip(va, vb)}) > 1:
            swapped.append(f"{case} {label}: {a} / {b} ({100 * apart:.0f}% apart on average)")
print(f"pairs more than 10% apart that changed order: {len(swapped)}")
for s in swapped:
    print("  " + s)
