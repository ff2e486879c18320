#!/usr/bin/env python3
"""The libraries outside Debian (a "verified" object in their folder's library.json) when no usable
prefix is given: a plain configure of benchbox (no preset, no tests) says for each one
"benchbox:   not found: <id>: <reason>", and its manifest says it is not available and how to enable
it: the -D<ID>_ROOT option, docs/building-libraries.md, the verified commit and, unless upstream has
no library build, "its own build". Then the same build reconfigured with every one's -D<ID>_ROOT
given, a path that does not exist for half of them and an empty prefix (include/ and lib/ with
nothing in them) for the others: each still not found, with the same line.

Usage: outside_not_found.py SOURCE_DIR WORK_DIR
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def verified_libraries(source_dir):
    """(module, library, its "verified" object) for every library.json that has one: an object, the
    only form (its hint is computed from it)."""
    found = []
    for path in sorted(glob.glob(os.path.join(source_dir, "modules", "*", "*", "library.json"))):
        with open(path, encoding="utf-8") as f:
            verified = json.load(f).get("verified")
        if verified is not None and not isinstance(verified, dict):
            fail(f"{path}: \"verified\" is not an object (repository, commit, ...)")
        if verified is not None:
            folder = os.path.dirname(path)
            found.append((os.path.basename(os.path.dirname(folder)), os.path.basename(folder), verified))
    return found


def configure(source_dir, build, options, log):
    command = ["cmake", "-S", source_dir, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DBENCHBOX_BUILD_TESTS=OFF"]
    print("==", " ".join(command), f"and {len(options)} -D<ID>_ROOT" if options else "(no prefix)")
    with open(log, "w", encoding="utf-8") as out:
        if subprocess.run(command + options, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
            fail(f"configure failed: {open(log, encoding='utf-8').read()[-3000:]}")
    return open(log, encoding="utf-8").read()


def manifest(build, module, library):
    with open(os.path.join(build, "libexec", "benchbox", module, library + ".json"), encoding="utf-8") as f:
        return json.load(f)


def check_not_found(output, build, module, library, when):
    """The configure line and the manifest of a library that must not be available."""
    entry = manifest(build, module, library)
    if entry["available"]:
        fail(f"{module}/{library} is available {when}")
    line = f"benchbox:   not found: {library}: {entry['reason']}"
    if line not in output:
        fail(f"configure {when} does not say '{line}'")
    return entry


def main():
    source_dir, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "empty", "include"))
    os.makedirs(os.path.join(work, "empty", "lib"))
    build = os.path.join(work, "build")
    libraries = verified_libraries(source_dir)
    if not libraries:
        fail("no library.json has a \"verified\" object")

    output = configure(source_dir, build, [], os.path.join(work, "plain.log"))
    roots = {}
    for module, library, verified in libraries:
        entry = manifest(build, module, library)
        if entry["available"]:  # installed where the compiler looks: the second configure still checks it
            print(f"note: {module}/{library} is installed in the default paths here")
        else:
            check_not_found(output, build, module, library, "without a prefix")
        enable = entry.get("enable", "")
        option = re.search(r"-D([A-Z0-9_]+_ROOT)=PREFIX", enable)
        wanted = ["docs/building-libraries.md", verified["commit"]]
        if "built_with" in verified:
            wanted.append(verified["built_with"]["commit"])
        if "no_library_build" not in verified:
            wanted.append("its own build")
        missing = [w for w in wanted if w not in enable]
        if option is None or missing:
            fail(f"{module}/{library}: the hint lacks {missing or '-D<ID>_ROOT=PREFIX'}: {enable}")
        roots[library] = option.group(1)

    given = {}
    for i, root in enumerate(sorted(set(roots.values()))):
        given[root] = os.path.join(work, f"no-such-prefix-{i}") if i % 2 == 0 else os.path.join(work, "empty")
    output = configure(source_dir, build, [f"-D{root}={path}" for root, path in given.items()],
                       os.path.join(work, "prefixes.log"))
    for module, library, _ in libraries:
        check_not_found(output, build, module, library, f"with -D{roots[library]}={given[roots[library]]}")
    shutil.rmtree(build)  # a whole configured tree: not worth keeping
    print(f"ok: {len(libraries)} libraries outside Debian not found, each with its line and hint, without a "
          f"prefix and with {len(given)} missing or empty prefixes")


if __name__ == "__main__":
    main()
