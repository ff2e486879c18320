# shellcheck shell=bash disable=SC2034  # APT_OPTS and APT_ROOT are for the scripts that source this
# Sourced (not run) by scripts/enable-deb-src.sh and scripts/build-tbox.sh, and by tests/setup:
# which apt configuration their apt-get/apt-cache/apt-config calls use. Sets the array APT_OPTS,
# to pass to every one of those calls, and APT_ROOT.
#
# Without BENCHBOX_APT_ROOT: the system's (APT_OPTS is empty, APT_ROOT too); changing it needs
# root or sudo.
#
# With BENCHBOX_APT_ROOT=DIR: a throw-away configuration under DIR, for tests (tests/setup):
#   sources        DIR/etc/apt/sources.list and DIR/etc/apt/sources.list.d/
#   lists          DIR/var/lib/apt/lists/           (apt-get update writes here; its lock too)
#   caches         DIR/var/cache/apt/               (pkgcache.bin, srcpkgcache.bin, archives)
#   hooks          none: APT::Update::*-Invoke* and DPkg::*-Invoke* of the system's apt.conf.d are
#                  cleared by DIR/etc/apt/benchbox-no-hooks.conf, so that nothing runs against the
#                  system's caches
#   all the rest   the system's, read only: dpkg's status (Dir::State::status), keyrings, proxies
#                  and other settings from /etc/apt/apt.conf.d, preferences, auth.conf.
# Nothing outside DIR is written, and no root is needed. The folders are created if missing.
APT_OPTS=()
APT_ROOT=""
if [[ -n "${BENCHBOX_APT_ROOT:-}" ]]; then
    mkdir -p "$BENCHBOX_APT_ROOT/etc/apt/sources.list.d" "$BENCHBOX_APT_ROOT/var/lib/apt/lists/partial" \
             "$BENCHBOX_APT_ROOT/var/cache/apt/archives/partial"
    APT_ROOT="$(cd "$BENCHBOX_APT_ROOT" && pwd)"
    printf '%s\n' "// benchbox scripts/apt-root.sh: no hook of the system's apt runs against $APT_ROOT" \
        '#clear APT::Update::Pre-Invoke;' '#clear APT::Update::Post-Invoke;' \
        '#clear APT::Update::Post-Invoke-Success;' '#clear DPkg::Pre-Invoke;' '#clear DPkg::Post-Invoke;' \
        '#clear DPkg::Pre-Install-Pkgs;' >"$APT_ROOT/etc/apt/benchbox-no-hooks.conf"
    APT_OPTS=(
        -o "Dir::Etc::SourceList=$APT_ROOT/etc/apt/sources.list"
        -o "Dir::Etc::SourceParts=$APT_ROOT/etc/apt/sources.list.d"
        -o "Dir::State::Lists=$APT_ROOT/var/lib/apt/lists"
        -o "Dir::Cache=$APT_ROOT/var/cache/apt"
        -c "$APT_ROOT/etc/apt/benchbox-no-hooks.conf"
    )
fi
