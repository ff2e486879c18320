#!/usr/bin/env bash
# Runs one libFuzzer target of tests/fuzz for ctest (tests/fuzz/tests.cmake; docs/reliability.md).
#   fuzz.sh run FUZZER SEED_DIR WORK_DIR SECONDS run one fuzzer for a bounded time over the seeds
# A fuzzer that was not built fails the test: the build that declares the test makes it.
set -euo pipefail

case "${1:-}" in
run)
  fuzzer=$2 seeds=$3 work=$4 seconds=$5
  if [ ! -x "$fuzzer" ]; then  # the build declares it (BENCHBOX_FUZZERS): missing is a failure
    echo "FAIL: $fuzzer not built (the sanitize build makes it: cmake --build --preset sanitize)"
    exit 1
  fi
  rm -rf "$work"
  mkdir -p "$work/corpus" "$work/tmp"
  export TMPDIR="$work/tmp"  # fuzz_cli's empty working directory, and any other temporary file
  cp "$seeds"/* "$work/corpus/"
  cd "$work"
  # A crash leaves its input in $work/crash-*: replay it with "$fuzzer <file>".
  set +e
  "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 -close_fd_mask=3 \
    -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" > "$work/log" 2>&1
  rc=$?
  set -e
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$work/log" || true
  echo "$(basename "$fuzzer"): $(ls "$work/corpus" | wc -l) inputs in the corpus, exit status $rc"
  if [ "$rc" -ne 0 ]; then
    tail -n 60 "$work/log"
    exit 1
  fi
  ;;
*)
  echo "usage: fuzz.sh run FUZZER SEED_DIR WORK_DIR SECONDS" >&2
  exit 2
  ;;
esac
