#!/usr/bin/env python3
"""Layout passes of screen shapes that `compare-peers.py` does not have, Trellis alone.

The peers' side-by-side (`compare-peers.py`) times a feed, a grid, a settings form and a chat.
These are three other ways people write screens, made to find the passes that fall off the
incremental path:

- pairs: rows of a wrapping title and a date (baselines aligned, the title's trailing at most 8
  before the date), both at compression resistance 750: a row too narrow for both is a tie
  that measurement locks in (`trellis layout --ambiguity` reports it), at most widths;
- toolbars: a column of horizontal stacks of three texts, each distribution in turn (equal
  spacing, equal centring, proportional, fill), centred and first-baseline aligned in turn;
- cells: a vertical stack of cells, each a 40 x 40 avatar beside a vertical stack of a name, a
  wrapping body and a fill-equally row of four action texts.

For each shape and size the documents are written to `--out` and laid out with
`trellis layout DOC --text-model --timing STEPS --repeat R` (the same command `compare-peers.py`
runs): cold is the process's first pass (`cold_ms`), first resize the pass right after it,
resize the median of the passes after a root width change 375 <-> 414, text the median of the
passes after every text item's text changes (its first 40 characters, then all of it). Medians
over `--processes` fresh processes of each process's median.

    python3 Benchmarks/other-shapes.py --trellis .build/release/trellis [--sizes 10,100] [--out DIR]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

WORDS = ("layout constraint solver view frame text wraps across lines when the screen is narrow "
         "and stays on one line when wide").split()


def words(start, count):
    return " ".join(WORDS[(start + k) % len(WORDS)] for k in range(count))


def document(views, constraints):
    return {"format": "layout-document/1", "root": {"id": "root", "width": 375.0, "height": 800.0},
            "views": views, "constraints": constraints}


def pairs(rows):
    views, constraints = [], []
    for i in range(rows):
        p = f"r{i}"
        views += [{"id": p},
                  {"id": p + ".title", "parent": p, "text": words(i, 3 + (i * 5) % 13), "lines": 0, "lineBreak": "wordWrap"},
                  {"id": p + ".date", "parent": p, "text": f"{i % 12 + 1}:{i % 60:02d} PM"}]
        constraints += [f"{p}~.leading.trailing == root~",
                        f"{p}~.top == r{i - 1}~.bottom + 8" if i else f"{p}~.top == root~.top + 16",
                        f"{p}.title~.leading == {p}~.leading + 16",
                        f"{p}.title~.top.bottom == {p}~ + EdgeInsets(top: 6, left: 0, bottom: 6, right: 0)",
                        f"{p}.date~.trailing == {p}~.trailing - 16",
                        f"{p}.date~.firstBaseline == {p}.title~.firstBaseline",
                        f"{p}.title~.trailing <= {p}.date~.leading - 8"]
    return document(views, constraints)


def toolbars(rows):
    distributions = ["equalSpacing", "equalCentering", "fillProportionally", "fill"]
    views = [{"id": "col", "stack": {"axis": "vertical", "spacing": 6, "alignment": "fill",
                                        "arranged": [f"t{i}" for i in range(rows)]}}]
    for i in range(rows):
        p = f"t{i}"
        views.append({"id": p, "parent": "col",
                      "stack": {"axis": "horizontal", "spacing": 4, "distribution": distributions[i % 4],
                                "alignment": "firstBaseline" if i % 2 else "center",
                                "arranged": [f"{p}.b{k}" for k in range(3)]}})
        views += [{"id": f"{p}.b{k}", "parent": p, "text": words(i + k, 1 + k)} for k in range(3)]
    return document(views, ["col~.top.leading.trailing == root~ + EdgeInsets(8)"])


def cells(rows):
    views = [{"id": "list", "stack": {"axis": "vertical", "spacing": 0, "alignment": "fill",
                                      "arranged": [f"c{i}" for i in range(rows)]}}]
    constraints = ["list~.top.leading.trailing == root~"]
    for i in range(rows):
        p = f"c{i}"
        views += [{"id": p, "parent": "list", "margins": {"left": 12, "right": 12, "top": 8, "bottom": 8},
                   "stack": {"axis": "horizontal", "spacing": 10, "alignment": "top", "marginsRelative": True,
                             "arranged": [p + ".avatar", p + ".col"]}},
                  {"id": p + ".avatar", "parent": p},
                  {"id": p + ".col", "parent": p,
                   "stack": {"axis": "vertical", "spacing": 4, "alignment": "fill",
                             "arranged": [p + ".name", p + ".body", p + ".actions"]}},
                  {"id": p + ".name", "parent": p + ".col", "text": words(i, 2)},
                  {"id": p + ".body", "parent": p + ".col", "text": words(i, 5 + (i * 7) % 17), "lines": 0,
                   "lineBreak": "wordWrap"},
                  {"id": p + ".actions", "parent": p + ".col",
                   "stack": {"axis": "horizontal", "spacing": 8, "distribution": "fillEqually", "alignment": "center",
                             "arranged": [f"{p}.a{k}" for k in range(4)]}}]
        views += [{"id": f"{p}.a{k}", "parent": p + ".actions", "text": str(i * k)} for k in range(4)]
        constraints += [f"{p}.avatar~.width == 40", f"{p}.avatar~.height == 40"]
    return document(views, constraints)


SHAPES = {"pairs": pairs, "toolbars": toolbars, "cells": cells}


def timing(binary, path, steps, repeat):
    out = subprocess.run([binary, "layout", path, "--text-model", "--timing", steps, "--repeat", str(repeat)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def fmt(us):
    return f"{us / 1000:.2f} ms" if us >= 1000 else f"{us:.1f} µs"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trellis", required=True, help="the trellis binary (a release build)")
    parser.add_argument("--sizes", default="10,100", help="rows per screen, comma-separated")
    parser.add_argument("--processes", type=int, default=5, help="fresh processes per measure")
    parser.add_argument("--repeat", type=int, default=20, help="rounds of the steps per process")
    parser.add_argument("--out", default="/tmp/trellis-other-shapes", help="where the documents are written")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    print("| screen | rows | views | cold | first resize | resize | text |")
    print("|---|---|---|---|---|---|---|")
    for name, make in SHAPES.items():
        for rows in (int(s) for s in args.sizes.split(",")):
            path = os.path.join(args.out, f"{name}-{rows}.json")
            with open(path, "w") as f:
                json.dump(make(rows), f)
            widths = [timing(args.trellis, path, "width:414,375", args.repeat) for _ in range(args.processes)]
            texts = [timing(args.trellis, path, "text:40,100000", args.repeat) for _ in range(args.processes)]
            cold = statistics.median(w["cold_ms"] * 1000 for w in widths)
            first = statistics.median(w["first_step_us"] for w in widths)
            resize = statistics.median(w["median_us"] for w in widths)
            text = statistics.median(t["median_us"] for t in texts)
            print(f"| {name} | {rows} | {widths[0]['views']} | {fmt(cold)} | {fmt(first)} | {fmt(resize)} | {fmt(text)} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
