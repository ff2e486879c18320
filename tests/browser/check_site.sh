#!/usr/bin/env bash
# The site (`benchbox site`) in a real browser. A fixture store of 3 machines (alpha, beta, gamma:
# --machine names) of 5 runs each of the fake module's step and pass cases (2 rows, 2 points
# each) is written as a site, timed; written again, which must keep every page; headless Chromium
# loads every page, and site_pages.py checks that none logs a console error, every link resolves
# to a page of the site, each case page has a section per machine and a trend chart with every
# run's points (3 x 5 x 2), and every tick has its unit. One run's HTML report draws the bars and
# the sweeps: their ticks have units, each line is labelled at its end. Then the 2016 report's
# published figures (scripts/published-2016.py, from $BENCHBOX_PUBLISHED_2016, default
# SOURCE/../shared/reference/benchbox-2016-published.csv; skipped where it is absent): imported
# in the CSV's order, each case page shows the three machines in that order and every figure.
# Usage: check_site.sh DRIVER FAKE_LIBEXEC SOURCE WORKDIR. Exit 77 (skipped) without chromium.
set -euo pipefail
driver=$1 libexec=$2 source=$3 work=$4
. "$(dirname "$0")/chromium.sh"
export BENCHBOX_LIBEXEC=$libexec
status=0
fail() { echo "FAIL: $*"; status=1; }

machines=(alpha beta gamma) runs=5
for run in $(seq $runs); do
  for m in "${machines[@]}"; do
    "$driver" fake -n step,pass --ops 2000 --reps 3 --processes 1 --no-pin --store "$work/store.sqlite" --machine "$m" \
      --json "$work/$m.json" -f csv -o /dev/null > /dev/null 2>> "$work/runs.log"
  done
done
start=$(date +%s%N)
"$driver" site -o "$work/site" --store "$work/store.sqlite" | tee "$work/site.out"
echo "the site of ${#machines[@]} machines x $runs runs written in $(( ($(date +%s%N) - start) / 1000000 )) ms (with the program's start)"
"$driver" site -o "$work/site" --store "$work/store.sqlite" > "$work/again.out"
grep -q " 0 pages written" "$work/again.out" || fail "a second write with nothing new rewrote pages: $(cat "$work/again.out")"

load_site() {  # every page of the site in folder $1: its DOM, console and screenshot in doms-$1/, a page's / as _
  local page
  mkdir -p "$work/doms-$1" "$work/profile-doms-$1"
  while IFS= read -r page; do
    load "$1/$page" "doms-$1/${page//\//_}"
  done < <(cd "$work/$1" && find . -name '*.html' -printf '%P\n' | sort)
}
load_site site
python3 "$(dirname "$0")/site_pages.py" "$work/site" "$work/doms-site" --machines ${#machines[@]} --runs $runs --rows 2 || status=1

# Bars, sweeps and frontiers of one run (its HTML report): the figures' ticks with units (a sweep's parameter, a count, is
# plain), each sweep's lines labelled at their ends.
# A frontier too: each row given a further figure that trades against the time (bytes, as a codec's
# size against its speed), its own per row.
python3 - "$work/alpha.json" "$work/frontier.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for i, row in enumerate(r["results"]):
    spec = {"id": "size_bytes", "kind": "bytes", "unit": "B", "label": "bytes", "lower_is_better": True, "trade_off": True,
            "description": "a size to trade against the time (test data)"}
    row["extra_figures"] = {"size_bytes": {"figure": spec, "reps": [4096.0 * (1 + 31 * (i % 2))] * len(row["reps"])}}
json.dump(r, open(sys.argv[2], "w"))
PY
"$driver" report "$work/frontier.json" -f html -o "$work/report.html"
load report.html report
ticks=$(grep -o 'class="tick"[^>]*>[^<]*<' "$work/report.dom" | sed 's/.*>\(.*\)</\1/')
[ -n "$ticks" ] || fail "report.html: no ticks"
if echo "$ticks" | grep -vE '^0$|[a-zA-Zµ%]' | grep -q .; then fail "report.html: ticks without a unit: $(echo "$ticks" | grep -vE '^0$|[a-zA-Zµ%]' | tr '\n' ' ')"; fi
frontiers=$(grep -o 'class="point frontier"' "$work/report.dom" | wc -l)
[ "$frontiers" -ge 4 ] || fail "report.html: $frontiers frontier points, expected one or more in each of the 4 cases"
grep -qE ">[0-9.]+ kB</text>" "$work/report.dom" || fail "report.html: the frontier's bytes axis has no tick in kB"
labels=$(grep -o 'class="end-label"' "$work/report.dom" | wc -l)
[ "$labels" -eq 4 ] || fail "report.html: $labels line labels, expected 4 (2 sweeps of 2 rows)"
grep -E "CONSOLE|Uncaught|Refused to" "$work/report.console.log" && fail "report.html: console errors"

csv=${BENCHBOX_PUBLISHED_2016:-$source/../shared/reference/benchbox-2016-published.csv}
if [ -f "$csv" ]; then
  mkdir -p "$work/p16"
  "$source/scripts/published-2016.py" "$csv" "$work/p16" --date 2016-01-01 > "$work/p16/files.txt"
  mapfile -t files < <(sed 's/: .*//' "$work/p16/files.txt")  # in the CSV's order of machines
  "$driver" store import --store "$work/p16/store.sqlite" "${files[@]}" > /dev/null
  (cd "$work" && "$driver" site -o p16site --store p16/store.sqlite)
  load_site p16site
  python3 "$(dirname "$0")/site_pages.py" "$work/p16site" "$work/doms-p16site" --machines 3 --runs 1 --published "$csv" || status=1
else
  echo "skipped: the 2016 figures ($csv not found)"
fi
[ $status -eq 0 ] && echo "ok: every page of the sites loads without a console error, its links resolve, its charts hold every run"
exit $status
