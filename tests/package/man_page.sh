#!/usr/bin/env bash
# The manual page the build made (cmake/BenchboxManPage.cmake), as man renders it: no warning from
# groff, its sections, and every command, module and option this benchbox has (as it names them
# itself, `benchbox __complete`) in it. Skipped (77) when the build made no page (no help2man).
#   tests/package/man_page.sh BENCHBOX PAGE
set -euo pipefail
benchbox=$1 page=$2
[ -f "$page" ] || { echo "SKIP: no manual page in this build (help2man was not installed when it was configured)"; exit 77; }
command -v man >/dev/null || { echo "SKIP: man is not installed (apt-get install man-db)"; exit 77; }
text=$(MANWIDTH=100 man -E ascii -l "$page")
warnings=$(MANWIDTH=100 man -E ascii --warnings -l "$page" 2>&1 >/dev/null)
[ -z "$warnings" ] || { echo "FAIL: groff warns: $warnings"; exit 1; }
failures=0
has() { grep -qF -- "$1" <<<"$text" || { echo "FAIL: the page does not show '$1'"; failures=$((failures + 1)); }; }
for section in NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS MODULES "EXIT STATUS" ENVIRONMENT FILES "SEE ALSO"; do
  grep -qx "$section" <<<"$text" || { echo "FAIL: no $section section"; failures=$((failures + 1)); }
done
words() { "$benchbox" __complete "$@" | tail -n +2; }
for command in $(words ""); do
  has "benchbox $command ["
  for option in $(words "$command" --); do
    [ "$option" = --help ] || has "$option"
  done
done
has "$("$benchbox" --version)"
((failures == 0)) || exit 1
echo "man: $(wc -l <<<"$text") lines, every command, module and option of $(words "" | wc -l) commands and modules"
