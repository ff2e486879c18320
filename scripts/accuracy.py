#!/usr/bin/env python3
"""Do benchbox's rows agree with minimal programs doing the same work? (docs/method.md, "Yardsticks")

    scripts/accuracy.py [--build DIR] [--rounds R] [--cpu C] [--only TEXT] [--instructions] [MODULE ...]

Every module may declare, in modules/<module>/yardsticks/pairs.json, rows to check against a
yardstick: a minimal program built from that folder with nothing of benchbox in it (no adapter
header, no bookkeeping of ours). R rounds (default 15), each running every selected pair once:
one benchbox process (`benchbox MODULE -n CASE PARAM --lib LIBRARY --processes 1`: its default
warm-up, one timed trial; a PARAM of several words, "sha256 16", gives a case of several axes its
values in order) and one yardstick process (one warm-up pass, one timed pass of the same
operations), back to back, in alternating order, both pinned to CPU C (default: the last, as
benchbox pins); a pair's rounds are thus spread over the whole run. A pair's "exact" maps a line of
the yardstick to a figure of the row that must equal it to the last digit ({"size":
"bytes_per_message"}: a serialized message's bytes), or the pair fails.
This host's speed changes from one second to the next, so only processes adjacent in time are
compared: each round gives benchbox / yardstick, and the pair's line shows the median of the
rounds with its distribution-free 95% interval (order statistics). A ratio near 1.00 means
benchbox times what a user's program would see. A benchmark, not a test: run it on a quiet
machine; exit status 0 unless a program fails.

--instructions compares instructions per operation instead, counted by Callgrind in the timed
region of both (`benchbox --instructions`; the yardsticks toggle Callgrind around their clock):
the same count on every run, whatever the host does, so one round is enough. It shows exactly
what benchbox adds to the work, where times cannot.
"""
import argparse, glob, json, math, os, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
sys.dont_write_bytecode = True  # no __pycache__ left in the source folder
import results  # noqa: E402  (the shared reader of results files, beside this script)
parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--build", default=os.path.join(ROOT, "build", "release"), help="the build folder (default build/release)")
parser.add_argument("--rounds", type=int, default=15, help="alternations per pair (default 15)")
parser.add_argument("--cpu", type=int, default=os.cpu_count() - 1, help="CPU both are pinned to (default: the last)")
parser.add_argument("--instructions", action="store_true", help="compare Callgrind's instruction counts (one round)")
parser.add_argument("--only", default="", help="only the pairs whose 'case param library' contains this text")
parser.add_argument("modules", nargs="*", help="modules (default: every module with yardsticks)")
args = parser.parse_args()
if args.rounds < 1:
    sys.exit("accuracy: --rounds must be at least 1")
benchbox = os.path.join(args.build, "bin", "benchbox")
libexec = os.path.join(args.build, "libexec", "benchbox")
if not os.access(benchbox, os.X_OK):
    sys.exit(f"accuracy: {benchbox} not found: build first (cmake --build {args.build})")


def run(argv, pair=None, yardstick=False, **kw):
    # A pair's "env" (an allocator's tunables, say) holds for both sides alike; its "yardstick_env"
    # for the yardstick alone (a row that sets the same in its own environment: glibc@no-trim).
    settings = dict(pair.get("env", {}), **(pair.get("yardstick_env", {}) if yardstick else {})) if pair else {}
    env = dict(os.environ, **settings) if settings else None
    done = subprocess.run(argv, capture_output=True, text=True, env=env, **kw)
    if done.returncode != 0:
        sys.exit(f"accuracy: {' '.join(argv)} failed ({done.returncode}): {(done.stderr or done.stdout).strip()[-400:]}")
    return done.stdout


def benchbox_row(module, pair, scratch):
    out = os.path.join(scratch, "row.json")
    run([benchbox, module, "-n", pair["case"], *pair["param"].split(), "--lib", pair["library"], "--cpu", str(args.cpu),
         "--processes", "1", "--reps", "1", "--json", out] +
        (["--instructions"] + (["--ops", str(pair["instructions_ops"])] if "instructions_ops" in pair else [])
         if args.instructions else []), pair)
    library, _, variant = pair["library"].partition(":")  # LIBRARY:VARIANT, one level of a codec
    rows = [r for r in read_rows(out)
            if r["library"] == library and (not variant or r.get("variant") == variant)]
    if not rows or rows[0]["status"] != "ok":
        sys.exit(f"accuracy: {module} {pair['case']} {pair['param']} {pair['library']}: no verified row "
                 f"({rows[0]['reason'] if rows else 'none'})")
    row = rows[0]
    ratio = row.get("extra_figures", {}).get("ratio", {}).get("median")
    # A rate (MB/s, higher is better) becomes a time per call, so that every ratio reads as
    # benchbox's time / the yardstick's.
    figure = 1 / row["median"] if row.get("figure", {}).get("kind") == "rate" else row["median"]
    # A pair's "exact" figures (a message's size in bytes): the row's, to be the yardstick's to the last digit.
    exact = {}
    for key, figure_id in pair.get("exact", {}).items():
        if figure_id not in row.get("extra_figures", {}):
            sys.exit(f"accuracy: {module} {label(pair)}: the row has no figure '{figure_id}' (pairs.json \"exact\")")
        exact[key] = row["extra_figures"][figure_id]["median"]
    return figure, row["ops"], ratio, exact


def read_rows(path):
    try:
        return results.rows(benchbox, path)
    except results.ResultsError as e:
        sys.exit(f"accuracy: {e}")


def printed(out):
    """The yardstick's lines `KEY VALUE ...`: KEY -> its first values, one per line."""
    values = {}
    for line in out.splitlines():
        key, _, value = line.partition(" ")
        values.setdefault(key, []).append(float(value.split()[0]))  # "check V1 V2": its first value
    return values


def yardstick_ns(module, pair, ops):
    folder = os.path.join(libexec, module, "yardsticks")
    argv = [a.format(param=pair["param"], ops=ops, data=os.path.join(libexec, module, "data")) for a in pair["yardstick"]]
    argv[0] = os.path.join(folder, argv[0])
    if not os.access(argv[0], os.X_OK):
        sys.exit(f"accuracy: {argv[0]} not built (a run's set-up builds no yardsticks: cmake --build --preset release; "
                 f"or its libraries are missing)")
    if args.instructions:
        counted = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"accuracy-callgrind-{os.getpid()}.out")
        try:
            out = run(["valgrind", "--tool=callgrind", "--collect-atstart=no", "--dump-line=no",
                 f"--callgrind-out-file={counted}"] + argv, pair, yardstick=True)
            totals = [int(line.split()[1]) for line in open(counted) if line.startswith(("totals:", "summary:"))]
        finally:
            if os.path.exists(counted):
                os.remove(counted)
        if not totals or totals[-1] == 0:
            sys.exit(f"accuracy: {' '.join(argv)}: Callgrind counted nothing (does the yardstick toggle collection around its clock?)")
        return totals[-1] / ops, None, printed(out) if pair.get("exact") else {}
    out = run(["taskset", "-c", str(args.cpu)] + argv, pair, yardstick=True)
    values = printed(out)
    if values.get("check") == [0.0]:
        sys.exit(f"accuracy: {' '.join(argv)}: the yardstick's own round trip failed")
    if pair.get("expected_matches_from"):  # the yardstick's count against what benchbox verified every engine against
        expected_file = pair["expected_matches_from"].format(data=os.path.join(libexec, module, "data"))
        expected = json.load(open(expected_file))[pair["param"]]["count"]
        if values.get("matches") != [float(expected)]:
            sys.exit(f"accuracy: {' '.join(argv)}: {values.get('matches')} matches, expected {expected} ({expected_file})")
    if "mb_per_s" in values:  # a rate: the time per call, as benchbox_row gives it, and the exact ratio
        return 1 / statistics.median(values["mb_per_s"]), values.get("ratio", [None])[0], values
    return statistics.median(values["ns_per_op"]), None, values


def median_interval(values):
    """The median and a distribution-free interval of it: order statistics k and n-1-k of the
    sorted values, k the largest with P(Binomial(n, 1/2) < k+1) <= 2.5% (about 95%)."""
    v, n = sorted(values), len(values)
    k, tail = 0, 0.0
    while True:
        tail_next = tail + math.comb(n, k) / 2 ** n
        if tail_next > 0.025 or k >= (n - 1) // 2:
            break
        tail, k = tail_next, k + 1
    return statistics.median(v), v[k], v[n - 1 - k]


def label(pair):
    env = " ".join(f"{k}={v}" for k, v in dict(pair.get("env", {}), **pair.get("yardstick_env", {})).items())
    return f"{pair['case']} {pair['param']} {pair['library']}" + (f" ({env})" if env else "")


def one_round(module, pair, scratch, r, ops):
    """benchbox / yardstick for one pair, back to back; `ops` is the row's, from an earlier round."""
    if r % 2 == 0 or ops is None:  # alternate which side goes first, so that a drifting host favours neither
        bb, ops, bb_exact, bb_figures = benchbox_row(module, pair, scratch)
        ys, ys_exact, ys_values = yardstick_ns(module, pair, ops)
    else:
        ys, ys_exact, ys_values = yardstick_ns(module, pair, ops)
        bb, ops, bb_exact, bb_figures = benchbox_row(module, pair, scratch)
    if ys_exact is not None and bb_exact != ys_exact:  # a compression ratio: the same sizes, exactly
        sys.exit(f"accuracy: {module} {pair['case']} {pair['library']}: ratio {bb_exact!r} in benchbox, "
                 f"{ys_exact!r} in the yardstick: not the same compressed size")
    for key, want in bb_figures.items():  # a serialized message's size: the same bytes, exactly
        if ys_values.get(key) != [want]:
            sys.exit(f"accuracy: {module} {label(pair)}: {pair['exact'][key]} {want!r} in benchbox, "
                     f"{key} {ys_values.get(key)!r} in the yardstick: not the same work")
    return bb, ys, ys_exact, ops


def report(pair, ratios, bb, ys, ys_exact):
    print(f"  {label(pair)}: " + " ".join(f"{x:.3f}" for x in ratios))
    mid, low, high = median_interval(ratios)
    unit = "instructions/op" if args.instructions else "ns/op"
    if ys_exact is not None:  # compared as rates: show them as such
        bb, ys, unit = 1 / bb, 1 / ys, "MB/s"
    print(f"    benchbox {bb:.4g} {unit}, yardstick {ys:.4g} {unit} (last round); "
          f"benchbox / yardstick: median {mid:.3f}, 95% interval {low:.3f}..{high:.3f}")
    return mid, low, high


modules = args.modules or sorted(os.path.basename(os.path.dirname(os.path.dirname(p)))
                                 for p in glob.glob(os.path.join(ROOT, "modules", "*", "yardsticks", "pairs.json")))
selected = []  # (module, pair)
for module in modules:
    declared = os.path.join(ROOT, "modules", module, "yardsticks", "pairs.json")
    if not os.path.exists(declared):
        sys.exit(f"accuracy: module '{module}' declares no yardsticks ({declared})")
    selected += [(module, pair) for pair in json.load(open(declared))["pairs"]
                 if args.only in f"{pair['case']} {pair['param']} {pair['library']}"]
# Rounds outermost: each round runs every pair once, so that a pair's rounds spread over the whole
# run. The host's slow spells last a minute or so and do not always slow both sides alike; run
# back to back, all rounds of a pair fell into one spell, and its median moved from one run to
# the next by more than its interval said (docs/method.md, "Yardsticks").
rounds = 1 if args.instructions else args.rounds
ratios, last, ops = [[] for _ in selected], [None] * len(selected), [None] * len(selected)
print(f"== {len(selected)} pairs, {rounds} round(s), each running every pair once (benchbox, then the "
      f"yardstick, or the other way round), CPU {args.cpu} ==")
with tempfile.TemporaryDirectory(prefix="accuracy.", dir=os.environ.get("TMPDIR")) as scratch:
    for r in range(rounds):
        print(f"  round {r + 1}: ", end="", flush=True)
        for i, (module, pair) in enumerate(selected):
            bb, ys, ys_exact, ops[i] = one_round(module, pair, scratch, r, ops[i])
            ratios[i].append(bb / ys)
            last[i] = (bb, ys, ys_exact)
            print(".", end="", flush=True)
        print()
summary = []
for module in modules:
    print(f"== {module}: benchbox / yardstick, round by round ==")
    for i, (m, pair) in enumerate(selected):
        if m == module:
            summary.append((module, pair, report(pair, ratios[i], *last[i])))
print("== summary: median of the rounds' ratios and its 95% interval (0.95..1.05: agrees) ==")
width = {key: max((len(m if key == "module" else p[key]) for m, p, _ in summary), default=0)
         for key in ("module", "case", "param", "library")}
for module, pair, (ratio, low, high) in summary:
    # "known": the pair's documented reason for differing (the library's own sensitivity, measured).
    verdict = "agrees" if 0.95 <= ratio <= 1.05 else f"OFF, known: {pair['known']}" if pair.get("known") else "OFF"
    env = " ".join(f"{k}={v}" for k, v in pair.get("env", {}).items())
    print(f"  {module:{width['module']}} {pair['case']:{width['case']}} {pair['param']:>{width['param']}} "
          f"{pair['library']:{width['library']}} {ratio:.3f}  {low:.3f}..{high:.3f}  {verdict}"
          + (f"  [{env}]" if env else ""))
