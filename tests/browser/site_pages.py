#!/usr/bin/env python3
"""Checks of a `benchbox site` folder as Chromium rendered it (check_site.sh): every page's DOM
(PAGE.dom beside its console log) and the site's files.

    site_pages.py SITE DOMS --machines N --runs R (--rows W | --published CSV)

For every page: no console error; every link resolves to a file of the site (no link leaves it:
no scheme, no absolute path); nothing fetched (no src= attribute). For every case page: as many
machine sections as machines, and in each trend chart R * N * W run points (each machine's R runs
of each of its W rows), each tick labelled with a unit. With --published: the 2016 report's
figures, one machine section per machine of the CSV in its order, and each library's ns/op in the
matrix equal to the CSV's ms over its ops, and R points per CSV row in the trend chart.
"""
import argparse, csv, os, re, sys
from html.parser import HTMLParser

failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.sources, self.machines, self.ticks, self.charts = [], [], [], [], []
        self.matrix, self._in, self._text, self._row = {}, [], "", None
        self._matrix_head, self._in_matrix = [], False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self._in.append((tag, a.get("class", "")))
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if "src" in a:
            self.sources.append(a["src"])
        if tag == "section" and a.get("class") == "machine":
            self.machines.append("")
        if tag == "svg" and self.charts is not None:
            self.charts.append(0)
        if tag == "circle" and a.get("class") == "run":
            self.charts[-1] += 1
        if tag == "table" and a.get("class") == "matrix":
            self._in_matrix = True
        if tag == "tr" and self._in_matrix:
            self._row = []
        self._text = ""

    def handle_endtag(self, tag):
        tag_open, cls = self._in.pop() if self._in else (tag, "")
        text = self._text.strip()
        if tag == "h3" and self.machines and not self.machines[-1]:
            self.machines[-1] = text
        if tag == "text" and cls == "tick":
            self.ticks.append(text)
        if tag in ("td", "th") and self._row is not None:
            self._row.append(text)
        if tag == "tr" and self._row is not None:
            if not self._matrix_head:
                self._matrix_head = self._row
            else:
                self.matrix[self._row[0]] = dict(zip(self._matrix_head[1:], self._row[1:]))
            self._row = None
        if tag == "table":
            self._in_matrix = False

    def handle_data(self, data):
        self._text += data


def check_page(site, doms, page, args):
    name = page.replace("/", "_")
    console = open(os.path.join(doms, name + ".console.log"), errors="replace").read()
    if re.search(r"CONSOLE|Uncaught|Refused to", console):
        fail(f"{page}: console errors (in {doms}/{name}.console.log)")
    p = Page()
    p.feed(open(os.path.join(doms, name + ".dom"), errors="replace").read())
    if not p.links:
        fail(f"{page}: no link back to the rest of the site")
    for href in p.links:
        target = href.split("#")[0]
        if re.match(r"^[a-z]+:", href) or target.startswith("/"):
            fail(f"{page}: a link leaves the site: {href}")
        elif target and not os.path.isfile(os.path.normpath(os.path.join(site, os.path.dirname(page), target))):
            fail(f"{page}: the link {href} resolves to no file")
    if p.sources:
        fail(f"{page}: fetches {p.sources}")
    return p


def check_case(page, p, args, points):
    if len(p.machines) != args.machines:
        fail(f"{page}: {len(p.machines)} machine sections, expected {args.machines}")
    trend_points = [n for n in p.charts if n]
    if trend_points != [points]:
        fail(f"{page}: trend charts with {trend_points} run points, expected one with {points}")
    unitless = [t for t in p.ticks if t != "0" and not re.search(r"[a-zA-Z%µ]", t)]
    if not p.ticks or unitless:
        fail(f"{page}: ticks without their unit: {unitless or 'no ticks'}")


def check_published(page, p, csv_path, case, param):
    rows = [r for r in csv.DictReader(open(csv_path)) if r["case"] == case and r["param"] == param]
    machines = list(dict.fromkeys(r["machine"] for r in rows))
    if p.machines != machines:
        fail(f"{page}: machines {p.machines}, expected the CSV's {machines} in its order")
    for r in rows:
        ns = float(r["ms"]) * 1e6 / int(r["ops"])
        shown = p.matrix.get(r["library"], {}).get(r["machine"], "")
        last_digit = 1 if ns >= 100 else 0.1 if ns >= 10 else 0.01  # as format_value prints it
        if not shown or abs(float(shown) - ns) > last_digit / 2 + 1e-9:
            fail(f"{page}: {r['library']} on {r['machine']}: shown '{shown}', the CSV's {ns:.4g} ns/op")
    return len(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site")
    ap.add_argument("doms")
    ap.add_argument("--machines", type=int, required=True)
    ap.add_argument("--runs", type=int, required=True)
    ap.add_argument("--rows", type=int, default=0, help="rows of each case (without --published)")
    ap.add_argument("--published")
    args = ap.parse_args()
    pages = sorted(os.path.relpath(os.path.join(d, f), args.site) for d, _, fs in os.walk(args.site) for f in fs if f.endswith(".html"))
    cases = figures = 0
    for page in pages:
        p = check_page(args.site, args.doms, page, args)
        base = os.path.basename(page)
        if base != "index.html" and not base.endswith("-trend.html"):
            cases += 1
            m = re.match(r".*-(switch|channel)-(\d+)\.html$", base)
            if args.published:
                if not m:
                    fail(f"{page}: not a page of the published cases")
                    continue
                shown = check_published(page, p, args.published, m.group(1), m.group(2))
                check_case(page, p, args, shown * args.runs)
                figures += shown
            else:
                check_case(page, p, args, args.machines * args.runs * args.rows)
    print(f"{len(pages)} pages, {cases} case pages" + (f", {figures} published figures compared" if args.published else ""))
    if cases == 0:
        fail("no case pages")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
