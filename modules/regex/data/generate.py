#!/usr/bin/env python3
"""Writes the regex module's haystacks, deterministically, and each benchmark's expected count.

    generate.py BENCHMARKS_JSON WORD_LIST OUT_DIR BYTES

english.txt: words of the word list (Debian's wamerican) drawn with a log-uniform rank law in
sentences, with names, e-mail addresses and dates sprinkled in; log.txt: web-server log lines.
Both exactly BYTES long, ASCII. expected.json: for every benchmark, the number of non-overlapping
leftmost matches and the sum of their start offsets, found by Python's re (not an engine under
test), scanning on from each match's end.
"""
import json, re, sys

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


def main():
    benchmarks, word_list, out_dir, size = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    words = [w for w in open(word_list, encoding="utf-8", errors="replace").read().split("\n")
             if w and all("a" <= c <= "z" for c in w)]
    haystacks = {"english": english(size, words), "log": log(size)}
    for name, text in haystacks.items():
        with open(f"{out_dir}/{name}.txt", "w", encoding="ascii", newline="") as f:
            f.write(text)
    expected = {}
    for b in json.load(open(benchmarks))["benchmarks"]:
        flags = re.IGNORECASE if "i" in b.get("flags", "") else 0
        starts = [m.start() for m in re.finditer(b["pattern"], haystacks[b["haystack"]], flags)]
        expected[b["name"]] = {"count": len(starts), "offset_sum": sum(starts)}
    with open(f"{out_dir}/expected.json", "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
