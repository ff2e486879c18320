#!/usr/bin/env bash
# Every script a user may call answers --help with its usage (exit 0) and refuses an unknown
# option (non-zero) before doing any work: `scripts/setup.sh --help` used to start the set-up, and
# `scripts/stability.sh --help` made a folder named --help and ran three suites.
#   tests/setup/script_usage.sh SOURCE_DIR
set -uo pipefail
src=$1
failed=0
for script in setup.sh test.sh run.sh stability.sh stability.py accuracy.py count-diff.py build-tbox.sh debian-extract.sh floor-check.py modules.py enable-deb-src.sh; do
  help=$("$src/scripts/$script" --help 2>&1 </dev/null)
  rc=$?
  if [[ $rc -ne 0 || -z $help ]]; then
    echo "FAIL: scripts/$script --help: exit $rc, ${#help} characters of usage"; failed=1
  fi
  "$src/scripts/$script" --no-such-option >/dev/null 2>&1 </dev/null
  rc=$?
  if [[ $rc -eq 0 ]]; then echo "FAIL: scripts/$script --no-such-option: exit 0"; failed=1; fi
done
for stray in "$src/--help" "$src/--no-such-option"; do
  if [[ -e $stray ]]; then echo "FAIL: a script made $stray"; failed=1; fi
done
[[ $failed -eq 0 ]] && echo "every script: --help exit 0, an unknown option refused"
exit $failed
