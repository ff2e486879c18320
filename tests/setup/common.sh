# shellcheck shell=bash disable=SC2034  # status is read by the tests that source this
# Sourced by the set-up tests on declarations: a failure is counted and the test goes on (it exits
# with $status at the end); a skip says why and exits 77.
status=0
fail() { echo "FAIL: $*"; status=1; }
skip() { echo "SKIP: $*"; exit 77; }
need_npm() { command -v npm >/dev/null 2>&1 || skip "no npm (scripts/setup.sh installs Debian's)"; }
