#!/usr/bin/env bash
# The Debian package, end to end on this machine: `cpack -G DEB` in the build folder, its control
# fields and contents checked (every shared library an ELF file of it links, and the packages of an
# interpreted adapter's files, among its dependencies; nothing linked from a build folder), then
# `apt-get install ./benchbox_*.deb`; from the installed copy, with the source and build folders
# hidden (a private mount namespace), `benchbox list`, a verified run of coroutine switch (floor and
# boost.context) and a short measured one, `man benchbox`, and `benchbox <Tab>` through
# bash-completion's loader; then `apt-get purge`: every file of the package gone, and dpkg's list of
# installed packages as it was before the test (a dependency apt had to add is purged too).
# Skipped (77), with the reason, when not root, when a tool is missing, when a benchbox package is
# installed already (not ours to replace) or when apt or dpkg is locked by another program.
#   tests/package/deb.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$(realpath "$1") source=$(realpath "$2") work=$(realpath -m "$3")
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || skip "installing a package needs root"
for tool in cpack apt-get dpkg-shlibdeps file man unshare python3; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (scripts/setup.sh --tests installs what the tests need)"
done
[ -f /usr/share/bash-completion/bash_completion ] || skip "bash-completion is not installed (scripts/setup.sh --tests)"
[ -f "$build/man/benchbox.1.gz" ] || skip "this build made no manual page (help2man was not installed when it was configured)"
[ -d "$build/libexec/benchbox/coroutine" ] || skip "the coroutine module, whose run this test makes, is not built here"
if dpkg-query -W -f='${Status}' benchbox 2>/dev/null | grep -qv "not-installed"; then
  skip "a benchbox package is installed already ($(dpkg-query -W -f='${Version} ${Status}' benchbox)): not this test's to replace"
fi
# apt and dpkg take fcntl locks on these files; taken and given back at once, as apt's own check does.
apt_locked() {
  python3 - <<'PY'
import fcntl, os, sys
for path in ("/var/lib/dpkg/lock-frontend", "/var/lib/dpkg/lock", "/var/cache/apt/archives/lock"):
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o640)
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.close(fd)
    except OSError:
        sys.exit(0)
sys.exit(1)
PY
}
apt_locked && skip "apt or dpkg is in use by another program (its lock is held)"

rm -rf "$work" && mkdir -p "$work/run/elsewhere"
version=$("$build/bin/benchbox" --version)

# ---------------------------------------------------------------- the package
start=$SECONDS
(cd "$build" && cpack -G DEB -B "$work/cpack") >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack -G DEB failed"; }
echo "cpack -G DEB: $((SECONDS - start)) s"
debs=("$work"/cpack/benchbox_*.deb)
if [ ${#debs[@]} -ne 1 ] || [ ! -f "${debs[0]}" ]; then fail "cpack made no single benchbox_*.deb: ${debs[*]}"; fi
deb=${debs[0]}
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = benchbox ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version), benchbox --version says $version"
[[ $(field Maintainer) =~ ^[^\<]+\ \<[^\>]+@[^\>]+\>$ ]] || fail "Maintainer is not 'Name <email>': $(field Maintainer)"
[[ $(field Description) == *"Modules in this package: "*coroutine* ]] || fail "the description names no modules: $(field Description)"
depends=$(field Depends)
echo "Depends: $depends"

mkdir "$work/contents" && dpkg-deb --extract "$deb" "$work/contents"
for path in usr/bin/benchbox usr/libexec/benchbox/modules.json usr/libexec/benchbox/coroutine/floor.json \
            usr/libexec/benchbox/coroutine/bin/floor usr/libexec/benchbox/coroutine/bin/boost.context \
            usr/share/doc/benchbox/README.md usr/share/man/man1/benchbox.1.gz usr/share/bash-completion/completions/benchbox; do
  [ -e "$work/contents/$path" ] || fail "the package holds no /$path"
done
# Every ELF file: no run path, and each library it needs is one a dependency installed (as dpkg -S
# names it); a script adapter's interpreter likewise (and greenlet's module for the Python one).
python3 - "$work/contents" "$depends" "$build" "$source" <<'PY'
import os, re, subprocess, sys
contents, depends, build, source = sys.argv[1:]
named = {re.sub(r"[ (].*", "", d.strip()) for d in re.split(r"[,|]", depends)}
needs, interpreters, elf = [], [], 0
for folder, _, files in os.walk(contents):
    for f in files:
        path = os.path.join(folder, f)
        name = path[len(contents):]
        if not os.access(path, os.X_OK) or os.path.islink(path):
            continue
        head = open(path, "rb").read(128)
        if head.startswith(b"#!"):
            interpreters.append((name, head[2:].split()[0].decode()))
            continue
        if not head.startswith(b"\x7fELF"):
            continue
        elf += 1
        dynamic = subprocess.run(["readelf", "-d", path], capture_output=True, text=True).stdout
        assert not re.search(r"\((RPATH|RUNPATH)\)", dynamic), f"{name} has a run path: {dynamic}"
        # Its own needs (NEEDED); what those libraries need is their packages' business.
        ldd = dict(re.findall(r"^\s*(\S+) => (\S+)", subprocess.run(["ldd", path], capture_output=True, text=True).stdout, re.M))
        for library in re.findall(r"\(NEEDED\).*\[(.*)\]", dynamic):
            if library.startswith("ld-linux"):
                continue  # the dynamic loader: libc6's
            found = ldd.get(library, "not")
            assert found != "not", f"{name} needs {library}, which is not found here"
            assert not found.startswith((build, source)), f"{name} links {found}, in the build or source folder"
            needs.append((name, found))
paths = sorted({p for _, p in needs} | {os.path.realpath(p) for _, p in needs} | {i for _, i in interpreters})
owners = {}
search = subprocess.run(["dpkg-query", "-S", *paths], capture_output=True, text=True).stdout
for line in search.splitlines():
    if line.startswith("diversion"):
        continue
    packages, _, path = line.partition(": ")
    owners[path] = {p.split(":")[0].strip() for p in packages.split(",")}
def check(name, path, what):
    found = owners.get(path) or owners.get(os.path.realpath(path))
    assert found, f"{name} {what} {path}, which no package installed"
    assert found & named, f"{name} {what} {path} (package {', '.join(sorted(found))}), which Depends does not name"
for name, path in needs:
    check(name, path, "links")
for name, interpreter in interpreters:
    check(name, interpreter, "runs")
if os.path.exists(f"{contents}/usr/libexec/benchbox/coroutine/bin/greenlet"):
    assert "python3-greenlet" in named, "the greenlet adapter is in the package, python3-greenlet is not among its dependencies"
print(f"{elf} ELF programs and {len(interpreters)} script(s): the {len(paths)} files they link or run belong to the dependencies")
PY
echo "contents: $(find "$work/contents" -type f | wc -l) files, $(du -k "$deb" | cut -f1) KiB packed, $(du -sk "$work/contents" | cut -f1) KiB installed"

# ---------------------------------------------------------------- installed
dpkg-query -W -f='${binary:Package} ${Version} ${Status}\n' | sort >"$work/packages.before"
installed=no
# Whatever happens below, the machine is left as it was found: the package and what apt added for it purged.
restore() {
  [ "$installed" = yes ] || return 0
  dpkg-query -W -f='${binary:Package} ${Version} ${Status}\n' | sort >"$work/packages.installed"
  mapfile -t added < <(comm -13 "$work/packages.before" "$work/packages.installed" | awk '{print $1}')
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -o DPkg::Lock::Timeout=60 "${added[@]}" >"$work/purge.log" 2>&1 ||
    { cat "$work/purge.log"; echo "FAIL: apt-get purge ${added[*]} failed"; return 1; }
  installed=no
}
trap 'restore || exit 1' EXIT
start=$SECONDS
# apt-get's sandbox user (_apt) reads the file: a world-readable copy outside the build folder's modes.
cp "$deb" "$work/run/" && chmod a+r "$work/run/$(basename "$deb")" && chmod a+x "$work" "$work/run"
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -o DPkg::Lock::Timeout=0 "$work/run/$(basename "$deb")" >"$work/install.log" 2>&1; then
  grep -q "Could not get lock\|Unable to acquire the dpkg frontend lock" "$work/install.log" && skip "apt became busy (its lock is held)"
  cat "$work/install.log"; fail "apt-get install ./$(basename "$deb") failed"
fi
installed=yes
echo "apt-get install: $((SECONDS - start)) s"
dpkg-query -L benchbox | sort >"$work/files"
[ "$(command -v benchbox)" = /usr/bin/benchbox ] || fail "benchbox on PATH is $(command -v benchbox), not /usr/bin/benchbox"

# In a private mount namespace: the source and build folders hidden under empty mounts, the
# test's folder seen at /mnt, from an empty folder.
cat >"$work/run/installed.sh" <<'SCRIPT'
set -euo pipefail
mount --bind "$1" /mnt
mount -t tmpfs none "$2"
[ -d "$3" ] && mount -t tmpfs none "$3"
work=/mnt
cd "$work/elsewhere"
export BENCHBOX_LOCK_FILE=$work/lock BENCHBOX_STORE=$work/store.sqlite
unset BENCHBOX_LIBEXEC
/usr/bin/benchbox list >"$work/list.txt"
grep -q "^coroutine " "$work/list.txt" || { echo "FAIL: benchbox list names no coroutine module"; exit 1; }
/usr/bin/benchbox list coroutine >"$work/list.txt"
grep -q "^    floor  *available" "$work/list.txt" || { echo "FAIL: benchbox list coroutine has no available floor"; exit 1; }
grep -Eq "^    floor +available" "$work/list.txt" || { echo "FAIL: the floor is not available"; exit 1; }
/usr/bin/benchbox coroutine -n switch --lib floor,boost.context --verify --json "$work/verify.json" >"$work/verify.txt"
/usr/bin/benchbox coroutine -n switch --lib floor --ops 20000 --reps 2 --processes 1 --json "$work/switch.json" >"$work/switch.txt"
MANWIDTH=100 MANPAGER=cat man benchbox >"$work/man.txt" 2>"$work/man.err"
# `benchbox <Tab>` as bash-completion loads it: the loader finds the file by the command's name.
bash -c '
  source /usr/share/bash-completion/bash_completion
  __load_completion benchbox || { echo "FAIL: bash-completion found no completion for benchbox"; exit 1; }
  function=$(complete -p benchbox | sed -n "s/.* -F \([^ ]*\) .*/\1/p")
  COMP_WORDS=(benchbox "") COMP_CWORD=1 COMP_LINE="benchbox " COMP_POINT=9
  "$function" benchbox "" benchbox
  printf "%s\n" "${COMPREPLY[@]}"
' >"$work/tab.txt"
SCRIPT
unshare --mount --propagation private bash "$work/run/installed.sh" "$work/run" "$source" "$build" ||
  fail "the installed benchbox failed (its output: $work/run)"
python3 - "$work/run" <<'PY'
import json, sys
work = sys.argv[1]
rows = json.load(open(f"{work}/verify.json"))["results"]
assert sorted(r["library"] for r in rows) == ["boost.context", "floor"], [r["library"] for r in rows]
bad = [(r["library"], r["status"], r["reason"]) for r in rows if not (r["status"] == "ok" and r["verified"] and r["proof"])]
assert not bad, f"--verify: {bad}"
rows = json.load(open(f"{work}/switch.json"))["results"]
assert [r["library"] for r in rows] == ["floor"] and rows[0]["verified"] and rows[0]["median"] > 0, rows
PY
for shown in NAME --lib "benchbox coroutine"; do
  grep -q -- "$shown" "$work/run/man.txt" ||
    fail "man benchbox does not show the page ('$shown'): $(head -c 300 "$work/run/man.txt") $(cat "$work/run/man.err")"
done
[ "$(man -w benchbox)" = /usr/share/man/man1/benchbox.1.gz ] || fail "man -w benchbox: $(man -w benchbox)"
for word in coroutine list; do
  grep -qx "$word" "$work/run/tab.txt" || fail "benchbox <Tab> did not offer $word: $(tr '\n' ' ' <"$work/run/tab.txt")"
done
echo "installed: benchbox list, --verify of floor and boost.context, a measured floor, man benchbox and benchbox <Tab> ran from /usr"

# ---------------------------------------------------------------- removed
start=$SECONDS
restore || exit 1
echo "apt-get purge: $((SECONDS - start)) s"
! dpkg-query -W -f='${Status}' benchbox 2>/dev/null | grep -qv "not-installed" || fail "benchbox is still installed"
left=0
while read -r path; do
  if [ -e "$path" ] && { [ ! -d "$path" ] || [[ $path == */benchbox* ]]; }; then echo "left behind: $path"; left=$((left + 1)); fi
done <"$work/files"
[ "$left" -eq 0 ] || fail "$left path(s) of the package are still there"
dpkg-query -W -f='${binary:Package} ${Version} ${Status}\n' | sort >"$work/packages.after"
diff "$work/packages.before" "$work/packages.after" || fail "the installed packages differ from before the test"
echo "removed: the $(wc -l <"$work/files") paths of the package gone, the installed packages as before"
