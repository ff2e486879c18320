#!/usr/bin/env python3
"""Statistics of JSON documents, computed with Python's own json module (independent of every
library benchbox measures). Used once to write standard.json and by a test that cross-checks the
generator's statistics.

  stats.py FILE...            one JSON object per file: sha256, bytes and the statistics
  stats.py --check FILE.json  FILE.stats.json: exit 1 unless the two agree

Definitions (modules/json/README.md): objects, arrays, strings (string VALUES, keys are not strings),
numbers, trues, falses, nulls; members (object keys, duplicates included), elements (array
items); string_bytes and key_bytes: UTF-8 bytes of the values and keys after unescaping;
checksum: the sum of those bytes (every unescaped byte of every string and key, mod 2^64);
bytes and file_sum: the file's size and the sum of its bytes (the floor's proof).
"""
import hashlib
import json
import sys

FIELDS = ["objects", "arrays", "strings", "numbers", "trues", "falses", "nulls",
          "members", "elements", "string_bytes", "key_bytes", "checksum"]


def stats_of(text):
    s = dict.fromkeys(FIELDS, 0)

    def utf8(x):
        # surrogatepass: a lone \ud800 escape has no UTF-8 form; none of the data sets has one
        return x.encode("utf-8", "surrogatepass")

    def visit(v):
        if isinstance(v, Pairs):
            if len({k for k, _ in v}) != len(v):
                s["duplicate_keys"] = s.get("duplicate_keys", 0) + 1
            s["objects"] += 1
            for k, item in v:
                b = utf8(k)
                s["members"] += 1
                s["key_bytes"] += len(b)
                s["checksum"] += sum(b)
                visit(item)
        elif isinstance(v, list):
            s["arrays"] += 1
            for item in v:
                s["elements"] += 1
                visit(item)
        elif isinstance(v, str):
            b = utf8(v)
            s["strings"] += 1
            s["string_bytes"] += len(b)
            s["checksum"] += sum(b)
        elif v is True:
            s["trues"] += 1
        elif v is False:
            s["falses"] += 1
        elif v is None:
            s["nulls"] += 1
        else:  # int or float, whatever the spelling
            s["numbers"] += 1

    class Pairs(list):
        pass

    # object_pairs_hook keeps duplicate keys; numbers are never converted (parse_* keep the text)
    doc = json.loads(text, object_pairs_hook=Pairs, parse_float=lambda t: 0.0, parse_int=lambda t: 0,
                     parse_constant=lambda t: (_ for _ in ()).throw(ValueError("not JSON: " + t)))
    sys.setrecursionlimit(100000)
    visit(doc)
    s["checksum"] %= 2 ** 64
    return s


def main(argv):
    sys.setrecursionlimit(100000)
    if len(argv) == 3 and argv[1] == "--check":
        path = argv[2]
        with open(path, "rb") as f:
            raw = f.read()
        with open(path[:-len(".json")] + ".stats.json") as f:
            expected = json.load(f)
        got = stats_of(raw.decode("utf-8"))
        got["bytes"] = len(raw)
        got["file_sum"] = sum(raw) % 2 ** 64
        if got.pop("duplicate_keys", 0):
            print(path + ": an object has duplicate keys (the data sets must have none)")
            return 1
        wrong = {k: (expected.get(k), got[k]) for k in got if expected.get(k) != got[k]}
        if wrong:
            print(path + ": generator and Python disagree (expected, python): " + repr(wrong))
            return 1
        print(path + ": ok")
        return 0
    for path in argv[1:]:
        with open(path, "rb") as f:
            raw = f.read()
        out = {"sha256": hashlib.sha256(raw).hexdigest(), "bytes": len(raw), "file_sum": sum(raw) % 2 ** 64}
        out.update(stats_of(raw.decode("utf-8")))
        print(json.dumps({path: out}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
