#!/usr/bin/env python3
"""Is the coroutine module's floor the floor? (issue: "a floor that is the floor")

    scripts/floor-check.py [--build DIR] [--rounds R] [--cpu C] [N ...]

For each N (default: 2 and 1000 coroutines) it alternates, R times (default 3), the independent
bare ring (modules/coroutine/yardsticks/switch.cpp: the floor's switch written again, a plain
loop counter, nothing of benchbox) and `benchbox coroutine -n switch N --lib floor`, both pinned
to the same CPU, and prints each pair's ratio floor / yardstick and their median: the floor
should be within 5% of the bare ring (scripts/accuracy.py does the same for every module's pairs).
Then one full `benchbox coroutine -n switch N` run: every row below the floor is listed with
its stack (rows that switch no stack may be below it; a stackful row below it means the floor
is wrong). A benchmark, not a test: run it on a quiet machine and read the figures; exit status
is 0 unless a program fails.
"""
import argparse, os, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
sys.dont_write_bytecode = True  # no __pycache__ left in the source folder
import results  # noqa: E402  (the shared reader of results files, beside this script)

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--build", default="build/release", help="the build folder (default build/release)")
parser.add_argument("--rounds", type=int, default=3, help="alternations per N (default 3)")
parser.add_argument("--cpu", type=int, default=os.cpu_count() - 1, help="CPU to pin both to (default: the last)")
parser.add_argument("n", nargs="*", type=int, default=[2, 1000], help="coroutines (default 2 1000)")
args = parser.parse_args()
benchbox = os.path.join(args.build, "bin", "benchbox")
yardstick = os.path.join(args.build, "libexec", "benchbox", "coroutine", "yardsticks", "coroutine_yardstick")
for program in (benchbox, yardstick):
    if not os.access(program, os.X_OK):
        sys.exit(f"floor-check: {program} not found: build first (cmake --build {args.build})")


def run(argv):
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"floor-check: {' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[-300:]}")
    return done.stdout


def benchbox_rows(n, libraries, scratch):
    out = os.path.join(scratch, "run.json")
    argv = [benchbox, "coroutine", "-n", "switch", str(n), "--cpu", str(args.cpu), "--json", out]
    run(argv + (["--lib", libraries] if libraries else []))
    try:
        return [r for r in results.rows(benchbox, out) if r["status"] == "ok"]
    except results.ResultsError as e:
        sys.exit(f"floor-check: {e}")


def yardstick_ns(n):
    out = run(["taskset", "-c", str(args.cpu), yardstick, "ring", str(n), "50000000", "5"])
    values = [float(line.split()[1]) for line in out.splitlines() if line.startswith("ns_per_op ")]
    return statistics.median(values), out.strip()


with tempfile.TemporaryDirectory(prefix="floor-check.") as scratch:
    for n in args.n:
        print(f"== switch, {n} coroutines: floor against the hand-written yardstick, {args.rounds} alternations ==")
        ratios = []
        for r in range(args.rounds):
            hand, line = yardstick_ns(n)
            floor = benchbox_rows(n, "floor", scratch)[0]["median"]
            ratios.append(floor / hand)
            print(f"  round {r + 1}: yardstick {hand:.3f} ns, floor {floor:.3f} ns: floor / yardstick {floor / hand:.3f}")
        print(f"  median floor / yardstick: {statistics.median(ratios):.3f} (within 5%: <= 1.050)")
        ratios.sort()
        low, high = ratios[max(0, (len(ratios) - 1) // 4)], ratios[min(len(ratios) - 1, len(ratios) - 1 - (len(ratios) - 1) // 4)]
        print(f"  middle half of the ratios: {low:.3f} .. {high:.3f}")
        rows = benchbox_rows(n, None, scratch)
        floor_rows = [r for r in rows if r["library"] == "floor"]
        if not floor_rows:
            sys.exit(f"floor-check: the floor row of switch {n} has no number in the full run")
        floor = floor_rows[0]["median"]
        # Below the floor by the paired ratio of each round where the run has it, by medians otherwise.
        def below_floor(r):
            ratio = r.get("reference_ratio")
            return ratio["median"] < 1 if ratio else r["median"] < floor
        below = [r for r in rows if r["library"] != "floor" and below_floor(r)]
        print(f"  one full run: floor {floor:.3f} ns, {len(rows) - 1} other verified rows, {len(below)} below it"
              + "".join(f"\n    {r['library']}: {r['median']:.3f} ns ({', '.join(f'{k} {v}' for k, v in r.get('traits', {}).items())})"
                        for r in below))
