#!/usr/bin/env python3
"""Do two builds count the same instructions per operation? (docs/measurement.md, "Instruction counts")

    scripts/count-diff.py [--constant-malloc] [--keep DIR] BUILD_A BUILD_B MODULE [BENCHBOX ARGS ...]
    scripts/count-diff.py [--benchbox PATH] --results A.json B.json

Runs `benchbox MODULE ARGS --instructions --seed 1 --json FILE` from each build folder (its bin/
and libexec/) and compares every row's Callgrind count per operation: identical, within 0.1%, or
beyond (both counts shown). For a refactor's before and after. Give --ops in ARGS (a count then
does not depend on a calibration), not --seed or --json; this script's own options come before
BUILD_A. --results compares two results files of `--instructions` runs already made (read by
--benchbox, default build/release/bin/benchbox). Each file is read through `benchbox report`
(scripts/lib/results.py); each build's file by that build's own benchbox.

Why not `benchbox compare`: compare judges a change against a noise floor (5% by default) and calls
anything below it unchanged; a refactor must show every instruction count identical, or name each
difference, however small, and a row that fails the same way in both builds is no difference.

What else moves a count, and how this holds it still:
- the heap an adapter's set-up leaves (glibc's malloc takes more or fewer steps by its free lists):
  set-up strings hold the install path, so both builds are copied to folders of the same length;
  --constant-malloc also preloads scripts/constant_malloc.c (a pointer bump, free a no-op), after
  which a count no longer depends on what was allocated before. Memory is then never reused, in
  the driver too (about 4 GB for the hashing suite): keep --ops small. Refused where it cannot hold: the allocator module (it would replace the allocators
  it measures) and adapters that define malloc themselves (json's and hashmap's count their
  allocations that way; the loader would keep theirs).
- a library that seeds itself at random (json-c's hash): its count moves between two runs alike.
Exit status 0 when both runs wrote their results; a row failed in a run is listed, not an error.
"""
import argparse, glob, os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
sys.dont_write_bytecode = True  # no __pycache__ left in the source folder
import results  # noqa: E402  (the shared reader, beside this script)
parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--constant-malloc", action="store_true", help="preload a malloc whose cost depends only on the request")
parser.add_argument("--keep", help="keep the copies and the results files in this (new or empty) folder")
parser.add_argument("--benchbox", default=results.DEFAULT_BENCHBOX, help="the benchbox that reads --results files")
parser.add_argument("--results", nargs=2, metavar=("A_JSON", "B_JSON"), help="compare two results files instead")
parser.add_argument("build_a", nargs="?")
parser.add_argument("build_b", nargs="?")
parser.add_argument("module", nargs="?")
parser.add_argument("args", nargs=argparse.REMAINDER, help="benchbox's arguments after the module")
args = parser.parse_args()


def fail(message):
    sys.exit(f"count-diff: {message}")


def rows_of(benchbox, results_file):
    """Every row of a results file: key -> (label, count per operation or None, reason, ops)."""
    try:
        read = results.rows(benchbox, results_file)
    except results.ResultsError as e:
        fail(str(e))
    rows = {}
    for r in read:
        counted = r["median"] if r["status"] == "ok" else None
        reason = re.sub(r"==\d+==", "==", r["reason"] or r["status"])  # Valgrind's lines name their process
        rows[results.key(r)] = (results.label(r), counted, reason, r["ops"])
    return rows


def defines_malloc(program):
    symbols = subprocess.run(["nm", "-D", "--defined-only", program], capture_output=True, text=True).stdout
    return any(line.split()[-1] == "malloc" for line in symbols.splitlines() if line.strip())


def run_build(build, side, work, env):
    copy = os.path.join(work, side, "install")  # "a" and "b": paths of one length
    os.makedirs(copy)
    for part in ("bin", "libexec"):
        shutil.copytree(os.path.join(build, part), os.path.join(copy, part), symlinks=True)
    if "LD_PRELOAD" in env:
        own = [p for p in glob.glob(os.path.join(copy, "libexec", "benchbox", args.module, "bin", "*")) if defines_malloc(p)]
        if own:
            fail(f"--constant-malloc cannot replace the malloc that {args.module}'s adapters define themselves "
                 f"({', '.join(sorted(os.path.basename(p) for p in own))}): run without it")
    benchbox = os.path.join(copy, "bin", "benchbox")
    helped = subprocess.run([benchbox, args.module, "--help"], capture_output=True, text=True, env=env)
    store = ["--no-store"] if "--no-store" in helped.stdout else []  # builds older than the store have none
    out = os.path.join(work, side, "results.json")
    run = subprocess.run([benchbox, args.module, *args.args, "--instructions", "--seed", "1", *store, "--json", out],
                         capture_output=True, text=True, env=env, cwd=work)
    if not os.path.exists(out):
        fail(f"{build}: benchbox wrote no results ({run.returncode}): {(run.stderr or run.stdout).strip()[-400:]}")
    return rows_of(benchbox, out)


def constant_malloc(work, env):
    library = os.path.join(work, "libconstant_malloc.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", library, os.path.join(ROOT, "scripts", "constant_malloc.c")],
                   check=True)
    probe = subprocess.run(["true"], capture_output=True, text=True, env=dict(env, LD_PRELOAD=library))
    if probe.stderr.strip():  # the loader says so when it cannot preload, and goes on without it
        fail(f"the constant-cost malloc does not preload: {probe.stderr.strip()}")
    return library


def measured():
    """Both builds' rows, run in copies at paths of one length."""
    if not (args.build_a and args.build_b and args.module):
        parser.error("BUILD_A BUILD_B MODULE are required (or --results A.json B.json)")
    if args.constant_malloc and args.module == "allocator":
        fail("--constant-malloc would replace the allocators the allocator module measures")
    for build in (args.build_a, args.build_b):
        if not os.access(os.path.join(build, "bin", "benchbox"), os.X_OK):
            fail(f"{build}/bin/benchbox not found (a build folder: build/release)")
    if args.keep and os.path.exists(args.keep) and os.listdir(args.keep):
        fail(f"{args.keep} is not empty")
    work = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="count-diff-")
    os.makedirs(work, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "BENCHBOX_LIBEXEC"}  # each copy runs its own adapters
    try:
        if args.constant_malloc:
            env["LD_PRELOAD"] = constant_malloc(work, env)
        return run_build(args.build_a, "a", work, env), run_build(args.build_b, "b", work, env)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def compare(a, b):
    identical, close, beyond, unlike, alike = [], [], [], [], 0
    for key in sorted(set(a) | set(b)):
        label = (a.get(key) or b.get(key))[0]
        ra, rb = a.get(key, (label, None, "not run", None)), b.get(key, (label, None, "not run", None))
        ca, cb = ra[1], rb[1]
        if ca is None and cb is None and ra[2] == rb[2]:
            alike += 1  # not applicable, or failing, the same way in both
            continue
        if ca is None or cb is None:
            side = lambda r: "counted" if r[1] is not None else r[2]
            unlike.append(f"  {label}  (A: {side(ra)}; B: {side(rb)})")
            continue
        change = (cb / ca - 1) * 100 if ca else float("inf")
        ops = f"  (ops {ra[3]} -> {rb[3]})" if ra[3] != rb[3] else ""
        line = f"  {label}  {ca:.1f} -> {cb:.1f}  {change:+.3f}%{ops}"
        (identical if cb == ca else close if abs(change) <= 0.1 else beyond).append(line)
    print(f"{len(identical)} rows identical, {len(close)} within 0.1%, {len(beyond)} beyond, {len(unlike)} not counted alike, "
          f"{alike} not counted in either for the same reason" + (" (constant-cost malloc preloaded)" if args.constant_malloc else ""))
    for title, lines in (("beyond 0.1%:", beyond), ("within 0.1%:", close), ("not counted alike:", unlike)):
        if lines:
            print(title)
            print("\n".join(lines))


if args.results:
    if args.build_a or args.constant_malloc or args.keep:
        parser.error("--results takes two results files and nothing else")
    compare(rows_of(args.benchbox, args.results[0]), rows_of(args.benchbox, args.results[1]))
else:
    compare(*measured())
