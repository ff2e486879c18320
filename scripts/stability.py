#!/usr/bin/env python3
"""Drift of row figures over back-to-back runs (scripts/stability.sh): reads OUTDIR/PREFIX-1.json ..
PREFIX-N.json through benchbox (`benchbox report`, scripts/lib/results.py: files of any schema
version benchbox reads, every statistic computed by benchbox) and prints the median, 90th
percentile and worst movement of time rows: their medians, their paired ratios to the reference
row (`vs ref`) where the files have them, their ratios to the case's best row (`relative`), and
for comparison their fastest repetition, their lower quartile (the robust figure) and `vs mean`
(the robust figure over the geometric mean of its case's, as the tables show it); then the
unstable rows, whether rows marked stable kept the figure they were judged on in the other runs
(their ratio to the other rows, else their median), and the pairs more than 10% apart that
changed order.
Usage: scripts/stability.py OUTDIR PREFIX N [BENCHBOX]   (BENCHBOX: default build/release/bin/benchbox)"""
import itertools, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
sys.dont_write_bytecode = True  # no __pycache__ left in the source folder
import results  # noqa: E402  (the shared reader of results files, beside this script)
if sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)
if len(sys.argv) not in (4, 5) or sys.argv[1].startswith("-") or not sys.argv[3].isdigit():
    sys.exit(__doc__.splitlines()[-1])
out, prefix, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
benchbox = sys.argv[4] if len(sys.argv) == 5 else results.DEFAULT_BENCHBOX
# Each table: (case, point) -> library -> that row's figure in each run where it had one.
medians, fastest, quartile, paired, relative, vs_mean, unstable, total = {}, {}, {}, {}, {}, {}, 0, 0
marked = {}  # (case, point) -> library -> [(judged figure, unstable)] run by run
def add(table, m, value):
    if value is not None:
        table.setdefault((m["case"], m["param_label"]), {}).setdefault(m["library"], []).append(value)
for i in range(1, runs + 1):
    path = os.path.join(out, f"{prefix}-{i}.json")
    try:
        rows, table = results.rows(benchbox, path), results.table(benchbox, path)
    except results.ResultsError as e:
        sys.exit(f"stability.py: {e}")
    for m in rows:
        if m["status"] != "ok" or m["figure"]["kind"] != "time":
            continue
        total += 1
        unstable += bool(m.get("unstable"))
        line = table[results.key(m)]
        add(medians, m, m["median"])
        add(fastest, m, m["stats"]["min"])
        add(quartile, m, m["stats"]["lower_quartile"]["value"])
        judged = ("ratio", m["others_ratio"]["median"]) if m.get("others_ratio") else ("median", m["median"])
        marked.setdefault((m["case"], m["param_label"]), {}).setdefault(m["library"], []).append((judged, bool(m.get("unstable"))))
        if not m["reference"]:
            add(relative, m, results.number(line["relative"]))
            add(paired, m, m["reference_ratio"]["median"] if m.get("reference_ratio") else None)
        add(vs_mean, m, results.number(line["vs_mean"]))
def movement(label, table):
    """Movement (max - min) / min of each row's figure over the runs: median, 90th percentile, worst."""
    moves = sorted((max(v) - min(v)) / min(v) for case in table.values() for v in case.values() if len(v) == runs)
    if not moves:
        return
    def pct(q): return 100 * moves[min(len(moves) - 1, int(q * len(moves)))]
    print(f"{label}: {len(moves)} rows in all {runs} runs: median movement {pct(0.5):.1f}%, "
          f"90th percentile {pct(0.9):.1f}%, worst {100 * moves[-1]:.1f}%")
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
    movement("  the same rows, vs mean (lower quartile / geometric mean of the case's lower quartiles)", restricted(vs_mean))
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
