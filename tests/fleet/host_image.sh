#!/usr/bin/env bash
# A Debian 12 root file system for the fleet test's hosts (tests/fleet/fleet_test.sh), made once by
# debootstrap from the Debian mirror this machine's apt uses and kept in a cache outside the source
# tree, so that a second test run starts at once:
#
#   host_image.sh CACHE_DIR       prints the image's folder (CACHE_DIR/bookworm-HASH/root)
#
# What a fresh Debian 12 server has that the playbook needs (an SSH server, python3 for Ansible)
# and nothing of benchbox. The folder's name holds a hash of this script: a changed script makes a
# new image. The image is built beside its final place and renamed into it when complete: a build
# killed half-way is never taken for an image. Root only (debootstrap).
set -euo pipefail
cache=$(realpath -m "$1")
mirror=$(grep -hoE '^(URIs:|deb) +http[^ ]*/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null \
         | awk '{print $2}' | head -1 || true)
mirror=${mirror:-http://deb.debian.org/debian}
image=$cache/bookworm-$(sha256sum "$0" | cut -c1-12)
if [ -d "$image/root" ]; then echo "$image/root"; exit 0; fi

mkdir -p "$cache"
partial=$image.partial.$$
trap 'rm -rf "$partial"' EXIT
mkdir -p "$partial"
if ! debootstrap --variant=minbase --include=openssh-server,python3 bookworm "$partial/root" "$mirror" \
     >"$partial/debootstrap.log" 2>&1; then
  tail -20 "$partial/debootstrap.log" >&2
  echo "error: debootstrap of Debian 12 from $mirror failed (log above)" >&2
  exit 1
fi
# The suites a Debian 12 host gets its updates from, as this machine's apt has them.
security=${mirror%/debian*}/debian-security
printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s bookworm-security main\n' \
  "$mirror" "$mirror" "$security" >"$partial/root/etc/apt/sources.list"
# Each host makes its own SSH host keys when it starts (tests/fleet/hosts.sh): none shared.
rm -f "$partial/root"/etc/ssh/ssh_host_*
rm -rf "$partial/root"/var/cache/apt/archives/*.deb "$partial/root"/var/lib/apt/lists/*_Packages
mv "$partial" "$image"
trap - EXIT
echo "$image/root"
