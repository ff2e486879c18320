#!/usr/bin/env python3
"""What a pattern finds in a haystack, by Python's re: the reference every engine's proof is checked
against (modules/regex/README.md). Used at build time for the benchmarks (generate.py) and at run time by
benchbox for the user's own pattern or file:

    expect.py PATTERN FLAGS FILE [SAMPLE_BYTES]   -> one JSON object on standard output

The scan is the one every engine's adapter makes: the leftmost match at or after a position, then
on from its end (one character further after an empty match). Offsets are in bytes. Flags: i
(case-insensitive), m (^ and $ at lines), u (the haystack is UTF-8 text and classes are Unicode's;
without u, the haystack is bytes and classes are ASCII's).

  count            matches
  start_sum        sum of the matches' start offsets
  end_sum          sum of their end offsets
  groups           capture groups in the pattern
  groups_matched   over all matches, the groups that took part, group 0 (the match) included
  group_sum        sum of the start and end offsets of every group that took part
  sample_count     matches in the first SAMPLE_BYTES (cut back to a character's start under u)
"""
import json, re, sys

SAMPLE_BYTES = 65536


def compiled(pattern, flags):
    f = (re.IGNORECASE if "i" in flags else 0) | (re.MULTILINE if "m" in flags else 0)
    if "u" in flags:
        return re.compile(pattern, f)
    return re.compile(pattern.encode("utf-8", "surrogateescape"), f)  # bytes: ASCII classes, byte offsets


def sample_end(data, flags, limit):
    end = min(len(data), limit)
    while "u" in flags and 0 < end < len(data) and (data[end] & 0xC0) == 0x80:  # inside a UTF-8 character
        end -= 1
    return end


def scan(rx, text):
    """Yields every match of the engines' scan."""
    pos = 0
    while pos <= len(text):
        m = rx.search(text, pos)
        if not m:
            return
        yield m
        pos = m.end() if m.end() > m.start() else m.end() + 1


def expectations(pattern, flags, data, sample_bytes=SAMPLE_BYTES):
    rx = compiled(pattern, flags)
    if "u" in flags:
        text = data.decode("utf-8")
        if len(text) == len(data):
            to_byte = lambda i: i
        else:
            offsets, at = [], 0
            for ch in text:
                offsets.append(at)
                at += len(ch.encode("utf-8"))
            offsets.append(at)
            to_byte = offsets.__getitem__
    else:
        text, to_byte = data, (lambda i: i)
    out = {"count": 0, "start_sum": 0, "end_sum": 0, "groups": rx.groups, "groups_matched": 0, "group_sum": 0}
    for m in scan(rx, text):
        out["count"] += 1
        out["start_sum"] += to_byte(m.start())
        out["end_sum"] += to_byte(m.end())
        for g in range(rx.groups + 1):
            if m.start(g) >= 0:
                out["groups_matched"] += 1
                out["group_sum"] += to_byte(m.start(g)) + to_byte(m.end(g))
    sample = data[: sample_end(data, flags, sample_bytes)]
    out["sample_count"] = sum(1 for _ in scan(rx, sample.decode("utf-8") if "u" in flags else sample))
    return out


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: expect.py PATTERN FLAGS FILE [SAMPLE_BYTES]")
    pattern, flags, path = sys.argv[1], sys.argv[2], sys.argv[3]
    sample_bytes = int(sys.argv[4]) if len(sys.argv) == 5 else SAMPLE_BYTES
    try:
        with open(path, "rb") as f:
            data = f.read()
        print(json.dumps(expectations(pattern, flags, data, sample_bytes), sort_keys=True))
    except re.error as e:
        print(json.dumps({"error": f"Python's re cannot compile the pattern: {e}"}))
    except UnicodeDecodeError as e:
        print(json.dumps({"error": f"the file is not UTF-8 text: {e}"}))
    except OSError as e:
        print(json.dumps({"error": f"cannot read {path}: {e.strerror}"}))


if __name__ == "__main__":
    main()
