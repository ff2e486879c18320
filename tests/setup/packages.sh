#!/usr/bin/env bash
# scripts/setup.sh's package resolution (scripts/modules.py packages) against throw-away declarations and
# a throw-away dpkg database, not this machine's: a tree with scripts/project.json and two modules
# that share a package and a set-up step, one declaring an npm data set and a Debian data set. The
# computed list must be the declared packages in order, each once, plus the Debian data set's
# package, plus npm only when no npm is on PATH; --missing must leave out exactly what the
# throw-away dpkg status lists as installed. Malformed declarations are refused with one line and
# exit status 2. Last, on this tree: scripts/setup.sh names no package that only a module declares.
#
# Usage: packages.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir=$1 work=$(realpath -m "$2")
# shellcheck source=tests/setup/common.sh
source "$(dirname "$0")/common.sh"
command -v dpkg-query >/dev/null 2>&1 || skip "no dpkg-query: not a Debian system"
modules=$source_dir/scripts/modules.py

rm -rf "$work" && mkdir -p "$work/tree/scripts" "$work/tree/modules/alpha" "$work/tree/modules/beta"
export TMPDIR="$work/tmp" && mkdir -p "$TMPDIR"
tree=$work/tree
cat >"$tree/scripts/project.json" <<'EOF'
{"debian": {"build": ["cmake", "g++"]}, "tests": {"debian": {"tools": ["valgrind"]}}}
EOF
cat >"$tree/modules/alpha/module.json" <<'EOF'
{"debian": {"libraries under test": ["liba-dev", "libshared-dev"], "tools": ["cmake"]},
 "steps": {"tool": {"run": ["scripts/tool.sh"]}},
 "data": {"words-1": {"npm": "words@1.0.0",
                      "files": {"words.txt": "0000000000000000000000000000000000000000000000000000000000000000"}}}}
EOF
cat >"$tree/modules/beta/module.json" <<'EOF'
{"debian": {"libraries under test": ["libshared-dev", "libb-dev"]},
 "steps": {"tool": {"run": ["scripts/tool.sh"]}},
 "data": {"dict": {"debian": "wamerican",
                   "files": {"usr/share/dict/american-english": "1111111111111111111111111111111111111111111111111111111111111111"}}}}
EOF

# PATH without npm (python3 and dpkg-query only), then with a stand-in npm.
mkdir -p "$work/bin-no-npm" "$work/bin-npm"
python=$(python3 -c 'import sys; print(sys.executable)')  # the interpreter itself, not a wrapper
for dir in "$work/bin-no-npm" "$work/bin-npm"; do
    ln -s "$python" "$dir/python3"
    ln -s "$(command -v dpkg-query)" "$dir/dpkg-query"
done
printf '#!/bin/sh\nexit 0\n' >"$work/bin-npm/npm" && chmod +x "$work/bin-npm/npm"

expected="cmake g++ valgrind liba-dev libshared-dev libb-dev wamerican"
got=$(PATH=$work/bin-npm "$modules" --root "$tree" packages --tests | paste -sd' ')
[[ $got == "$expected" ]] || fail "packages --tests (npm on PATH): got '$got', expected '$expected'"
got=$(PATH=$work/bin-no-npm "$modules" --root "$tree" packages --tests | paste -sd' ')
[[ $got == "$expected npm" ]] || fail "packages --tests (no npm on PATH): got '$got', expected '$expected npm'"
# A run's set-up: no test package; one module's: benchbox's own and that module's only (its npm
# data set brings npm where there is none).
got=$(PATH=$work/bin-npm "$modules" --root "$tree" packages | paste -sd' ')
[[ $got == "cmake g++ liba-dev libshared-dev libb-dev wamerican" ]] || fail "packages: got '$got', expected no test package"
got=$(PATH=$work/bin-no-npm "$modules" --root "$tree" --module alpha packages | paste -sd' ')
[[ $got == "cmake g++ liba-dev libshared-dev npm" ]] || fail "--module alpha packages: got '$got'"
got=$(PATH=$work/bin-no-npm "$modules" --root "$tree" --module beta packages --tests | paste -sd' ')
[[ $got == "cmake g++ valgrind libshared-dev libb-dev wamerican" ]] || fail "--module beta packages --tests: got '$got'"
got=$(PATH=$work/bin-npm "$modules" --root "$tree" --module beta,alpha packages | paste -sd' ')
[[ $got == "cmake g++ liba-dev libshared-dev libb-dev wamerican" ]] || fail "--module beta,alpha packages: got '$got'"
rc=0; "$modules" --root "$tree" --module gamma packages >/dev/null 2>"$work/err.txt" || rc=$?
[[ $rc -eq 2 ]] && grep -q "no module 'gamma' (modules: alpha, beta)" "$work/err.txt" || fail "--module gamma: exit $rc, $(cat "$work/err.txt")"

# The modules a build keeps (scripts/setup.sh's BENCHBOX_MODULES): the cache's and the ones named;
# empty (every module) when none is named or the cache has every one; a cache without the entry
# (a configure that stopped early) had none.
printf 'OTHER:BOOL=ON\n' >"$work/cache-without"
printf 'BENCHBOX_MODULES:STRING=beta\n' >"$work/cache-beta"
printf 'BENCHBOX_MODULES:STRING=\n' >"$work/cache-every"
for check in "none alpha=alpha" "cache-without alpha=alpha" "cache-beta alpha=alpha,beta" "cache-beta beta=beta" \
             "cache-every alpha=" "cache-beta=" "none="; do
  args=${check%=*} expected=${check#*=}
  read -r cache wanted <<<"$args"
  got=$("$modules" --root "$tree" built "$work/$cache" $wanted)
  [[ $got == "$expected" ]] || fail "built $cache $wanted: got '$got', expected '$expected'"
done

# A throw-away dpkg database: cmake, libshared-dev and wamerican installed, libb-dev only removed
# (config files left), g++ held but half-installed.
admin=$work/dpkg
mkdir -p "$admin/info" "$admin/updates"
: >"$admin/available"
stanza() { printf 'Package: %s\nStatus: %s\nVersion: 1.0\nArchitecture: amd64\nMaintainer: test <t@example.org>\nDescription: test\n\n' "$1" "$2"; }
{
    stanza cmake "install ok installed"
    stanza libshared-dev "install ok installed"
    stanza wamerican "install ok installed"
    stanza libb-dev "deinstall ok config-files"
    stanza g++ "hold ok half-installed"
} >"$admin/status"
expected_missing="g++ valgrind liba-dev libb-dev"
got=$(PATH=$work/bin-npm BENCHBOX_DPKG_ADMINDIR=$admin "$modules" --root "$tree" packages --missing --tests | paste -sd' ')
[[ $got == "$expected_missing" ]] || fail "packages --missing: got '$got', expected '$expected_missing'"

# Malformed declarations: one line on standard error, exit status 2.
refused() {  # refused WHAT JSON EXPECTED_TEXT
    local what=$1 json=$2 expected_text=$3 rc=0
    cp "$tree/modules/beta/module.json" "$work/beta.json"
    printf '%s\n' "$json" >"$tree/modules/beta/module.json"
    "$modules" --root "$tree" packages >/dev/null 2>"$work/err.txt" || rc=$?
    mv "$work/beta.json" "$tree/modules/beta/module.json"
    if [[ $rc -ne 2 || $(wc -l <"$work/err.txt") -ne 1 ]] || ! grep -q "$expected_text" "$work/err.txt"; then
        fail "$what: exit $rc, expected 2 with one line naming '$expected_text':"; cat "$work/err.txt"
    fi
}
refused "unknown key" '{"debain": {"x": ["liba-dev"]}}' 'unknown key(s) debain'
refused "bad package name" '{"debian": {"x": ["Not A Package"]}}' 'a list of Debian package names'
refused "not JSON" '{"debian": ' 'modules/beta/module.json'
refused "a shared step declared differently" '{"steps": {"tool": {"run": ["scripts/other.sh"]}}}' 'differs from the one modules/alpha declares'
refused "a data set with two sources" \
    '{"data": {"d": {"npm": "a@1", "debian": "b", "files": {"f": "1111111111111111111111111111111111111111111111111111111111111111"}}}}' \
    'exactly one source'
refused "a short SHA-256" '{"data": {"d": {"npm": "a@1", "files": {"f": "abc"}}}}' 'SHA-256 must be 64'
refused "a path out of the set" \
    '{"data": {"d": {"npm": "a@1", "files": {"../f": "1111111111111111111111111111111111111111111111111111111111111111"}}}}' \
    'a relative path without'

# This tree: setup reads the declarations instead of naming a module's packages.
project=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("\n".join(p for l in [*d["debian"].values(), *d["tests"]["debian"].values()] for p in l))' \
    "$source_dir/scripts/project.json")
for package in $(PATH=$work/bin-npm "$modules" --root "$source_dir" packages --tests); do
    grep -qx -- "$package" <<<"$project" && continue
    if grep -qw -- "$package" "$source_dir/scripts/setup.sh"; then fail "scripts/setup.sh names $package, which a module declares"; fi
done

[[ $status -eq 0 ]] && echo "ok: package resolution (all, --tests, --module), the modules a build keeps, --missing against a throw-away dpkg database, malformed declarations refused, setup names no module package"
exit $status
