#!/usr/bin/env python3
"""Layout passes of screen shapes that `compare-peers.py` does not have, Trellis alone.

The peers' side-by-side (`compare-peers.py`) times a feed, a grid, a settings form and a chat.
These are other ways people write screens, made to find the passes that fall off the
incremental path:

- pairs: rows of a wrapping title and a date (baselines aligned, the title's trailing at most 8
  before the date), both at compression resistance 750: a row too narrow for both is a tie
  that measurement locks in (`trellis layout --ambiguity` reports it), at most widths;
- toolbars: a column of horizontal stacks of three texts, each distribution in turn (equal
  spacing, equal centring, proportional, fill), centred and first-baseline aligned in turn;
- cells: a vertical stack of cells, each a 40 x 40 avatar beside a vertical stack of a name, a
  wrapping body and a fill-equally row of four action texts;
- forms: label-field rows (first-baseline stacks, the label hugging at 251, the field 34 high),
  a wrapping footnote after every fifth;
- profile: a centred header (a 96 x 96 avatar, a name, three counts centred equally apart)
  above wrapping posts as wide as the page;
- dashboard: rows of three equal tiles, each a number over a caption of at most two lines;
- cards: rows of two equal cards, each a 16:9 image (its height a multiple of its width), a
  title of at most two lines and a subtitle;
- messages: plain constraints: bubbles at most 80 % of the root wide, a name and a time on one
  baseline above a wrapping body;
- switches: settings rows under the safe area, each an icon, a wrapping title over a subtitle of
  at most two lines (hidden in every third row), and a switch.

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


def forms(rows):
    arranged = []
    views = [{"id": "form", "stack": {"axis": "vertical", "spacing": 12, "alignment": "fill", "arranged": arranged}}]
    for i in range(rows):
        p = f"f{i}"
        arranged.append(p)
        views += [{"id": p, "parent": "form",
                   "stack": {"axis": "horizontal", "spacing": 8, "alignment": "firstBaseline",
                             "arranged": [p + ".label", p + ".field"]}},
                  {"id": p + ".label", "parent": p, "text": words(i, 1 + i % 2),
                   "hugging": {"horizontal": 251, "vertical": 250}},
                  {"id": p + ".field", "parent": p, "intrinsicSize": {"height": 34},
                   "baselines": {"first": 22, "last": 12}}]
        if i % 5 == 4:
            arranged.append(p + ".note")
            views.append({"id": p + ".note", "parent": "form", "text": words(i, 8 + i % 9), "lines": 0,
                          "lineBreak": "wordWrap"})
    return document(views, ["form~.top.leading.trailing == root~ + EdgeInsets(16)"])


def profile(rows):
    views = [{"id": "page", "stack": {"axis": "vertical", "spacing": 10, "alignment": "center",
                                      "arranged": ["avatar", "name", "stats", "posts"]}},
             {"id": "avatar", "parent": "page", "intrinsicSize": {"width": 96, "height": 96}},
             {"id": "name", "parent": "page", "text": "layout solver"},
             {"id": "stats", "parent": "page",
              "stack": {"axis": "horizontal", "spacing": 24, "distribution": "equalCentering", "alignment": "center",
                        "arranged": [f"s{k}" for k in range(3)]}},
             {"id": "posts", "parent": "page", "stack": {"axis": "vertical", "spacing": 8, "alignment": "fill",
                                                          "arranged": [f"p{i}" for i in range(rows)]}}]
    for k in range(3):
        views += [{"id": f"s{k}", "parent": "stats",
                   "stack": {"axis": "vertical", "spacing": 2, "alignment": "center", "arranged": [f"s{k}.n", f"s{k}.l"]}},
                  {"id": f"s{k}.n", "parent": f"s{k}", "text": str(123 * (k + 1))},
                  {"id": f"s{k}.l", "parent": f"s{k}", "text": words(k, 1)}]
    views += [{"id": f"p{i}", "parent": "posts", "text": words(i, 6 + (i * 5) % 19), "lines": 0, "lineBreak": "wordWrap"}
              for i in range(rows)]
    return document(views, ["page~.top.leading.trailing == root~ + EdgeInsets(16)", "posts~.width == page~.width"])


def dashboard(tiles):
    rows = (tiles + 2) // 3
    views = [{"id": "dash", "stack": {"axis": "vertical", "spacing": 10, "alignment": "fill",
                                      "arranged": [f"d{r}" for r in range(rows)]}}]
    for r in range(rows):
        d = f"d{r}"
        views.append({"id": d, "parent": "dash",
                      "stack": {"axis": "horizontal", "spacing": 10, "distribution": "fillEqually", "alignment": "fill",
                                "arranged": [f"{d}.t{k}" for k in range(3)]}})
        for k in range(3):
            t = f"{d}.t{k}"
            views += [{"id": t, "parent": d, "margins": {"left": 8, "right": 8, "top": 8, "bottom": 8},
                       "stack": {"axis": "vertical", "spacing": 4, "alignment": "center", "marginsRelative": True,
                                 "arranged": [t + ".n", t + ".c"]}},
                      {"id": t + ".n", "parent": t, "text": str(17 * (3 * r + k))},
                      {"id": t + ".c", "parent": t, "text": words(3 * r + k, 1 + k), "lines": 2, "lineBreak": "wordWrap"}]
    return document(views, ["dash~.top.leading.trailing == root~ + EdgeInsets(10)"])


def cards(count):
    rows = (count + 1) // 2
    views = [{"id": "grid", "stack": {"axis": "vertical", "spacing": 12, "alignment": "fill",
                                      "arranged": [f"g{r}" for r in range(rows)]}}]
    constraints = ["grid~.top.leading.trailing == root~ + EdgeInsets(12)"]
    for r in range(rows):
        g = f"g{r}"
        views.append({"id": g, "parent": "grid",
                      "stack": {"axis": "horizontal", "spacing": 12, "distribution": "fillEqually", "alignment": "top",
                                "arranged": [f"{g}.c{k}" for k in range(2)]}})
        for k in range(2):
            p, i = f"{g}.c{k}", 2 * r + k
            views += [{"id": p, "parent": g, "stack": {"axis": "vertical", "spacing": 4, "alignment": "fill",
                                                        "arranged": [p + ".img", p + ".title", p + ".sub"]}},
                      {"id": p + ".img", "parent": p},
                      {"id": p + ".title", "parent": p, "text": words(i, 3 + i % 6), "lines": 2, "lineBreak": "wordWrap"},
                      {"id": p + ".sub", "parent": p, "text": words(i + 3, 2)}]
            constraints.append(f"{p}.img~.height == {p}.img~.width * 0.5625")
    return document(views, constraints)


def messages(rows):
    views, constraints = [], []
    for i in range(rows):
        p = f"m{i}"
        views += [{"id": p}, {"id": p + ".name", "parent": p, "text": words(i, 2)},
                  {"id": p + ".time", "parent": p, "text": f"{i % 12 + 1}:{i % 60:02d}", "hugging": 252, "compression": 751},
                  {"id": p + ".body", "parent": p, "text": words(i, 4 + (i * 3) % 15), "lines": 0, "lineBreak": "wordWrap"}]
        constraints += [f"{p}~.leading == root~.leading + 12", f"{p}~.width <= root~.width * 0.8",
                        f"{p}~.top == m{i - 1}~.bottom + 6" if i else f"{p}~.top == root~.top + 12",
                        f"{p}.name~.top.leading == {p}~ + 8", f"{p}.time~.firstBaseline == {p}.name~.firstBaseline",
                        f"{p}.time~.leading >= {p}.name~.trailing + 8", f"{p}.time~.trailing == {p}~.trailing - 8",
                        f"{p}.body~.top == {p}.name~.bottom + 4",
                        f"{p}.body~.leading.trailing.bottom == {p}~ + EdgeInsets(top: 0, left: 8, bottom: 8, right: 8)"]
    return document(views, constraints)


def switches(rows):
    views = [{"id": "list", "stack": {"axis": "vertical", "spacing": 0, "alignment": "fill",
                                      "arranged": [f"r{i}" for i in range(rows)]}}]
    for i in range(rows):
        p = f"r{i}"
        views += [{"id": p, "parent": "list", "margins": {"left": 16, "right": 16, "top": 10, "bottom": 10},
                   "stack": {"axis": "horizontal", "spacing": 12, "alignment": "center", "marginsRelative": True,
                             "arranged": [p + ".icon", p + ".texts", p + ".switch"]}},
                  {"id": p + ".icon", "parent": p, "intrinsicSize": {"width": 29, "height": 29}},
                  {"id": p + ".texts", "parent": p,
                   "stack": {"axis": "vertical", "spacing": 2, "alignment": "leading", "arranged": [p + ".title", p + ".sub"]}},
                  {"id": p + ".title", "parent": p + ".texts", "text": words(i, 2 + i % 7), "lines": 0, "lineBreak": "wordWrap"},
                  {"id": p + ".sub", "parent": p + ".texts", "text": words(i + 5, 3 + i % 4), "lines": 2, "lineBreak": "wordWrap",
                   "hidden": i % 3 == 0},
                  {"id": p + ".switch", "parent": p, "intrinsicSize": {"width": 51, "height": 31}, "hugging": 750,
                   "compression": 1000}]
    made = document(views, ["list~.top.leading.trailing == root.safeAreaLayoutGuide~"])
    made["root"]["safeArea"] = {"top": 47, "left": 0, "bottom": 34, "right": 0}
    return made


SHAPES = {"pairs": pairs, "toolbars": toolbars, "cells": cells, "forms": forms, "profile": profile,
          "dashboard": dashboard, "cards": cards, "messages": messages, "switches": switches}


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
    parser.add_argument("--shapes", default=",".join(SHAPES), help="which shapes, comma-separated")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    print("| screen | rows | views | cold | first resize | resize | text |")
    print("|---|---|---|---|---|---|---|")
    for name in args.shapes.split(","):
        make = SHAPES[name]
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
