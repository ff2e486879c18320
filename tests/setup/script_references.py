#!/usr/bin/env python3
"""Every `scripts/<name>` the tree mentions exists: docs, messages, CMake and tests name scripts by
their file names (with .sh or .py), and a rename that leaves one behind fails here.
    tests/setup/script_references.py SOURCE_DIR"""
import os, re, sys

source = sys.argv[1]
# Made-up declarations of a test (steps that name scripts which need not exist).
made_up = {os.path.join("tests", "setup", "packages.sh")}
mention = re.compile(r"(?<![\w/.-])scripts/[\w./-]*\w")
missing, files = [], 0
for folder, subfolders, names in os.walk(source):
    subfolders[:] = [d for d in subfolders if not (folder == source and d in ("build", ".git"))]
    for name in names:
        path = os.path.join(folder, name)
        relative = os.path.relpath(path, source)
        if relative in made_up or os.path.islink(path):
            continue
        try:
            text = open(path, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue  # not text
        files += 1
        for number, line in enumerate(text.splitlines(), 1):
            for named in mention.findall(line):
                if not os.path.exists(os.path.join(source, named)):
                    missing.append(f"{relative}:{number}: {named}")
for line in missing:
    print("FAIL: no such script:", line)
if not missing:
    print(f"every scripts/... named in {files} files exists")
sys.exit(1 if missing else 0)
