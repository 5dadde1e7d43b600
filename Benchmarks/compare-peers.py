#!/usr/bin/env python3
"""Trellis side by side with Yoga (PyPI `poga`) and Taffy (PyPI `stretchable`), same screens, same frames.

Screens (each at 10, 100 and 1000 rows, root 375 x 800):
- feed: rows stacked 8 pt apart, 16 pt insets, each row a 48x48 avatar, 12 pt, a text block taking
  the rest (fixed heights 48/64/80, or `feed-text`: wrapped text, the built-in text model);
- grid: rows of 4 equal items (80 tall), 8 pt gaps.

Each screen is written three ways: a Trellis layout document with stacks (`stack` entries), the same
with plain constraints, and one box tree given to Yoga and to Taffy. Text is measured the same way on
every side: Trellis's built-in text model (`trellis layout --text-model`,
`LayoutDocument.modelTextSize`), re-implemented here as the peers' measure function. Before anything is
timed, the frames (in root coordinates) of every view are compared at 375 and at 414 wide; any
difference above 1e-6 x max(1, |value|) aborts that screen with the first differing view.

What each number includes:
- Trellis cold: `cold_ms` of `trellis layout DOC --text-model --timing ... --repeat R`, the first
  `layoutIfNeeded()` of a fresh process with the views and constraints already made (process start,
  reading, parsing and building the views excluded; they are reported as `parse+build`).
  The median over `--processes` fresh processes.
- Peers cold: building the tree from Python objects excluded; one `calculate_layout` call on a fresh
  tree, Python call overhead and the measure callbacks (Python) included. Median over the same number
  of fresh trees in one process.
- resize: one pass after the root width changes 375 <-> 414 (Trellis: change + `layoutIfNeeded()`;
  peers: set the root width + compute layout), median over R rounds after one warm-up round.
- sweep: live resize, the width stepped 375, 376, ..., 414, one pass per step, median.
- first resize: the first pass after the cold layout (to 414), median over the fresh processes/trees.
- text: every text item's text changes (first 40 characters of it, then all of it, in turn), widths
  unchanged; one pass (peers: mark the text nodes dirty + compute layout), median. Feed-text only.
- RSS: peak resident set increase of a fresh child process (its `ru_maxrss` from `wait4`, same method
  both sides): Trellis `trellis layout DOC --text-model --timing unchanged --repeat 1` minus the same
  command on a one-view document (reading, parsing, views, constraints, cold layout included); peers:
  a Python child that builds the tree and lays it out, minus one that only imports the package.

    pip install -r Benchmarks/requirements-peers.txt
    swift build -c release --product trellis
    python3 Benchmarks/compare-peers.py --trellis .build/release/trellis
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

WORDS = ("layout constraint solver view frame text wraps across lines when the screen is narrow "
         "and stays on one line when it is wide enough for all of it").split()
FONT_SIZE = 15.0


# ----------------------------------------------------------------------------- the text model
def model_text_size(text, width, size=FONT_SIZE):
    """LayoutDocument.modelTextSize for wordWrap, lines 0 (see LayoutDocument+TextModel.swift)."""
    if not text:
        return 0.0, 0.0
    cw = 0.6 * size
    available = max(width, 0.0) if width == width and width != float("inf") else 1e7
    per_line = max(1, int(min(available / cw + 1e-9, 1e9)))
    lines = []
    for paragraph in text.split("\n"):
        current = 0
        for word in [w for w in paragraph.split(" ") if w]:
            length = len(word)
            if current > 0 and current + 1 + length <= per_line:
                current += 1 + length
                continue
            if current > 0:
                lines.append(current)
            while length > per_line:
                lines.append(per_line)
                length -= per_line
            current = length
        lines.append(current)
    line_width = min(max(lines) * cw, available)
    return line_width, len(lines) * 1.2 * size


def sentence(i):
    words = WORDS[i % 7:] + WORDS[: i % 11]
    return " ".join(words[: 8 + i % 13])


# ----------------------------------------------------------------------------- screens
def box(ident, **kw):
    node = {"id": ident, "dir": "column", "children": []}
    node.update(kw)
    return node


def feed(rows, text, stacks):
    """(document, box tree) of a feed."""
    views, constraints = [], []
    tree = box("root", width=375, height=800, padding=16)
    if stacks:
        views.append({"id": "list", "stack": {"axis": "vertical", "spacing": 8, "alignment": "fill",
                                               "arranged": [f"row{i}" for i in range(rows)]}})
        constraints += ["list~.top == root~.top + 16", "list~.leading == root~.leading + 16",
                        "list~.trailing == root~.trailing - 16"]
    above = None
    for i in range(rows):
        row = f"row{i}"
        parent = "list" if stacks else "root"
        entry = {"id": row, "parent": parent}
        if stacks:
            entry["stack"] = {"axis": "horizontal", "spacing": 12, "alignment": "top",
                              "arranged": [f"{row}.avatar", f"{row}.text"]}
        views.append(entry)
        views.append({"id": f"{row}.avatar", "parent": row})
        body = {"id": f"{row}.text", "parent": row}
        height = 48 + (i % 3) * 16
        if text:
            body.update({"text": sentence(i), "lines": 0, "lineBreak": "wordWrap"})
        else:
            body["intrinsicSize"] = {"height": height}
        views.append(body)
        constraints += [f"{row}.avatar~.width == 48", f"{row}.avatar~.height == 48"]
        if not stacks:
            constraints += [
                f"{row}~.leading == root~.leading + 16", f"{row}~.trailing == root~.trailing - 16",
                f"{row}~.top == {above}~.bottom + 8" if above else f"{row}~.top == root~.top + 16",
                f"{row}.avatar~.top == {row}~.top", f"{row}.avatar~.leading == {row}~.leading",
                f"{row}.text~.leading == {row}.avatar~.trailing + 12", f"{row}.text~.trailing == {row}~.trailing",
                f"{row}.text~.top == {row}~.top",
                f"{row}~.bottom >= {row}.avatar~.bottom", f"{row}~.bottom >= {row}.text~.bottom",
                f"{row}~.height == 0 ~~ 51",
            ]
        above = row
        node = box(row, dir="row", align="start", margin_top=8 if i else 0)
        node["children"] = [box(f"{row}.avatar", width=48, height=48, margin_right=12),
                            box(f"{row}.text", grow=1, **({"text": sentence(i)} if text else {"height": height}))]
        tree["children"].append(node)
    if stacks:
        wrapper = box("list", children=tree["children"])
        tree["children"] = [wrapper]
    doc = {"format": "layout-document/1", "root": {"id": "root", "width": 375, "height": 800},
           "views": views, "constraints": constraints}
    return doc, tree


def grid(rows, stacks):
    views, constraints = [], []
    tree = box("root", width=375, height=800, padding=16)
    if stacks:
        views.append({"id": "list", "stack": {"axis": "vertical", "spacing": 8, "alignment": "fill",
                                               "arranged": [f"row{i}" for i in range(rows)]}})
        constraints += ["list~.top == root~.top + 16", "list~.leading == root~.leading + 16",
                        "list~.trailing == root~.trailing - 16"]
    above = None
    for i in range(rows):
        row = f"row{i}"
        items = [f"{row}.c{j}" for j in range(4)]
        entry = {"id": row, "parent": "list" if stacks else "root"}
        if stacks:
            entry["stack"] = {"axis": "horizontal", "spacing": 8, "distribution": "fillEqually",
                              "alignment": "fill", "arranged": items}
        views.append(entry)
        views += [{"id": item, "parent": row} for item in items]
        constraints += [f"{item}~.height == 80" for item in items]
        if not stacks:
            constraints += [
                f"{row}~.leading == root~.leading + 16", f"{row}~.trailing == root~.trailing - 16",
                f"{row}~.top == {above}~.bottom + 8" if above else f"{row}~.top == root~.top + 16",
                f"{items[0]}~.leading == {row}~.leading", f"{items[3]}~.trailing == {row}~.trailing",
                f"{row}~.bottom == {items[0]}~.bottom",
            ]
            for j in range(4):
                constraints.append(f"{items[j]}~.top == {row}~.top")
                if j:
                    constraints += [f"{items[j]}~.leading == {items[j - 1]}~.trailing + 8",
                                    f"{items[j]}~.width == {items[0]}~.width"]
        above = row
        node = box(row, dir="row", margin_top=8 if i else 0)
        node["children"] = [box(item, grow=1, basis=0, height=80, margin_left=8 if j else 0)
                            for j, item in enumerate(items)]
        tree["children"].append(node)
    if stacks:
        tree["children"] = [box("list", children=tree["children"])]
    doc = {"format": "layout-document/1", "root": {"id": "root", "width": 375, "height": 800},
           "views": views, "constraints": constraints}
    return doc, tree


SCREENS = {
    "feed": lambda rows, stacks: feed(rows, False, stacks),
    "feed-text": lambda rows, stacks: feed(rows, True, stacks),
    "grid": grid,
}


# ----------------------------------------------------------------------------- Yoga
class YogaTree:
    def __init__(self, tree):
        import poga.libpoga_capi as Y
        self.Y = Y
        self.config = Y.YGConfigNew()
        Y.YGConfigSetPointScaleFactor(self.config, 0.0)   # no rounding to pixels: compare exactly
        self.nodes = {}
        self.children = {}
        self.texts = {}
        self.root = self._make(tree)

    def _make(self, spec):
        Y = self.Y
        node = Y.YGNodeNewWithConfig(self.config)
        self.nodes[spec["id"]] = node
        self.children[spec["id"]] = [child["id"] for child in spec["children"]]
        Y.YGNodeStyleSetFlexDirection(node, Y.YGFlexDirection.Row if spec["dir"] == "row" else Y.YGFlexDirection.Column)
        Y.YGNodeStyleSetFlexShrink(node, 0.0)
        if spec.get("align") == "start":
            Y.YGNodeStyleSetAlignItems(node, Y.YGAlign.FlexStart)
        if "width" in spec:
            Y.YGNodeStyleSetWidth(node, spec["width"])
        if "height" in spec:
            Y.YGNodeStyleSetHeight(node, spec["height"])
        if "padding" in spec:
            Y.YGNodeStyleSetPadding(node, Y.YGEdge.All, spec["padding"])
        for key, edge in (("margin_top", Y.YGEdge.Top), ("margin_left", Y.YGEdge.Left), ("margin_right", Y.YGEdge.Right)):
            if key in spec:
                Y.YGNodeStyleSetMargin(node, edge, spec[key])
        if "grow" in spec:
            Y.YGNodeStyleSetFlexGrow(node, spec["grow"])
            Y.YGNodeStyleSetFlexBasis(node, spec.get("basis", 0.0))
        if "text" in spec:
            self.texts[spec["id"]] = [spec["text"]]
            holder = self.texts[spec["id"]]

            def measure(_node, width, width_mode, height, height_mode, holder=holder):
                w, h = model_text_size(holder[0], width if width_mode != Y.YGMeasureMode.Undefined else float("inf"))
                return Y.YGSize(w, h)
            Y.YGNodeSetMeasureFunc(node, measure)
        for index, child in enumerate(spec["children"]):
            Y.YGNodeInsertChild(node, self._make(child), index)
        return node

    def layout(self, width):
        self.Y.YGNodeStyleSetWidth(self.root, width)
        self.Y.YGNodeCalculateLayout(self.root, width, 800.0, self.Y.YGDirection.LTR)

    def set_texts(self, texts):
        for ident, text in texts.items():
            self.texts[ident][0] = text
            self.Y.YGNodeMarkDirty(self.nodes[ident])

    def frames(self):
        """Frames in root coordinates (Yoga gives them relative to the parent)."""
        Y, out = self.Y, {}

        def visit(spec_node, ident, ox, oy):
            for child_id in self.children[ident]:
                child = self.nodes[child_id]
                x, y = ox + Y.YGNodeLayoutGetLeft(child), oy + Y.YGNodeLayoutGetTop(child)
                out[child_id] = (x, y, Y.YGNodeLayoutGetWidth(child), Y.YGNodeLayoutGetHeight(child))
                visit(child, child_id, x, y)
        visit(self.root, "root", 0.0, 0.0)
        return out


# ----------------------------------------------------------------------------- Taffy
class TaffyTree:
    def __init__(self, tree):
        import stretchable as S
        from stretchable.style import AlignItems, FlexDirection
        from stretchable.style.geometry import length
        from stretchable.style.geometry.size import SizePoints
        self.S, self.AlignItems, self.FlexDirection, self.SizePoints = S, AlignItems, FlexDirection, SizePoints
        self.auto = length.AUTO
        self.nodes = {}
        self.texts = {}
        self.root_spec = dict(tree)
        self.root = self._make(tree)

    def _style(self, spec):
        style = {"flex_direction": self.FlexDirection.ROW if spec["dir"] == "row" else self.FlexDirection.COLUMN,
                 "flex_shrink": 0.0}
        if spec.get("align") == "start":
            style["align_items"] = self.AlignItems.START
        if "width" in spec or "height" in spec:
            style["size"] = (spec.get("width", self.auto), spec.get("height", self.auto))
        if "padding" in spec:
            style["padding"] = spec["padding"]
        margins = [spec.get("margin_top", 0.0), spec.get("margin_right", 0.0), 0.0, spec.get("margin_left", 0.0)]
        if any(margins):
            style["margin"] = tuple(margins)
        if "grow" in spec:
            style["flex_grow"] = float(spec["grow"])
            style["flex_basis"] = float(spec.get("basis", 0.0))
            style["min_size"] = (0.0, self.auto)   # CSS min-width: 0 (no content-based minimum, as in Yoga)
        return style

    def _make(self, spec):
        measure = None
        if "text" in spec:
            self.texts[spec["id"]] = [spec["text"]]
            holder = self.texts[spec["id"]]

            def measure(_node, known, available, holder=holder):
                width = known.width.value if known.width is not None else float("nan")
                if width != width:
                    space = available.width
                    width = space.value if space is not None and space.value == space.value else float("inf")
                w, h = model_text_size(holder[0], width)
                return self.SizePoints(w, h)
        node = self.S.Node(measure=measure, **self._style(spec))
        self.nodes[spec["id"]] = node
        for child in spec["children"]:
            node.append(self._make(child))
        return node

    def layout(self, width):
        if self.root_spec["width"] != width:
            self.root_spec["width"] = width
            self.root.style = self.S.Style(**self._style(self.root_spec))
        self.root.compute_layout((width, 800.0))

    def set_texts(self, texts):
        for ident, text in texts.items():
            self.texts[ident][0] = text
            self.nodes[ident].mark_dirty()

    def frames(self):
        out = {}
        for ident, node in self.nodes.items():
            if ident != "root":
                b = node.get_box(relative=False)
                out[ident] = (b.x, b.y, b.width, b.height)
        return out


def available_peers():
    """The peers whose Python package imports (a missing one is said on stderr and left out)."""
    peers = {}
    for name, cls, module in (("Yoga", YogaTree, "poga.libpoga_capi"), ("Taffy", TaffyTree, "stretchable")):
        try:
            __import__(module)
            peers[name] = cls
        except ImportError as error:
            print(f"{name} left out: {error}", file=sys.stderr)
    return peers


PEERS = {"Yoga": YogaTree, "Taffy": TaffyTree}
SWEEP = [float(w) for w in list(range(376, 415)) + list(range(413, 374, -1))]
TEXT_COUNTS = [40, 100000]


def text_items(doc):
    return {v["id"]: v["text"] for v in doc["views"] if "text" in v}


# ----------------------------------------------------------------------------- Trellis side
def trellis(binary, *arguments):
    completed = subprocess.run([binary, *arguments], capture_output=True, text=True)
    if completed.returncode != 0:
        raise RuntimeError(f"trellis {' '.join(arguments)}: exit {completed.returncode}: {completed.stderr[:400]}")
    return completed.stdout


def trellis_frames(binary, path, width):
    out = json.loads(trellis(binary, "layout", path, "--text-model", "--json", "--width", str(width)))
    if out["status"] != "satisfied":
        raise RuntimeError(f"{path}: {out['status']} at {width}")
    return {i["id"]: (i["frameInRoot"]["x"], i["frameInRoot"]["y"], i["frameInRoot"]["width"], i["frameInRoot"]["height"])
            for i in out["items"]}


def trellis_times(binary, path, processes, repeat, has_text):
    def timing(steps, rep):
        return json.loads(trellis(binary, "layout", path, "--text-model", "--timing", steps, "--repeat", str(rep)))
    runs = [timing("width:414,375", repeat) for _ in range(processes)]
    result = {
        "cold": statistics.median(r["cold_ms"] * 1000 for r in runs),
        "first": statistics.median(r["first_step_us"] for r in runs),
        "resize": statistics.median(r["median_us"] for r in runs),
        "setup": statistics.median((r["read_ms"] + r["parse_ms"] + r["build_ms"]) * 1000 for r in runs),
        "sweep": timing("width:" + ",".join(f"{w:g}" for w in SWEEP), max(1, repeat // 10))["median_us"],
    }
    if has_text:
        result["text"] = timing("text:" + ",".join(map(str, TEXT_COUNTS)), repeat)["median_us"]
    return result


def child_peak_kib(command, stdin=None):
    """Peak RSS (KiB) of a fresh child process, from wait4's rusage."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE if stdin else None,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if stdin:
        process.stdin.write(stdin.encode())
        process.stdin.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"{command[:3]}: exit {process.returncode}: {process.stderr.read()[:300]}")
    return usage.ru_maxrss


def trellis_rss(binary, path, directory):
    empty = os.path.join(directory, "empty.json")
    with open(empty, "w") as handle:
        json.dump({"format": "layout-document/1", "root": {"id": "root", "width": 375, "height": 800},
                   "views": [], "constraints": []}, handle)
    command = [binary, "layout", "--text-model", "--timing", "unchanged", "--repeat", "1"]
    return child_peak_kib(command[:2] + [path] + command[2:]) - child_peak_kib(command[:2] + [empty] + command[2:])


# ----------------------------------------------------------------------------- peer side
def timed(action):
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1e6


def peer_times(cls, tree, processes, repeat, texts):
    colds, firsts = [], []
    for _ in range(processes):
        peer = cls(tree)
        colds.append(timed(lambda: peer.layout(375.0)))
        firsts.append(timed(lambda: peer.layout(414.0)))
    samples = []
    for round_ in range(repeat + 1):
        for width in (414.0, 375.0):
            t = timed(lambda: peer.layout(width))
            if round_:
                samples.append(t)
    sweep = []
    for round_ in range(max(1, repeat // 10) + 1):
        for width in SWEEP:
            t = timed(lambda: peer.layout(width))
            if round_:
                sweep.append(t)
    result = {"cold": statistics.median(colds), "first": statistics.median(firsts),
              "resize": statistics.median(samples), "sweep": statistics.median(sweep)}
    if texts:
        variants = [{k: v[:n] for k, v in texts.items()} for n in TEXT_COUNTS]
        text_samples = []
        for round_ in range(repeat + 1):
            for variant in variants:
                t = timed(lambda: (peer.set_texts(variant), peer.layout(375.0)))
                if round_:
                    text_samples.append(t)
        result["text"] = statistics.median(text_samples)
    return result


PEER_CHILD = """
import json, sys
sys.path.insert(0, {here!r})
import importlib.util
spec = importlib.util.spec_from_file_location("peers", {script!r})
peers = importlib.util.module_from_spec(spec); spec.loader.exec_module(peers)
__import__({module!r})
if {build!r}:
    tree = json.load(sys.stdin)
    peer = peers.PEERS[{name!r}](tree)
    peer.layout(375.0)
import os
os._exit(0)   # poga's module teardown can abort the interpreter at exit
"""


def peer_rss(name, tree):
    script = os.path.abspath(__file__)
    def run(build):
        module = {"Yoga": "poga.libpoga_capi", "Taffy": "stretchable"}[name]
        code = PEER_CHILD.format(here=os.path.dirname(script), script=script, build=build, name=name, module=module)
        return child_peak_kib([sys.executable, "-c", code], stdin=json.dumps(tree) if build else None)
    return run(True) - run(False)


# ----------------------------------------------------------------------------- comparing
def compare(reference, frames, what):
    for ident, frame in frames.items():
        if ident not in reference:
            raise RuntimeError(f"{what}: no Trellis frame for {ident}")
        for a, b, name in zip(reference[ident], frame, ("x", "y", "width", "height")):
            if abs(a - b) > 1e-6 * max(1.0, abs(a)):
                raise RuntimeError(f"{what}: {ident}.{name} is {b!r}, Trellis {a!r}")


def fmt(us):
    return f"{us / 1000:.2f} ms" if us >= 1000 else f"{us:.1f} µs"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trellis", default=".build/release/trellis")
    parser.add_argument("--rows", default="10,100,1000")
    parser.add_argument("--screens", default=",".join(SCREENS))
    parser.add_argument("--processes", type=int, default=5, help="fresh processes (trees) for cold and first resize")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--no-rss", action="store_true")
    args = parser.parse_args()
    PEERS.clear()
    PEERS.update(available_peers())

    load = os.getloadavg()
    lines = ["| screen | rows | flavour | cold | first resize | resize | sweep step | text | RSS increase | parse+build |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    ratio_lines = ["| screen | rows | flavour | cold | first resize | resize | sweep | text | RSS |", "|---|---|---|---|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as directory:
        for screen in args.screens.split(","):
            for rows in [int(r) for r in args.rows.split(",")]:
                try:
                    results = {}
                    # The peers get one tree (the plain one: no wrapper for the stack); its frames
                    # must match both flavours, view by view, in root coordinates.
                    peer_tree = SCREENS[screen](rows, False)[1]
                    for stacks in (True, False):
                        doc, _ = SCREENS[screen](rows, stacks)
                        path = os.path.join(directory, f"{screen}-{rows}-{'stacks' if stacks else 'plain'}.json")
                        with open(path, "w") as handle:
                            json.dump(doc, handle)
                        flavour = "stacks" if stacks else "plain"
                        for width in (375.0, 414.0):
                            reference = trellis_frames(args.trellis, path, width)
                            for name, cls in PEERS.items():
                                peer = cls(peer_tree)
                                peer.layout(width)
                                compare(reference, peer.frames(), f"{screen} {rows} rows, {flavour}, {name} at {width:g}")
                        texts = text_items(doc)
                        results[flavour] = trellis_times(args.trellis, path, args.processes, args.repeat, bool(texts))
                        if not args.no_rss:
                            results[flavour]["rss"] = trellis_rss(args.trellis, path, directory)
                    for name, cls in PEERS.items():
                        results[name] = peer_times(cls, peer_tree, args.processes, args.repeat, texts)
                        if not args.no_rss:
                            results[name]["rss"] = peer_rss(name, peer_tree)
                except RuntimeError as error:
                    print(f"{screen} {rows}: skipped: {error}", file=sys.stderr)
                    lines.append(f"| {screen} | {rows} | — | skipped: {error} | | | | | | |")
                    continue
                for flavour, r in results.items():
                    lines.append(f"| {screen} | {rows} | {flavour} | {fmt(r['cold'])} | {fmt(r['first'])} | {fmt(r['resize'])} | "
                                 f"{fmt(r['sweep'])} | {fmt(r['text']) if 'text' in r else '—'} | "
                                 f"{r['rss'] / 1024:+.1f} MB | {fmt(r['setup']) if 'setup' in r else '—'} |"
                                 if 'rss' in r else
                                 f"| {screen} | {rows} | {flavour} | {fmt(r['cold'])} | {fmt(r['first'])} | {fmt(r['resize'])} | "
                                 f"{fmt(r['sweep'])} | {fmt(r['text']) if 'text' in r else '—'} | — | {fmt(r['setup']) if 'setup' in r else '—'} |")
                for flavour in ("stacks", "plain"):
                    cells = []
                    for key in ("cold", "first", "resize", "sweep", "text", "rss"):
                        if key not in results[flavour]:
                            cells.append("—")
                            continue
                        fast = min(results[p][key] for p in PEERS)
                        cells.append(f"{results[flavour][key] / fast:.2f}×" if fast > 0 else "—")
                    ratio_lines.append(f"| {screen} | {rows} | {flavour} | " + " | ".join(cells) + " |")
                print(f"done {screen} {rows}\n" + "\n".join(lines[-len(results):] + ratio_lines[-2:]), file=sys.stderr, flush=True)
    print(f"load average at start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}\n")
    print("\n".join(lines))
    print("\nRatios Trellis / faster peer (below 1 = Trellis faster; first resize against the peer's first resize):\n")
    print("\n".join(ratio_lines))
    sys.stdout.flush()
    os._exit(0)   # poga's module teardown can abort the interpreter at exit


if __name__ == "__main__":
    main()
