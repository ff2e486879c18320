#!/usr/bin/env bash
# Set up, build, and run every test through ctest.
set -euo pipefail
case "${1:-}" in  # no arguments: --help prints the comment above, anything else is refused
  "") ;;
  -h|--help) sed -n '2,2s/^# \{0,1\}//p' "$0"; exit 0 ;;
  *) echo "$(basename "$0"): takes no arguments ('$1'); see $(basename "$0") --help" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
# Temporary files of the tests and of benchbox (e.g. Callgrind's output) stay in the build folder.
mkdir -p build/tmp
export TMPDIR="$PWD/build/tmp"
ctest --preset release -j "$(nproc)"
# benchbox's own code under ASan and UBSan, built once with clang for these tests and the libFuzzer
# targets (docs/reliability.md): only what the unit, command-line, fault and fuzz tests need is
# built; the per-library integration tests run in the release build only.
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize -j "$(nproc)" \
  --target benchbox benchbox_unit_tests benchbox_fault_tests fuzz_results fuzz_protocol fuzz_cli
ctest --preset sanitize -j "$(nproc)" -L '^(unit|cli|faults|fuzz)$'
