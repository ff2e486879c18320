#!/usr/bin/env bash
# The libFuzzer targets of tests/fuzz, for ctest (tests/fuzz/tests.cmake; docs/reliability.md).
#   fuzz.sh build SOURCE_DIR BUILD_DIR          configure tests/fuzz with clang++ and build the fuzzers
#   fuzz.sh run FUZZER SEED_DIR WORK_DIR SECONDS run one fuzzer for a bounded time over the seeds
# Exit status 77 (ctest: skipped) where clang++ or libFuzzer's runtime is missing.
set -euo pipefail

case "${1:-}" in
build)
  source_dir=$2 build_dir=$3
  clangxx=$(command -v clang++ || command -v clang++-14 || true)
  if [ -z "$clangxx" ]; then
    echo "SKIP: clang++ not found (apt-get install clang libclang-rt-14-dev)"
    exit 77
  fi
  mkdir -p "$build_dir/probe" "$build_dir/tmp"
  export TMPDIR="$build_dir/tmp"  # clang's and the build's temporary files stay out of /tmp
  printf '#include <cstddef>\n#include <cstdint>\nextern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n' \
    > "$build_dir/probe/probe.cpp"
  if ! "$clangxx" -fsanitize=fuzzer,address,undefined "$build_dir/probe/probe.cpp" -o "$build_dir/probe/probe" \
      > "$build_dir/probe/log" 2>&1; then
    echo "SKIP: $clangxx cannot link a libFuzzer target (apt-get install libclang-rt-14-dev):"
    cat "$build_dir/probe/log"
    exit 77
  fi
  rm -f "$build_dir"/fuzz_results "$build_dir"/fuzz_protocol "$build_dir"/fuzz_cli  # never run a stale fuzzer
  cmake -S "$source_dir" -B "$build_dir" -DCMAKE_CXX_COMPILER="$clangxx" >/dev/null
  cmake --build "$build_dir" -j "$(nproc)"
  ;;
run)
  fuzzer=$2 seeds=$3 work=$4 seconds=$5
  if [ ! -x "$fuzzer" ]; then
    echo "SKIP: $fuzzer not built (see the test fuzz.build)"
    exit 77
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
  echo "usage: fuzz.sh build SOURCE_DIR BUILD_DIR | run FUZZER SEED_DIR WORK_DIR SECONDS" >&2
  exit 2
  ;;
esac
