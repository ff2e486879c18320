#!/usr/bin/python3
"""The exports CI tools read, fed to those tools' readers (docs/reports.md, "gbench" and "github-action"):

    ci_readers.py compare-py|github-action --benchbox DRIVER --fake-libexec DIR --source SRC --build BUILD --work DIR

DRIVER is benchbox_test_driver (the driver with the fake module, tests/fake): two short runs of it.

compare-py: Google Benchmark's own tools/compare.py, as Debian's libbenchmark-tools installs it
(/usr/share/benchmark), compares the two runs' gbench exports with the aggregate rows (the
default), with them only and without them: exit status 0, every row compared, its medians read
as written, the U test where there are repetitions. compare.py needs SciPy; Debian's python3-scipy
cannot be installed beside Boost 1.81 (it depends on python3-pythran, hence libboost-dev 1.74), so
without it the package is unpacked with scripts/debian-extract.sh into BUILD/third_party/debian/
(its own dependencies are installed packages: scripts/project.json, "tests").

github-action: both directions' files (a score row of higher-is-better added to the run's results)
validated against tests/exports/github-action.schema.json with python3-jsonschema, each entry of
its file's direction, names unique, values the rows' medians.

Exit status 0 when all hold, 1 with the first that does not, 77 (skipped, with the reason) when a
reader or what it needs is not installed. Run by Debian's /usr/bin/python3, where its packages are.
"""

import argparse
import json
import os
import re
import subprocess
import sys

COMPARE_PY = "/usr/share/benchmark/compare.py"
SKIP = 77


class Failure(Exception):
    pass


class Skip(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def run(command, env=None, expect=0):
    p = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    check(p.returncode == expect,
          f"{' '.join(command)}: exit status {p.returncode}, expected {expect}\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}")
    return p.stdout


class Fake:
    """Runs of the fake module, kept as results files."""

    def __init__(self, args):
        self.driver = args.benchbox
        self.work = args.work
        self.env = dict(os.environ, BENCHBOX_LIBEXEC=args.fake_libexec)

    def path(self, name):
        return os.path.join(self.work, name)

    def benchbox(self, *arguments, expect=0):
        return run([self.driver, *arguments], env=self.env, expect=expect)

    def measured(self, name):
        """Two cases at two points each, two rows each, 5 repetitions: enough for compare.py's U test to run."""
        self.benchbox("fake", "-n", "step,pass", "--lib", "steady,faulty", "--ops", "2000", "--reps", "5", "--processes", "1",
                      "--no-pin", "--no-store", "--json", self.path(name), "-f", "csv", "-o", self.path(name + ".csv"))
        return self.path(name)

    def export(self, results, form, *options):
        out = self.path(f"{os.path.basename(results)}.{form}{''.join(options)}.json")
        self.benchbox("report", results, "-f", form, *options, "-o", out)
        return out


# ---- compare.py


def scipy_path(args):
    """Where Python finds SciPy: '' when Debian's python3-scipy is installed, else the unpacked one."""
    probe = "import numpy, scipy.stats"
    if subprocess.run([sys.executable, "-c", probe], capture_output=True).returncode == 0:
        return ""
    prefix = os.path.join(args.build, "third_party", "debian", "python3-scipy")
    extract = os.path.join(args.source, "scripts", "debian-extract.sh")
    tmp = os.path.join(args.work, "tmp")
    os.makedirs(tmp, exist_ok=True)
    p = subprocess.run([extract, prefix, "python3-scipy"], capture_output=True, text=True, env=dict(os.environ, TMPDIR=tmp))
    if p.returncode != 0:
        raise Skip(f"SciPy for compare.py: not installed, and {p.stderr.strip()}")
    where = os.path.join(prefix, "usr", "lib", "python3", "dist-packages")
    p = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=where))
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["?"])[-1]
        raise Skip(f"SciPy unpacked in {prefix} does not import ({last}): apt-get install python3-numpy liblbfgsb0 libgfortran5")
    return where


def compare(old, new, python_path, *options):
    env = dict(os.environ, PYTHONPATH=python_path) if python_path else None
    out = run([sys.executable, COMPARE_PY, "--no-color", *options, "benchmarks", old, new], env=env)
    check("Traceback" not in out, f"compare.py failed:\n{out}")
    return out


def compared_line(out, name):
    """compare.py's line of `name`: its fields, the name, the time and CPU change, then old and new
    time and CPU (rounded to whole units)."""
    for line in out.splitlines():
        fields = line.split()
        if fields and fields[0] == name:
            return fields
    raise Failure(f"compare.py printed no line for {name}:\n{out}")


def medians(results_file):
    """Each row's median in benchbox's results file, by its gbench name (one-axis points)."""
    rows = json.load(open(results_file))["results"]
    return {f"{r['module']}/{r['case']}/{r['param']}/{r['library']}": r["median"] for r in rows if r["status"] == "ok"}


def gbench_medians(gbench_file):
    rows = json.load(open(gbench_file))["benchmarks"]
    return {b["run_name"]: b["real_time"] for b in rows if b.get("aggregate_name") == "median"}


def check_compare_py(args):
    if not os.path.exists(COMPARE_PY):
        raise Skip(f"{COMPARE_PY} not found (apt-get install libbenchmark-tools)")
    python_path = scipy_path(args)
    fake = Fake(args)
    old, new = fake.measured("old.json"), fake.measured("new.json")

    # With the aggregates (the default): every repetition for the U test, and each aggregate compared.
    old_with, new_with = fake.export(old, "gbench"), fake.export(new, "gbench")
    out = compare(old_with, new_with, python_path)
    old_medians, new_medians = medians(old), medians(new)
    rows = sorted(old_medians)  # the two cases at their suite's two points, two libraries each
    check(len(rows) == 8 and rows == sorted(new_medians), f"rows of {old}: {rows}; of {new}: {sorted(new_medians)}")
    check(gbench_medians(old_with) == old_medians, f"{old_with}: medians {gbench_medians(old_with)}, the rows' {old_medians}")
    for name in rows:
        # Its change column (4 decimals) is the change of the medians written: it read them as they are.
        line = compared_line(out, name + "_median")
        change = (new_medians[name] - old_medians[name]) / old_medians[name]
        check(abs(float(line[1]) - change) <= 0.00005 + 1e-12,
              f"compare.py: {name}_median changed by {line[1]}, the medians written by {change:+.4f}")
        for aggregate in ("_mean", "_stddev", "_cv", "_pvalue"):
            compared_line(out, name + aggregate)
    compared_line(out, "OVERALL_GEOMEAN")
    shown = compare(old_with, new_with, python_path, "--display_aggregates_only")
    check("fake/pass/0/steady " not in shown and "fake/pass/0/steady_median" in shown,
          f"--display_aggregates_only showed repetitions or no aggregate:\n{shown}")

    # Without them: the repetitions alone, U-tested; no aggregate line.
    out = compare(fake.export(old, "gbench", "--gbench-aggregates=none"), fake.export(new, "gbench", "--gbench-aggregates=none"),
                  python_path)
    for name in rows:
        compared_line(out, name)
        compared_line(out, name + "_pvalue")
        check(name + "_median" not in out, f"--gbench-aggregates none: {name}_median compared:\n{out}")

    # Aggregates only (--benchmark_report_aggregates_only): one value per name, no U test.
    out = compare(fake.export(old, "gbench", "--gbench-aggregates=only"), fake.export(new, "gbench", "--gbench-aggregates=only"),
                  python_path)
    for name in rows:
        compared_line(out, name + "_median")
        check(not re.search(re.escape(name) + r"\s", out) and name + "_pvalue" not in out,
              f"--gbench-aggregates only: a repetition of {name} or a U test:\n{out}")
    return "compare.py compared two runs' gbench exports with, without and with only the aggregate rows"


# ---- github-action


def with_a_score_row(results_file, out_file):
    """The run's results with a row whose figure is higher is better (a conformance score)."""
    results = json.load(open(results_file))
    row = json.loads(json.dumps(results["results"][0]))
    row.update({"case": "conformance", "figure": {"id": "score", "kind": "score", "unit": "%", "label": "score",
                                                  "lower_is_better": False, "description": "inputs passed",
                                                  "summary": "exact"},
                "reps": [97.5, 97.5], "median": 97.5, "rate": None, "extra_figures": {}})
    results["results"].append(row)
    json.dump(results, open(out_file, "w"))
    return out_file


def check_github_action(args):
    try:
        import jsonschema
    except ImportError:
        raise Skip("python3-jsonschema not installed (apt-get install python3-jsonschema)")
    fake = Fake(args)
    results = with_a_score_row(fake.measured("run.json"), fake.path("mixed.json"))
    schema = json.load(open(os.path.join(args.source, "tests", "exports", "github-action.schema.json")))
    validator = jsonschema.Draft202012Validator(schema)
    written = {r["median"]: r for r in json.load(open(results))["results"] if r["status"] == "ok"}
    for form, direction, count in (("github-action", "lower is better: tool customSmallerIsBetter", 8),
                                   ("github-action-bigger", "higher is better: tool customBiggerIsBetter", 1)):
        entries = json.load(open(fake.export(results, form)))
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(entries)]
        check(not errors, f"{form}: not the documented format:\n" + "\n".join(errors[:5]))
        check(len(entries) == count, f"{form}: {len(entries)} entries, expected {count}: {entries}")
        names = [e["name"] for e in entries]
        check(len(set(names)) == len(names), f"{form}: a name twice: {names}")
        for e in entries:
            check(e["extra"].split("\n")[1] == direction, f"{form}: {e['name']} does not say '{direction}': {e['extra']!r}")
            check(e["value"] in written, f"{form}: {e['name']}: value {e['value']} is no row's median")
    fake.benchbox("report", fake.measured("times.json"), "-f", "github-action-bigger", expect=2)
    return "github-action and github-action-bigger files valid against the documented format, each of its direction"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reader", choices=["compare-py", "github-action"])
    for option in ("--benchbox", "--fake-libexec", "--source", "--build", "--work"):
        parser.add_argument(option, required=True)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    try:
        print("ok:", check_compare_py(args) if args.reader == "compare-py" else check_github_action(args))
    except Skip as e:
        print(f"skipped: {e}")
        return SKIP
    except Failure as e:
        print(f"FAIL: {e}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
