#!/usr/bin/env bash
# Usage: scripts/run.sh [MODULE] [ARGS...]
# Sets up what MODULE needs (default: coroutine) and only that, builds the driver and its adapters
# (Release), then runs `benchbox MODULE ARGS...`: with no ARGS, the module's suite.
# Run it again with another module to add that one; scripts/setup.sh MODULE... adds modules without running.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in -h|--help) sed -n '2,5s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
module=coroutine
# A module is a folder with a module.json (no python3 yet on a fresh machine: setup installs it).
if [ $# -gt 0 ] && [[ $1 != -* && $1 != */* ]] && [ -f "modules/$1/module.json" ]; then
  module=$1
  shift
fi
scripts/setup.sh --driver "$module"
# The command line checked by the driver before minutes of building adapters (--dry-run runs
# nothing; it goes first, so that it never lands after a `--` among a program's own arguments).
build/release/bin/benchbox "$module" --dry-run "$@" >/dev/null
cmake --build --preset release -j "$(nproc)" --target benchbox_runtime
# Temporary files of benchbox (e.g. Callgrind's output) stay in the build folder.
mkdir -p build/tmp
export TMPDIR="$PWD/build/tmp"
exec build/release/bin/benchbox "$module" "$@"
