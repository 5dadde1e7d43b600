#!/usr/bin/env python3
"""Layout passes side by side with kiwi, on the same lowered system.

For feeds of about 30, 100 and 1000 views (layout documents written here), each scenario is
run twice, both sides warm and in-process, with the same steps and the same number of
repetitions:

- Trellis: `trellis layout DOC --timing STEPS --repeat R` (the median of warm layout passes:
  the change, `layoutIfNeeded()`, frames written), after one warm-up round of the steps.
- kiwi: the system `trellis layout DOC --export-system` writes (the constraints the solver is
  handed: root frame, content sizes, the document's constraints, each priority a weight), with
  the changing constants made edit variables (kiwi changes a constant through an edit variable;
  it has no other incremental way), at a strength above every soft weight; each step is
  `suggestValue` for the changed edits and `updateVariables()`, timed one by one, medians after
  one warm-up round.

Scenarios:
- unchanged: a pass with nothing changed (kiwi: `updateVariables()` alone);
- resize: the root's width swept over 20 widths (kiwi: the `root frame: root.width` row becomes
  `root.width == w`, w an edit variable);
- constant: `update(constant:)` of the first avatar's width (kiwi: its row's constant becomes an
  edit variable), over 8 values;
- text: the resize sweep on a feed whose titles and bodies are text items (height for width,
  the built-in text model): Trellis measures the texts again at each width and solves until
  they settle; kiwi gets the same lowered edits (the root width and every text content-size
  constant that differs between the widths' exports), suggested together in one step.

Before timing, the kiwi values at the last width/constant are compared with the frames the
export of Trellis's layout at that width/constant gives (solved by `trellis solve`), so both
sides solve the same problem.

    swift build -c release --product trellis -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
    python3 Benchmarks/compare-kiwi-layout.py --trellis .build/release/trellis
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import kiwisolver as kiwi

WORDS = ("layout constraint solver view frame text wraps across lines when the screen is narrow "
         "and stays on one line when it is wide enough for all of it").split()


def feed_document(cells, text):
    """A feed of `cells` cells (avatar, title, body, like): 5 views a cell plus the root."""
    views, constraints = [], []
    above = None
    for c in range(cells):
        cell = f"cell{c}"
        views.append({"id": cell})
        views.append({"id": f"{cell}.avatar", "parent": cell})
        if text:
            words = WORDS[c % 7:] + WORDS[: c % 11]
            views.append({"id": f"{cell}.title", "parent": cell, "text": " ".join(words[:3 + c % 4])})
            views.append({"id": f"{cell}.body", "parent": cell, "text": " ".join(words), "lines": 0})
        else:
            views.append({"id": f"{cell}.title", "parent": cell, "intrinsicSize": {"width": 120 + c % 5 * 20, "height": 20}})
            views.append({"id": f"{cell}.body", "parent": cell, "intrinsicSize": {"width": 260, "height": 40 + c % 3 * 16}})
        views.append({"id": f"{cell}.like", "parent": cell, "intrinsicSize": {"width": 48, "height": 28}})
        constraints += [
            f"{cell}.avatar~.width == 40",
            f"{cell}.avatar~.height == 40",
            f"{cell}~.leading.trailing == root~",
            f"{cell}~.top == {above}~.bottom" if above else f"{cell}~.top == root~.top",
            f"{cell}.avatar~.top.leading == {cell}~ + 12",
            f"{cell}.title~.leading == {cell}.avatar~.trailing + 8",
            f"{cell}.title~.top == {cell}.avatar~",
            f"{cell}.title~.trailing <= {cell}~.trailing - 12",
            f"{cell}.body~.leading == {cell}.title~",
            f"{cell}.body~.top == {cell}.title~.bottom + 4",
            (f"{cell}.body~.trailing == {cell}~.trailing - 12" if text else f"{cell}.body~.trailing <= {cell}~.trailing - 12"),
            f"{cell}.like~.leading == {cell}.body~",
            f"{cell}.like~.top == {cell}.body~.bottom + 8",
            f"{cell}~.bottom == {cell}.like~.bottom + 12",
        ]
        above = cell
    return {"format": "layout-document/1", "root": {"id": "root", "width": 375, "height": 800},
            "views": views, "constraints": constraints}


def trellis(binary, *arguments):
    completed = subprocess.run([binary, *arguments], capture_output=True, text=True)
    if completed.returncode != 0:
        raise SystemExit(f"trellis {' '.join(arguments)}: exit {completed.returncode}: {completed.stderr[:400]}")
    return completed.stdout


def export(binary, path, directory, width=None):
    """The lowered system of the document (at `width`), as parsed JSON."""
    out = os.path.join(directory, "export.json")
    extra = ["--width", str(width)] if width is not None else []
    trellis(binary, "layout", path, "--text-model", "--export-system", out, *extra)
    with open(out) as handle:
        return json.load(handle)


class KiwiLayout:
    """The exported system in a kiwi solver, with the rows whose constants change as edits."""

    def __init__(self, system, edited_rows):
        self.var = {name: kiwi.Variable(name) for name in system["variables"]}
        soft = [float(c["strength"]) for c in system["constraints"] if c["strength"] != "required"]
        # Ten times all soft weights together (so an edit holds whatever the soft rows want),
        # below kiwi's required.
        edit_strength = min(kiwi.strength.required * 0.9, 10 * sum(soft + [1.0]))
        self.solver = kiwi.Solver()
        self.edits = {}
        for c in system["constraints"]:
            for name in c["terms"]:
                self.var.setdefault(name, kiwi.Variable(name))
            expr = sum((float(a) * self.var[v] for v, a in c["terms"].items()), kiwi.Expression([], 0.0))
            if c["id"] in edited_rows:
                # terms + constant OP 0 with the constant an edit variable k: terms + k OP 0.
                k = kiwi.Variable("k:" + c["id"])
                expr = expr + k
                self.solver.addEditVariable(k, edit_strength)
                self.solver.suggestValue(k, float(c["constant"]))
                self.edits[c["id"]] = k
            else:
                expr = expr + float(c["constant"])
            op = {"==": expr == 0, "<=": expr <= 0, ">=": expr >= 0}[c["op"]]
            strength = c["strength"]
            self.solver.addConstraint(op if strength == "required" else op | float(strength))
        self.solver.updateVariables()

    def step(self, constants):
        for row, value in constants.items():
            self.solver.suggestValue(self.edits[row], value)
        self.solver.updateVariables()

    def value(self, name):
        return self.var[name].value()


def row_ids(system):
    return {c["id"]: c for c in system["constraints"]}


def kiwi_times(layout, steps, repeat):
    """Median µs of kiwi steps (`steps`: a list of {row: constant}), one warm-up round first."""
    samples = []
    for round_ in range(repeat + 1):
        for constants in steps:
            start = time.perf_counter()
            layout.step(constants)
            elapsed = (time.perf_counter() - start) * 1e6
            if round_ > 0:
                samples.append(elapsed)
    return statistics.median(samples)


def solved_frames(binary, system, directory):
    """`trellis solve` of an exported system: the values by variable."""
    path = os.path.join(directory, "solve.json")
    with open(path, "w") as handle:
        json.dump(system, handle)
    answer = json.loads(trellis(binary, "solve", path))
    return answer["solves"][0]["values"]


def check(layout, binary, system, directory):
    """The largest difference between kiwi's values and the solved export of the same state."""
    values = solved_frames(binary, system, directory)
    return max((abs(layout.value(name) - value) for name, value in values.items() if name in layout.var), default=0.0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trellis", default=".build/release/trellis")
    parser.add_argument("--cells", default="6,20,200", help="cells per feed, 5 views each (default 6,20,200: 31, 101, 1001 views)")
    parser.add_argument("--repeat", type=int, default=50, help="rounds of the steps, after one warm-up round (default 50)")
    args = parser.parse_args()

    widths = [360.0 + 3 * i for i in range(20)]
    constants = [36.0 + i for i in range(8)]
    rows = []
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as directory:
        for cells in [int(x) for x in args.cells.split(",")]:
            for text in (False, True):
                path = os.path.join(directory, f"feed-{cells}-{'text' if text else 'plain'}.json")
                with open(path, "w") as handle:
                    json.dump(feed_document(cells, text), handle)
                views = 5 * cells + 1
                base = export(args.trellis, path, directory)
                ids = row_ids(base)
                width_row = "root frame: root.width"
                avatar_row = next(i for i in ids if i.startswith("constraints[0] "))

                def timing(steps):
                    out = trellis(args.trellis, "layout", path, "--text-model", "--timing", steps, "--repeat", str(args.repeat))
                    return json.loads(out)

                scenarios = []
                if not text:
                    # unchanged
                    k = KiwiLayout(base, set())
                    t = timing("unchanged")
                    scenarios.append(("unchanged pass", t, kiwi_times(k, [{}], args.repeat), None))
                    # resize
                    k = KiwiLayout(base, {width_row})
                    steps = [{width_row: -w} for w in widths]
                    k.step(steps[-1])
                    difference = check(k, args.trellis, export(args.trellis, path, directory, widths[-1]), directory)
                    t = timing("width:" + ",".join(f"{w:g}" for w in widths))
                    scenarios.append(("root resize (20 widths)", t, kiwi_times(k, steps, args.repeat), difference))
                    # constant
                    k = KiwiLayout(base, {avatar_row})
                    steps = [{avatar_row: -v} for v in constants]
                    k.step(steps[-1])
                    changed = dict(base)
                    changed["constraints"] = [dict(c, constant=-constants[-1]) if c["id"] == avatar_row else c
                                              for c in base["constraints"]]
                    difference = check(k, args.trellis, changed, directory)
                    t = timing("constant:0:" + ",".join(f"{v:g}" for v in constants))
                    scenarios.append(("update(constant:) (8 values)", t, kiwi_times(k, steps, args.repeat), difference))
                else:
                    # Every constant that differs between the exports at the sweep's widths.
                    exports = [export(args.trellis, path, directory, w) for w in widths]
                    by_width = [row_ids(e) for e in exports]
                    if any(set(b) != set(by_width[0]) for b in by_width):
                        raise SystemExit(f"{path}: the lowered rows differ between widths (not only constants)")
                    moving = {i for i in by_width[0] if len({b[i]["constant"] for b in by_width}) > 1}
                    k = KiwiLayout(exports[0], moving)
                    steps = [{i: b[i]["constant"] for i in moving} for b in by_width]
                    k.step(steps[-1])
                    difference = check(k, args.trellis, exports[-1], directory)
                    t = timing("width:" + ",".join(f"{w:g}" for w in widths))
                    label = f"text relayout (20 widths, {len(moving)} constants move)"
                    scenarios.append((label, t, kiwi_times(k, steps, args.repeat), difference))
                for name, t, kiwi_us, difference in scenarios:
                    rows.append((views, name, t, kiwi_us, difference))

    print(f"Warm medians in µs, {args.repeat} rounds after one warm-up round, both in-process "
          f"(kiwi {kiwi.__version__} through its Python binding; load average {load[0]:.2f} at the start).")
    print()
    print("| views | scenario | Trellis pass | kiwi step | Trellis / kiwi | Trellis first change | |kiwi − Trellis| |")
    print("|---|---|---|---|---|---|---|")
    for views, name, t, kiwi_us, difference in rows:
        ratio = t["median_us"] / kiwi_us if kiwi_us > 0 else float("inf")
        check_text = "—" if difference is None else f"{difference:.1e}"
        print(f"| {views} | {name} | {t['median_us']:.1f} | {kiwi_us:.1f} | {ratio:.2f}× | "
              f"{t['first_step_us']:.0f} | {check_text} |")


if __name__ == "__main__":
    main()
