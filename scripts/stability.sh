#!/usr/bin/env bash
# Evidence for docs/measurement.md (issue 12): runs a module's suite N times back to back, then
# prints how far each row's median moves between runs (median, 90th percentile and worst over
# rows), the pairs of libraries whose medians differ by more than 10% and still change order,
# and how many rows were marked unstable. Reads results files of any benchbox version (through BENCHBOX).
#   scripts/stability.sh [OUTDIR [N [BENCHBOX [MODULE [benchbox args...]]]]]
set -euo pipefail
usage() { sed -n '2,6s/^# \{0,1\}//p' "$0"; }
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  -*) echo "scripts/stability.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
out=${1:-build/stability}
runs=${2:-3}
bb=${3:-build/release/bin/benchbox}
module=${4:-coroutine}
shift $(( $# < 4 ? $# : 4 ))
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "scripts/stability.sh: N must be a positive whole number, not '$runs'" >&2; exit 2; }
[[ -x $bb ]] || { echo "scripts/stability.sh: no benchbox at $bb (build it, or name it as the third argument)" >&2; exit 2; }
mkdir -p "$out" build/tmp
export TMPDIR="$PWD/build/tmp"  # benchbox's temporary files stay in the build folder
for run in $(seq 1 "$runs"); do
  start=$(date +%s%N)
  "$bb" "$module" --json "$out/run-$run.json" "$@" >"$out/run-$run.txt" 2>&1 || true
  echo "run $run: $(( ($(date +%s%N) - start) / 1000000 )) ms"
done
python3 scripts/stability.py "$out" run "$runs" "$bb"
