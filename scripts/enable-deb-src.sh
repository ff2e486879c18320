#!/usr/bin/env bash
# Make apt know a Debian source package (default: tbox), so that `apt-get source` can fetch it.
# Called by scripts/build-tbox.sh; tested by tests/setup/deb_src.sh.
#
#   1. `apt-cache showsrc` already finds the package: nothing to do.
#   2. Otherwise add deb-src to the Debian archive's entries in apt's sources, where missing:
#        deb822 (*.sources, Debian 12's default): "Types: deb" becomes "Types: deb deb-src" in each
#          stanza whose URIs or Signed-By name Debian, so URIs/Suites/Components/Signed-By stay
#          exactly the same;
#        one-line (sources.list, *.list): a "deb-src" twin of each Debian "deb" line, written to
#          sources.list.d/benchbox-deb-src.list.
#   3. apt-get update: apt lists an index target (apt-get indextargets) only once an update has
#      fetched it, so this comes before any check. On a fresh machine the lists were never fetched.
#   4. Check that a Sources index target exists, then that `apt-cache showsrc` finds the package.
#
# Usage: scripts/enable-deb-src.sh [PACKAGE]
# Environment: BENCHBOX_APT_ROOT=DIR works on a throw-away apt configuration under DIR instead of
#   the system's (sources in DIR/etc/apt, lists and caches under DIR/var; see scripts/apt-root.sh).
# Needs root (or sudo) to change the system's configuration; none with BENCHBOX_APT_ROOT.
# Exit status 0 when apt knows the source package, 1 (and why) otherwise.
set -euo pipefail
case "${1:-}" in
  -h|--help) sed -n '2,21s/^# \{0,1\}//p' "$0"; exit 0 ;;
  -*) echo "enable-deb-src: unknown option $1 (usage: scripts/enable-deb-src.sh [PACKAGE])" >&2; exit 2 ;;
esac

PACKAGE="${1:-tbox}"
die() { echo "enable-deb-src: error: $*" >&2; exit 1; }
log() { echo "enable-deb-src: $*" >&2; }

# shellcheck source=scripts/apt-root.sh
source "$(dirname "$0")/apt-root.sh"

as_root() {
    if [[ -n "$APT_ROOT" || $EUID -eq 0 ]]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else die "need root (or sudo) to run: $*"; fi
}

have_source_package() {
    apt-cache "${APT_OPTS[@]}" showsrc --only-source "$PACKAGE" 2>/dev/null | grep -qx "Package: $PACKAGE"
}

have_sources_target() {
    # shellcheck disable=SC2016  # $(IDENTIFIER) is apt's placeholder, not a shell expansion
    apt-get "${APT_OPTS[@]}" indextargets --format '$(IDENTIFIER)' 2>/dev/null | grep -qx 'Sources'
}

if have_source_package; then
    log "apt already knows the source package $PACKAGE"
    exit 0
fi

# Where this apt configuration keeps its sources (/etc/apt/... unless BENCHBOX_APT_ROOT is set).
eval "$(apt-config "${APT_OPTS[@]}" shell SOURCE_LIST Dir::Etc::SourceList/f SOURCE_PARTS Dir::Etc::SourceParts/d)"
SOURCE_PARTS="${SOURCE_PARTS%/}"
[[ -n "$SOURCE_LIST" && -n "$SOURCE_PARTS" ]] || die "apt-config names no sources.list or sources.list.d"

# Writes FILE's new content (stdin) only when it differs, keeping the file's owner and mode.
replace_file() {
    local file=$1 content
    content="$(cat)"
    if [[ ! -f "$file" || "$(cat "$file")" != "$content" ]]; then
        printf '%s\n' "$content" | as_root tee "$file" >/dev/null
        return 0
    fi
    return 1
}

edited=0 debian_entries=0
# deb822: stanza by stanza (stanzas are separated by blank lines; keys are case-insensitive).
# shellcheck disable=SC2016  # an awk program
add_deb_src_deb822='
function flush(   i, line) {
    for (i = 1; i <= n; i++) {
        line = buf[i]
        if (i == types && debian) sub(/[Dd][Ee][Bb][ \t]*$/, "deb deb-src", line)
        print line
    }
    n = 0; types = 0; debian = 0
}
/^[ \t]*$/ { flush(); print; next }
{ buf[++n] = $0; low = tolower($0) }
low ~ /^types:[ \t]*deb[ \t]*$/ { types = n }
(low ~ /^uris:/ || low ~ /^signed-by:/) && low ~ /debian/ { debian = 1 }
END { flush() }'
shopt -s nullglob
for f in "$SOURCE_PARTS"/*.sources; do
    grep -Eiq '^(uris|signed-by):.*debian' "$f" || continue
    debian_entries=1
    if awk "$add_deb_src_deb822" "$f" | replace_file "$f"; then
        log "added deb-src to the Debian stanzas of $f"
        edited=1
    fi
done

# One-line format: a deb-src twin of every Debian "deb" line (cdrom: entries have no sources).
ONE_LINE_OUT="$SOURCE_PARTS/benchbox-deb-src.list"
one_line_files=()
[[ -f "$SOURCE_LIST" ]] && one_line_files+=("$SOURCE_LIST")
for f in "$SOURCE_PARTS"/*.list; do [[ "$f" == "$ONE_LINE_OUT" ]] || one_line_files+=("$f"); done
if [[ ${#one_line_files[@]} -gt 0 ]]; then
    twins="$(cat "${one_line_files[@]}" | grep -Ei '^[[:space:]]*deb[[:space:]].*debian' | grep -v 'cdrom:' \
             | sed -E 's/^[[:space:]]*deb([[:space:]])/deb-src\1/' || true)"
    if [[ -n "$twins" ]]; then
        debian_entries=1
        if printf '%s\n' "# written by benchbox scripts/enable-deb-src.sh: the Debian \"deb\" lines of apt's sources, as deb-src" \
               "$twins" | replace_file "$ONE_LINE_OUT"; then
            log "wrote deb-src lines to $ONE_LINE_OUT"
            edited=1
        fi
    fi
fi
[[ $debian_entries -eq 1 ]] \
    || die "found no Debian archive in $SOURCE_LIST or $SOURCE_PARTS/*.sources|*.list to add deb-src to; enable deb-src by hand"
[[ $edited -eq 1 ]] || log "the Debian entries of apt's sources already have deb-src"

log "apt-get update${APT_ROOT:+ (apt configuration under $APT_ROOT)}"
# A failing third-party repository makes apt-get update fail as a whole: the checks below decide.
as_root apt-get "${APT_OPTS[@]}" update -qq || log "apt-get update reported errors (above); checking the Debian sources anyway"
have_sources_target || die "no Sources index target after adding deb-src and updating (apt-get indextargets; apt-get update's messages above)"
have_source_package || die "apt knows no source package '$PACKAGE' even with deb-src enabled"
log "apt knows the source package $PACKAGE"
