#!/usr/bin/env python3
"""Writes the regex module's haystacks, deterministically, and each benchmark's expected results.

    generate.py BENCHMARKS_JSON WORD_LIST OUT_DIR BYTES

english.txt: words of the word list (Debian's wamerican) drawn with a log-uniform rank law in
sentences, with names, e-mail addresses and dates sprinkled in; log.txt: web-server log lines;
unicode.txt: the same words spelt in Cyrillic and Greek letters and accented Latin ones (UTF-8),
some ending in -ость; backtrack.txt: runs of 'a' ending in 'c' (and now and then in 'b'). Each
BYTES long (unicode.txt cut back to a character's start). expected.json: for every benchmark, what
Python's re (not an engine under test) finds in its haystack (expect.py).
"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from expect import expectations  # noqa: E402

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def zipf(self, n):  # log-uniform rank: rank r about 1/r as likely as rank 1
        return int(n ** ((self.next() >> 11) / float(1 << 53))) - 1


NAMES = ["Sherlock", "Watson", "Irene", "Moriarty", "Lestrade", "Hudson", "Mycroft", "Gregson", "Adler",
         "Baskerville", "Stapleton", "Openshaw", "Rucastle", "Windibank", "Roylott", "Neville", "Boone",
         "Ferguson", "Trevor", "Musgrave", "Holmes", "SHERLOCK", "holmes"]


def english(size, words):
    rng, out, line = SplitMix64(11), [], []
    length = 0
    while length < size:
        r = rng.below(100)
        if r < 3:
            w = NAMES[rng.below(len(NAMES))] + (" Holmes" if rng.below(3) == 0 else "")
        elif r < 4:
            w = f"{words[rng.zipf(len(words))]}.{rng.below(100)}@{words[rng.zipf(len(words))]}.{['com', 'org', 'net', 'io'][rng.below(4)]}"
        elif r < 5:
            w = f"{1900 + rng.below(130):04d}-{1 + rng.below(12):02d}-{1 + rng.below(28):02d}"
        else:
            w = words[rng.zipf(len(words))]
        line.append(w)
        if sum(len(x) + 1 for x in line) > 72:
            text = " ".join(line) + ("\n\n" if rng.below(8) == 0 else "\n")
            out.append(text)
            length += len(text)
            line = []
    return "".join(out)[:size]


def log(size):
    rng, out, length = SplitMix64(12), [], 0
    paths = ["/api/v1/users/%d", "/api/v1/orders/%d/items", "/static/app.%d.js", "/search?q=item%d", "/health"]
    while length < size:
        s = rng.below(86400)
        ip = f"{10 + rng.zipf(200)}.{rng.below(256)}.{rng.below(256)}.{rng.below(256)}"
        path = paths[rng.zipf(len(paths))]
        path = path % rng.zipf(100000) if "%d" in path else path
        status = [200, 200, 200, 200, 200, 304, 404, 500, 502, 503][rng.below(10)]
        text = (f'{ip} - - [04/Dec/2026:{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d} +0000] '
                f'"GET {path} HTTP/1.1" {status} {rng.zipf(60000)} "-" "curl/7.88.1"\n')
        out.append(text)
        length += len(text)
    return "".join(out)[:size]


CYRILLIC = dict(zip("abcdefghijklmnopqrstuvwxyz", "абцдефгхиjклмнопqрстуввxызш".replace("j", "й").replace("q", "щ").replace("x", "ж")))
GREEK = dict(zip("abcdefghijklmnopqrstuvwxyz", "αβψδεφγηιξκλμνοπθρστυωςχυζ"))
ACCENTS = {"a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü", "c": "ç", "n": "ñ"}


def unicode_text(size, words):
    """Non-ASCII UTF-8 text: wamerican words spelt in Cyrillic (most), Greek or accented Latin."""
    rng, out, line, length = SplitMix64(13), [], [], 0
    while length < size:
        w = words[rng.zipf(len(words))]
        r = rng.below(10)
        if r < 6:
            w = "".join(CYRILLIC[c] for c in w) + ("ость" if rng.below(12) == 0 else "")
        elif r < 8:
            w = "".join(GREEK[c] for c in w)
        elif r < 9:
            w = "".join(ACCENTS.get(c, c) for c in w)
        line.append(w)
        if sum(len(x) + 1 for x in line) > 60:
            text = " ".join(line) + ".\n"
            out.append(text)
            length += len(text.encode("utf-8"))
            line = []
    data = "".join(out).encode("utf-8")[:size]
    while data and (data[-1] & 0xC0) == 0x80 or data and data[-1] >= 0xC0:  # no character cut in two
        data = data[:-1]
    return data


def backtrack(size):
    """Runs of 26 'a' ending in 'c', every eighth in 'b' (a match of (a+a+)+b)."""
    out, length, k = [], 0, 0
    while length < size:
        text = "a" * 26 + ("b" if k % 8 == 7 else "c") + "\n"
        out.append(text)
        length += len(text)
        k += 1
    return "".join(out)[:size]


def main():
    benchmarks, word_list, out_dir, size = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    words = [w for w in open(word_list, encoding="utf-8", errors="replace").read().split("\n")
             if w and all("a" <= c <= "z" for c in w)]
    haystacks = {"english": english(size, words).encode("ascii"), "log": log(size).encode("ascii"),
                 "unicode": unicode_text(size, words), "backtrack": backtrack(size).encode("ascii")}
    for name, data in haystacks.items():
        with open(f"{out_dir}/{name}.txt", "wb") as f:
            f.write(data)
    expected = {}
    for b in json.load(open(benchmarks, encoding="utf-8"))["benchmarks"]:
        expected[b["name"]] = expectations(b.get("reference", b["pattern"]), b.get("flags", ""), haystacks[b["haystack"]])
    with open(f"{out_dir}/expected.json", "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
