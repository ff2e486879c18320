#!/usr/bin/env bash
# The data-set step of scripts/setup.sh (scripts/modules.py data) on throw-away declarations, offline:
# an npm package made here (npm packs a local folder without the network) and a Debian data set
# read from a stand-in root (BENCHBOX_DEBIAN_ROOT). Into an empty prefix: declared right, the files
# are placed and a second run says nothing and changes nothing; with a wrong SHA-256 (of a file, or
# of the package), a file the package lacks or a file that is not there, the set is refused (exit
# 1, the file and both hashes named) and nothing of it stays. HOME and TMPDIR stay empty.
#
# Usage: data.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir=$1 work=$(realpath -m "$2")
# shellcheck source=tests/setup/common.sh
source "$(dirname "$0")/common.sh"
need_npm
modules=$source_dir/scripts/modules.py

rm -rf "$work" && mkdir -p "$work/tree/scripts" "$work/tree/modules/words" "$work/home" "$work/tmp"
export HOME=$work/home TMPDIR=$work/tmp
tree=$work/tree prefix=$work/prefix
echo '{"debian": {"build": ["cmake"]}}' >"$tree/scripts/project.json"

# The package: two files, one in a subfolder.
pkg=$work/bb-test-words
mkdir -p "$pkg/lists"
echo '{"name": "bb-test-words", "version": "1.0.0", "description": "benchbox test data", "license": "MIT"}' >"$pkg/package.json"
printf 'alpha\nbeta\ngamma\n' >"$pkg/words.txt"
printf 'one\ntwo\n' >"$pkg/lists/numbers.txt"
sha() { sha256sum "$1" | cut -d' ' -f1; }
words_sha=$(sha "$pkg/words.txt") numbers_sha=$(sha "$pkg/lists/numbers.txt")
wrong=0000000000000000000000000000000000000000000000000000000000000000

# A Debian data set from a stand-in root.
debian_root=$work/debian-root
mkdir -p "$debian_root/usr/share/dict"
printf 'apple\nbanana\n' >"$debian_root/usr/share/dict/words"
dict_sha=$(sha "$debian_root/usr/share/dict/words")

declare_sets() {  # declare_sets WORDS_SHA [PACKAGE_SHA] [EXTRA_FILE_LINE] [DICT_SHA]
    local package_sha=${2:+\"sha256\": \"$2\",}
    cat >"$tree/modules/words/module.json" <<EOF
{"data": {
  "words-1.0.0": {"npm": "$pkg", $package_sha
                  "files": {"words.txt": "$1", "lists/numbers.txt": "$numbers_sha"${3:-}}},
  "dict": {"debian": "wamerican", "files": {"usr/share/dict/words": "${4:-$dict_sha}"}}
}}
EOF
}
fetch() { BENCHBOX_DEBIAN_ROOT=$debian_root "$modules" --root "$tree" data --prefix "$prefix" "$@"; }
leftovers() { find "$prefix" -maxdepth 1 -name '.fetch-*' 2>/dev/null; }

# 1. Declared right: placed, verified.
declare_sets "$words_sha"
if ! fetch 2>"$work/first.err"; then fail "first fetch failed:"; cat "$work/first.err"; fi
cmp -s "$pkg/words.txt" "$prefix/words-1.0.0/words.txt" || fail "words.txt not placed as packed"
cmp -s "$pkg/lists/numbers.txt" "$prefix/words-1.0.0/lists/numbers.txt" || fail "lists/numbers.txt not placed"
cmp -s "$debian_root/usr/share/dict/words" "$prefix/dict/usr/share/dict/words" || fail "the Debian file not placed"
[[ ! -e $prefix/words-1.0.0/package.json ]] || fail "an undeclared file of the package was placed"
grep -q 'fetching' "$work/first.err" || fail "the first fetch did not say what it fetched"
fetch --check || fail "data --check refuses what was just placed"

# 2. A second run: quiet, nothing changed.
before=$(find "$prefix" -printf '%p %s %T@\n' | sort)
out=$(fetch 2>&1) || fail "second run failed: $out"
[[ -z $out ]] || fail "second run was not quiet: $out"
[[ $(find "$prefix" -printf '%p %s %T@\n' | sort) == "$before" ]] || fail "second run changed the prefix"

# 3. Refused: each set is left out of the prefix, with the reason on one line.
refused() {  # refused WHAT SET EXPECTED_TEXT (after declare_sets)
    local what=$1 set=$2 text=$3 rc=0
    fetch 2>"$work/err.txt" || rc=$?
    if [[ $rc -ne 1 ]]; then fail "$what: exit $rc, expected 1"; fi
    grep -qF -- "$text" "$work/err.txt" || { fail "$what: no '$text' in:"; cat "$work/err.txt"; }
    [[ ! -e $prefix/$set ]] || fail "$what: $prefix/$set is still there"
    [[ -z $(leftovers) ]] || fail "$what: left $(leftovers)"
}
declare_sets "$wrong"
refused "a file with a wrong SHA-256" words-1.0.0 "words.txt: SHA-256 $words_sha, expected $wrong: refused"
[[ -d $prefix/dict ]] || fail "a refused set took another, good one with it"
fetch --check 2>/dev/null && fail "data --check accepts a missing set"
declare_sets "$words_sha" "$wrong"
refused "a package with a wrong SHA-256" words-1.0.0 "expected $wrong: refused"
declare_sets "$words_sha" "" ", \"absent.txt\": \"$wrong\""
refused "a file the package lacks" words-1.0.0 "absent.txt: not in the package: refused"
declare_sets "$words_sha" "" "" "$wrong"
refused "a Debian file with a wrong SHA-256" dict "usr/share/dict/words: SHA-256 $dict_sha, expected $wrong: refused"
rm "$debian_root/usr/share/dict/words"
declare_sets "$words_sha"
refused "a Debian file that is not installed" dict "/usr/share/dict/words: missing (from the Debian package wamerican"

# 4. Nothing left behind: no npm cache or log in HOME, no temporary file.
[[ -z $(ls -A "$HOME") ]] || fail "HOME is not empty: $(ls -A "$HOME")"
[[ -z $(ls -A "$TMPDIR") ]] || fail "TMPDIR is not empty: $(ls -A "$TMPDIR")"

[[ $status -eq 0 ]] && echo "ok: data sets placed and verified, a second run quiet, wrong SHA-256 (file, package), absent and missing files refused"
exit $status
