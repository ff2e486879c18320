#!/usr/bin/env bash
# The HTML report in a real browser: headless Chromium loads a page made from a results file full
# of markup (<script>, quotes) and must log no console error (a script that ran, a resource it
# tried to fetch, a CSP violation), must render the charts, and takes a screenshot to look at.
# Usage: check_html.sh BENCHBOX WORKDIR. Exit 77 (skipped) when chromium is not installed.
set -euo pipefail
benchbox=$1 work=$2
. "$(dirname "$0")/chromium.sh"

row() {  # library status reason reps...
  local lib=$1 status=$2 reason=$3; shift 3
  local reps; reps=$(IFS=,; echo "$*")
  printf '{"module": "coroutine", "case": "switch", "param": 2, "param_label": "2 coroutines", "unit": "switches",
  "library": %s, "version": "1.0 <b>\\"v\\"</b>", "status": "%s", "reason": %s, "verified": %s, "ops": 100000,
  "reps": [%s], "processes": 1, "style": "symmetric", "stack_bytes": 65536, "notes": "", "cycles_per_op": null,
  "instructions_per_op": null}' "$lib" "$status" "$reason" "$([ "$status" = ok ] && echo true || echo false)" "$reps"
}
hostile='"<script>console.error(\"XSS\")</script><img src=x onerror=\"console.error(1)\">'"'"'&"'
cat > "$work/results.json" <<JSON
{"schema": "benchbox-results", "schema_version": 1,
 "context": {"host": $hostile, "cpu_model": "Test CPU <i>", "os": "Debian", "date": "2024-01-01T00:00:00Z"},
 "warnings": [$hostile], "interrupted": false,
 "results": [
  $(row '"floor"' ok '""' 2.0 2.1 2.05),
  $(row '"tbox<script>console.error(2)</script>"' ok '""' 10.0 10.4 10.2),
  $(row '"ucontext"' ok '""' 100 104 98),
  $(row '"libmill"' failed "$hostile"),
  $(row '"lua"' not_applicable '"no switch \"here\""')
 ]}
JSON
"$benchbox" report "$work/results.json" --format html --output "$work/page.html"

load page.html page

status=0
if grep -E "CONSOLE|Uncaught|Refused to|XSS" "$work/page.console.log"; then
  echo "FAIL: console errors while loading the page (above; all of it in $work/page.console.log)"; status=1
fi
svgs=$(grep -o "<svg" "$work/page.dom" | wc -l)
bars=$(grep -o 'class="bar"' "$work/page.dom" | wc -l)
if [ "$svgs" -ne 1 ] || [ "$bars" -ne 3 ]; then
  echo "FAIL: expected 1 chart with 3 bars in the rendered page, found $svgs chart(s), $bars bar(s)"; status=1
fi
if grep -q "<script" "$work/page.dom" || grep -q "<img" "$work/page.dom"; then
  echo "FAIL: markup from the results file became elements"; status=1
fi
if [ ! -s "$work/page.png" ]; then
  echo "FAIL: no screenshot"; cat "$work/page.screenshot.log"; status=1
fi
[ $status -eq 0 ] && echo "ok: page loads without console errors, 1 chart, 3 bars; screenshot $work/page.png"
exit $status
