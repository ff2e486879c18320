#!/usr/bin/env bash
# The trend page and chart (`benchbox trend`) in a real browser: headless Chromium loads the pages a
# fixture of stored rows makes (tests/browser/trend_fixture.cpp: two points, a 10% step called in
# one row at both, a failed run, a second machine, a row named with markup) against each x axis,
# and the standalone SVG. Each must log no console error, draw its charts, lines and change marks,
# turn no stored string into an element, and give a screenshot to look at.
# Usage: check_trend.sh FIXTURE_PROGRAM WORKDIR. Exit 77 (skipped) when chromium is not installed.
set -euo pipefail
fixture=$1 work=$2
. "$(dirname "$0")/chromium.sh"
"$fixture" "$work"

status=0
# page, charts (<svg> elements), series (a line per row and machine), change marks
check() {
  local page=$1 svgs=$2 series=$3 changes=$4 name=${1%.*}
  load "$page" "$name"
  if grep -E "CONSOLE|Uncaught|Refused to|XSS" "$work/$name.console.log"; then
    echo "FAIL: $page: console errors while loading (above; all of it in $work/$name.console.log)"; status=1
  fi
  local found_svgs found_series found_changes
  found_svgs=$(grep -o "<svg" "$work/$name.dom" | wc -l)
  found_series=$(grep -o 'class="series"' "$work/$name.dom" | wc -l)
  found_changes=$(grep -o 'class="change"' "$work/$name.dom" | wc -l)
  if [ "$found_svgs" -ne "$svgs" ] || [ "$found_series" -ne "$series" ] || [ "$found_changes" -ne "$changes" ]; then
    echo "FAIL: $page: expected $svgs <svg>, $series series, $changes change marks in the rendered page;" \
         "found $found_svgs, $found_series, $found_changes"; status=1
  fi
  if grep -q "<script" "$work/$name.dom" || grep -q "<img" "$work/$name.dom"; then
    echo "FAIL: $page: markup from the stored rows became elements"; status=1
  fi
  if [ ! -s "$work/$name.png" ]; then
    echo "FAIL: $page: no screenshot"; cat "$work/$name.screenshot.log"; status=1
  fi
}
# Time and revision: a chart per point (2), 5 + 4 series, tbox's step at both points.
check trend-time.html 2 9 2
check trend-revision.html 2 9 2
# Version: a chart per point and row (4 + 4), the second machine's tbox in tbox's chart.
check trend-version.html 8 9 2
# The standalone SVG: one document holding both points' charts.
check trend.svg 3 9 2
[ $status -eq 0 ] && echo "ok: 4 pages load without console errors and draw their charts, lines and changes; screenshots in $work"
exit $status
