#!/usr/bin/env python3
"""The 2016 benchbox report's published figures as results files, one per machine.

    scripts/published-2016.py CSV OUTDIR --date YYYY-MM-DD

CSV is the report's figures as published (machine, case, param, library, ops, ms,
ops_per_second; ../shared/reference/benchbox-2016-published.csv). Each machine's rows become
OUTDIR/<machine>.json, a results file (docs/results-schema.md, schema 4) of the coroutine
module with that machine's name, for `benchbox store import`. The figures were not measured
here: each file says so in its warnings and context ("published"), every row is unverified
(no proof ran), has one repetition (the report's ms over its ops, in ns per op) and notes the
report's own ops, ms and ops per second. The report gives no day: --date is the run's date.
"""
import argparse, csv, json, os, re, sys

CASES = {  # the coroutine module's case: its axis, its unit, and how it labels a point
    "switch": ("coroutines", "switches", lambda n: f"{n} coroutine" + ("" if n == 1 else "s")),
    "channel": ("buffer", "passes", lambda n: "unbuffered" if n == 0 else f"buffer {n}"),
}
WARNING = ("published figures of the 2016 benchbox report, imported by scripts/published-2016.py: not measured by this "
           "benchbox, not verified; one value per row, the report's ms over its ops")


def row_of(line, source):
    case = line["case"]
    if case not in CASES:
        raise ValueError(f"{source}: unknown case '{case}' (known: {', '.join(CASES)})")
    axis, unit, label = CASES[case]
    param, ops, ms = int(line["param"]), int(line["ops"]), float(line["ms"])
    if ops <= 0 or ms <= 0:
        raise ValueError(f"{source}: ops and ms must be positive, got {ops} and {ms}")
    return {
        "module": "coroutine", "case": case, "param": param, "param_label": label(param),
        "point": [{"axis": axis, "value": param}], "unit": unit, "library": line["library"], "version": "",
        "status": "ok", "reason": "", "verified": False, "ops": ops, "reps": [ms * 1e6 / ops], "processes": 1,
        "notes": f"published in 2016: {ops} {unit} in {line['ms']} ms, {line['ops_per_second']} {unit}/s",
        "figure": {"id": "ns_per_op", "kind": "time", "unit": "ns/op", "label": "ns/op", "lower_is_better": True,
                   "description": "nanoseconds per operation: the published ms over the published ops"},
        "reference": False, "rate": {"unit": unit + "/s", "per_op": 1.0, "scale": 1.0},
        "peak_rss_bytes": 0, "details": [], "proof": None, "cycles_per_op": None, "instructions_per_op": None,
    }


def results_file(machine, rows, date, csv_path):
    arch = "i386" if "i386" in machine else "x86_64" if "x86_64" in machine else ""
    virtualized = "virtualbox" in machine.lower()
    return {
        "schema": "benchbox-results", "schema_version": 4, "interrupted": False, "warnings": [WARNING],
        "context": {
            "date": f"{date}T00:00:00Z", "host": machine, "arch": arch, "virtualized": virtualized,
            "machine": {"name": machine, "arch": arch, "virtualized": virtualized},
            "published": {"source": os.path.basename(csv_path), "measured_here": False},
            "command_line": ["scripts/published-2016.py", os.path.basename(csv_path)],
        },
        "results": rows,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv")
    parser.add_argument("outdir")
    parser.add_argument("--date", required=True, help="the run's date for the store (the report gives none)")
    args = parser.parse_args()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", args.date):
        sys.exit(f"published-2016.py: --date must be YYYY-MM-DD, got '{args.date}'")
    machines = {}
    try:
        with open(args.csv, newline="") as f:
            for n, line in enumerate(csv.DictReader(f), start=2):
                machines.setdefault(line["machine"], []).append(row_of(line, f"{args.csv}:{n}"))
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"published-2016.py: {e}")
    if not machines:
        sys.exit(f"published-2016.py: {args.csv}: no rows")
    os.makedirs(args.outdir, exist_ok=True)
    for machine, rows in machines.items():
        name = re.sub(r"[^A-Za-z0-9_.-]+", "-", machine).strip("-") + ".json"
        with open(os.path.join(args.outdir, name), "w") as out:
            json.dump(results_file(machine, rows, args.date, args.csv), out, indent=1)
        print(f"{os.path.join(args.outdir, name)}: {machine}, {len(rows)} rows")


if __name__ == "__main__":
    main()
