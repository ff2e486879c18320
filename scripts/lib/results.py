"""Results files (docs/results-schema.md) read one way for the scripts: through `benchbox report`.

benchbox reads files of every schema version it supports, computes each row's statistics again
from its repetitions (median, quartiles, standing, unstable) and writes them back as today's
schema (`--format json`) or as a flat table with the tables' ratios (`--format csv`: relative,
vs_ref, vs_mean). A script takes its figures from there and derives none of its own.

    import results
    rows = results.rows(benchbox, "run.json")     # today's schema, every row
    table = results.table(benchbox, "run.json")   # key(row) -> the CSV line of that row
"""
import csv, io, json, os, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_BENCHBOX = os.path.join(ROOT, "build", "release", "bin", "benchbox")


class ResultsError(Exception):
    """A file benchbox does not read as results, or no benchbox to read it with."""


def _report(benchbox, path, form):
    if not os.access(benchbox, os.X_OK):
        raise ResultsError(f"no benchbox at {benchbox} to read {path} with (build it, or name it)")
    done = subprocess.run([benchbox, "report", path, "--format", form], capture_output=True, text=True)
    if done.returncode != 0:  # benchbox says why in one line ("benchbox: error: ...")
        lines = (done.stderr or done.stdout).strip().splitlines()
        raise ResultsError(lines[-1].removeprefix("benchbox: error: ") if lines else f"{path}: unreadable")
    return done.stdout


def rows(benchbox, path):
    """Every row of the file as benchbox writes it today, its statistics computed by benchbox."""
    return json.loads(_report(benchbox, path, "json"))["results"]


def table(benchbox, path):
    """key(row) -> the row's line of `benchbox report --format csv` (strings, as CSV holds them)."""
    return {key(line): line for line in csv.DictReader(io.StringIO(_report(benchbox, path, "csv")))}


def key(row):
    """What names a row within a run: module, case, point (by its label), library, variant."""
    return (row["module"], row["case"], row["param_label"], row["library"], row.get("variant") or "")


def label(row):
    """`case point library[:variant]`, as the scripts print a row."""
    variant = row.get("variant") or ""
    return f"{row['case']} {row['param_label']} {row['library']}" + (f":{variant}" if variant else "")


def number(text):
    """A CSV cell as a number; None where it is empty (no figure)."""
    return float(text) if text not in ("", None) else None
