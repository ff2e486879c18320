#!/usr/bin/env bash
# scripts/enable-deb-src.sh on a fresh machine's apt, without a fresh machine (issue 10): a throw-away
# apt configuration (BENCHBOX_APT_ROOT, scripts/apt-root.sh) whose sources are this machine's
# Debian sources with deb-src removed and whose lists are EMPTY (never fetched). enable-deb-src
# must add deb-src, update, and reach a configured source index: a Sources target in
# `apt-get indextargets` and `apt-cache showsrc tbox` finding the package.
#
# Usage: deb_src.sh SOURCE_DIR WORK_DIR FORMAT
#   FORMAT deb822    sources.list.d/*.sources, "Types: deb" (Debian 12's default)
#          one-line  sources.list with "deb URI SUITE COMPONENTS" lines (older installations)
# The system's /etc/apt, /var/lib/apt/lists and /var/cache/apt are only read: the test fails if
# they change while it runs. Exit 77 (skipped, with the reason) without apt, without a Debian
# archive in this machine's sources, or when the archive cannot be reached.
set -euo pipefail
source_dir=$1 work=$2 format=$3
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
[[ $format == deb822 || $format == one-line ]] || { echo "usage: deb_src.sh SOURCE_DIR WORK_DIR deb822|one-line" >&2; exit 2; }
command -v apt-get >/dev/null 2>&1 || skip "no apt-get: not a Debian system"

rm -rf "$work" && mkdir -p "$work"
export TMPDIR="$work/tmp" && mkdir -p "$TMPDIR"
root="$work/apt"
mkdir -p "$root" && chmod 755 "$root"  # apt's downloads run as the user _apt: it must reach lists/partial

# ---------------------------------------------------------------- the system's state, to compare
system_state() {
    find /etc/apt /var/lib/apt/lists /var/cache/apt -printf '%p %y %s %T@ %m\n' 2>/dev/null | sort
}
system_state >"$work/system-before.txt"

# ---------------------------------------------------------------- this machine's Debian sources
eval "$(apt-config shell SYS_LIST Dir::Etc::SourceList/f SYS_PARTS Dir::Etc::SourceParts/d)"
SYS_PARTS=${SYS_PARTS%/}
shopt -s nullglob
deb822_files=()
for f in "$SYS_PARTS"/*.sources; do grep -Eiq '^(uris|signed-by):.*debian' "$f" && deb822_files+=("$f"); done
one_line_files=()
for f in "$SYS_LIST" "$SYS_PARTS"/*.list; do
    [[ -f $f && $(basename "$f") != benchbox-deb-src.list ]] || continue
    grep -Eiq '^[[:space:]]*deb(-src)?[[:space:]].*debian' "$f" && one_line_files+=("$f")
done
[[ ${#deb822_files[@]} -gt 0 || ${#one_line_files[@]} -gt 0 ]] \
    || skip "no Debian archive in this machine's apt sources ($SYS_LIST, $SYS_PARTS) to copy"

# Every Debian entry of both formats as "URI SUITE COMPONENTS... |SIGNED-BY" lines.
entries() {
    local f
    for f in "${deb822_files[@]}"; do
        awk '
        function flush(   u, s, nu, ns, i, j) {
            if (types ~ /(^|[ \t])deb([ \t]|$)/ && uris != "" && suites != "") {
                nu = split(uris, u, /[ \t]+/); ns = split(suites, s, /[ \t]+/)
                for (i = 1; i <= nu; i++) for (j = 1; j <= ns; j++)
                    if (u[i] != "" && s[j] != "") print u[i], s[j], comps "|" signed
            }
            types = uris = suites = comps = signed = ""
        }
        /^[ \t]*$/ { flush(); next }
        /^#/ { next }
        { key = tolower($0); sub(/:.*/, "", key); val = $0; sub(/^[^:]*:[ \t]*/, "", val) }
        key == "types" { types = val } key == "uris" { uris = val } key == "suites" { suites = val }
        key == "components" { comps = val } key == "signed-by" && val ~ /^\// { signed = val }
        END { flush() }' "$f"
    done
    for f in "${one_line_files[@]}"; do
        grep -Ei '^[[:space:]]*deb[[:space:]].*debian' "$f" | grep -v 'cdrom:' | awk '
        { signed = ""; line = $0; sub(/^[ \t]*deb[ \t]+/, "", line)
          if (line ~ /^\[/) { opts = line; sub(/\].*/, "", opts); sub(/^[^]]*\][ \t]*/, "", line)
              if (match(opts, /signed-by=[^ \t\]]+/)) signed = substr(opts, RSTART + 10, RLENGTH - 10) }
          n = split(line, w, /[ \t]+/); comps = ""
          for (i = 3; i <= n; i++) comps = comps (i > 3 ? " " : "") w[i]
          print w[1], w[2], comps "|" signed }'
    done
}
entries | sort -u >"$work/entries.txt"
[[ -s "$work/entries.txt" ]] || skip "found no usable Debian \"deb\" entry in this machine's apt sources"
echo "this machine's Debian entries (URI SUITE COMPONENTS|SIGNED-BY):"
sed 's/^/  /' "$work/entries.txt"

# ---------------------------------------------------------------- the throw-away configuration: deb only
mkdir -p "$root/etc/apt/sources.list.d"
if [[ $format == deb822 ]]; then
    if [[ ${#deb822_files[@]} -gt 0 ]]; then
        # A copy of this machine's deb822 files, every Types line rewritten to "deb" alone.
        for f in "${deb822_files[@]}"; do
            sed -E 's/^([Tt][Yy][Pp][Ee][Ss]):.*/\1: deb/' "$f" >"$root/etc/apt/sources.list.d/$(basename "$f")"
        done
    else
        # This machine has one-line sources only: the same entries as deb822 stanzas.
        while IFS='|' read -r head signed; do
            read -r uri suite comps <<<"$head"
            printf 'Types: deb\nURIs: %s\nSuites: %s\nComponents: %s\n%s\n' "$uri" "$suite" "$comps" \
                "${signed:+Signed-By: $signed}"
        done <"$work/entries.txt" >"$root/etc/apt/sources.list.d/debian.sources"
    fi
    grep -qi '^types:.*deb-src' "$root"/etc/apt/sources.list.d/*.sources && fail "deb-src left in the copied sources"
else
    while IFS='|' read -r head signed; do
        echo "deb ${signed:+[signed-by=$signed] }$head"
    done <"$work/entries.txt" >"$root/etc/apt/sources.list"
fi
echo "throw-away sources ($format):"
for f in "$root/etc/apt/sources.list" "$root"/etc/apt/sources.list.d/*; do
    [[ -f $f ]] && { echo "  $f:"; sed 's/^/    /' "$f"; }
done

# shellcheck source=scripts/apt-root.sh
BENCHBOX_APT_ROOT=$root source "$source_dir/scripts/apt-root.sh"
lists="$root/var/lib/apt/lists"

# ---------------------------------------------------------------- can the archive be reached?
# Release files only (no Packages): quick. Any failure to fetch is an error here.
if ! apt-get "${APT_OPTS[@]}" update --error-on=any -o Acquire::IndexTargets::deb::Packages::DefaultEnabled=false \
        >"$work/probe.log" 2>&1; then
    cat "$work/probe.log"
    if grep -Eqi 'resolv|connect|unreachable|timed? ?out|no route|network|proxy|connection' "$work/probe.log"; then
        skip "the Debian archive cannot be reached from here (apt-get update above)"
    fi
    fail "apt-get update under the throw-away configuration failed, not for the network (above)"
fi
# Back to EMPTY lists, as on a machine where apt-get update never ran.
rm -rf "$lists" && mkdir -p "$lists/partial"
[[ -z "$(find "$lists" -type f)" ]] || fail "lists not empty"

# shellcheck disable=SC2016  # $(IDENTIFIER) is apt's placeholder
has_sources_target() { apt-get "${APT_OPTS[@]}" indextargets --format '$(IDENTIFIER)' | grep -qx Sources; }
# shellcheck disable=SC2016
targets() { apt-get "${APT_OPTS[@]}" indextargets --format '$(IDENTIFIER)' | sort | uniq -c | tr -s ' ' | paste -sd, -; }
showsrc() { apt-cache "${APT_OPTS[@]}" showsrc --only-source tbox 2>/dev/null | grep -x 'Package: tbox' | head -n1; }

# The configuration really is apart from the system's (which may well have deb-src and lists).
echo "before: index targets: [$(targets)]"
has_sources_target && fail "a Sources target before enable-deb-src: the configuration is not apart from the system's"
[[ -z "$(showsrc)" ]] || fail "apt-cache showsrc finds tbox before enable-deb-src: not apart from the system's"

# ---------------------------------------------------------------- the logic under test
echo "BENCHBOX_APT_ROOT=$root scripts/enable-deb-src.sh tbox"
BENCHBOX_APT_ROOT=$root "$source_dir/scripts/enable-deb-src.sh" tbox || fail "enable-deb-src failed (above)"

status=0
echo "after: index targets: [$(targets)]"
if ! has_sources_target; then
    echo "FAIL: no Sources index target after enable-deb-src"; status=1
fi
if [[ "$(showsrc)" != "Package: tbox" ]]; then
    echo "FAIL: apt-cache showsrc --only-source tbox finds nothing after enable-deb-src"; status=1
fi
if [[ $format == deb822 ]]; then
    grep -Eiq '^types:[[:space:]]*deb deb-src[[:space:]]*$' "$root"/etc/apt/sources.list.d/*.sources \
        || { echo "FAIL: no 'Types: deb deb-src' in the deb822 sources"; status=1; }
else
    grep -Eq '^deb-src[[:space:]]' "$root/etc/apt/sources.list.d/benchbox-deb-src.list" 2>/dev/null \
        || { echo "FAIL: no deb-src line in sources.list.d/benchbox-deb-src.list"; status=1; }
fi

# A second run finds the package and changes nothing.
find "$root/etc" -type f -printf '%p %s %T@\n' | sort >"$work/sources-1.txt"
BENCHBOX_APT_ROOT=$root "$source_dir/scripts/enable-deb-src.sh" tbox 2>"$work/second.log" \
    || { cat "$work/second.log"; echo "FAIL: second run of enable-deb-src failed"; status=1; }
grep -q 'already knows' "$work/second.log" || { cat "$work/second.log"; echo "FAIL: second run did not find the package at once"; status=1; }
find "$root/etc" -type f -printf '%p %s %T@\n' | sort >"$work/sources-2.txt"
# benchbox-no-hooks.conf is rewritten by apt-root.sh on every run: same content, new time.
if ! diff <(grep -v benchbox-no-hooks "$work/sources-1.txt") <(grep -v benchbox-no-hooks "$work/sources-2.txt"); then
    echo "FAIL: the second run changed the sources (above)"; status=1
fi

system_state >"$work/system-after.txt"
if ! diff "$work/system-before.txt" "$work/system-after.txt"; then
    echo "FAIL: /etc/apt, /var/lib/apt/lists or /var/cache/apt changed while the test ran (above;"
    echo "      another apt command at the same time would do that too)"; status=1
fi
[[ $status -eq 0 ]] && echo "ok ($format): from deb-only sources and empty lists to a Sources index target and the source package tbox"
exit $status
