#!/usr/bin/env python3
"""Trellis side by side with Yoga (PyPI `poga`) and Taffy (PyPI `stretchable`), same screens, same frames.

Screens (each at 10, 100 and 1000 rows, root 375 x 800):
- feed: rows stacked 8 pt apart, 16 pt insets, each row a 48x48 avatar, 12 pt, a text block taking
  the rest (fixed heights 48/64/80, or `feed-text`: wrapped text, the built-in text model, or
  `feed-mixed`: fixed heights from 20 to 120, nearly every row its own: 20 + 37 i mod 101);
- grid: rows of 4 equal items (80 tall), 8 pt gaps;
- settings: a form (16 pt insets) of sections 24 pt apart, ten rows each; a section is a header label
  (one line of text) and, 6 pt below it, its rows 1 pt apart; a row is 44 tall with 16 pt side
  insets: an icon 29x29, 12 pt, a title (one line of text) taking the rest, 12 pt, a value (one
  line of text) 72 wide, all three centred vertically. Stacks: the form, each section and each
  section's rows are vertical stacks, each row a horizontal stack (centre alignment, margins);
- chat: a header 56 tall (a centred title), the messages below it, a composer bar 52 tall pinned to
  the bottom (a field taking the rest and a send button 64x36, 8 pt insets and gap, centred). The
  messages start 8 pt below the header and run on past the composer (a scrolling list): one full-width
  row per message, 8 pt apart, holding a bubble 16 pt from the left edge (even rows) or the right
  edge (odd rows), at most 70 % of the root's width, whose wrapped text is inset 8 pt top and bottom
  and 12 pt at the sides; the bubble is as wide as its text's widest line (shrink-wrapped). Stacks:
  the messages, each bubble (margins) and the composer are stacks.

Each screen is written three ways: a Trellis layout document with stacks (`stack` entries), the same
with plain constraints, and one box tree (flexbox) given to Yoga and to Taffy. How the flexbox trees
match Auto Layout: flex-shrink 0 everywhere; a view taking the rest is flex-grow 1 from a basis of 0
(with min-width 0 for Taffy, as Yoga has no automatic minimum size); Trellis's stack spacing and
constraint gaps are margins; its stack margins are padding; the chat list is flex-grow 1 with
min-height 0 (its content overflows it, as a scroll view's content does); a bubble is
align-self start or end with max-width 70 % (of its row, as wide as the root), held 16 pt from the
edge by a relative offset (`left`/`right` inset), not a margin: with a margin Taffy 0.7 clamps the
space to the max width before taking the margin off and wraps the text 16 pt narrower than Yoga and
Trellis (see RESULTS.md). The views a
document has and the tree has not (the feed's and grid's stack wrapper) are not compared.

Text is measured the same way on every side: Trellis's built-in text model (`trellis layout
--text-model`, `LayoutDocument.modelTextSize`), re-implemented here as the peers' measure function
(Python, called through each binding); every side keeps a text view's answers by width until its
text changes (Trellis's `SizeMeasurement` cache, at most 64; the peers' callbacks do the same). Yoga
runs with `YGConfigSetPointScaleFactor(0)` and Taffy with rounding off (no pixel rounding on any side).
Before anything is timed, the frames (in root coordinates) of every view are compared at 375 and
at 414 wide; any difference above 1e-6 x max(1, |value|) aborts that screen with the first differing
view (`--check` does only this).

Taffy is driven through `stretchable.taffylib`, the Rust extension holding Taffy 0.7's `TaffyTree`
(one tree per screen: `init`, `node_create`, `node_set_style`, `node_compute_layout_with_measure`,
`node_get_layout`, `free`), not through `stretchable.Node`: that layer's Python costs ~0.5 s a pass
at 10 text rows (see RESULTS.md) and is no part of Taffy. Yoga through `poga.libpoga_capi`.

What each number includes (median of the samples; a time is wall clock):
- cold: the first layout of a fresh process with the views already made. Trellis: `cold_ms` of
  `trellis layout DOC --text-model --timing width:414,375 --repeat 1`, the first `layoutIfNeeded()`
  (process start, reading, parsing and building the views and constraints excluded; they are the
  `parse+build` column). Peers: a fresh Python child reads the tree, builds the nodes (excluded)
  and times its first layout call (Python call overhead and the Python measure callbacks
  included). `--processes` fresh processes each.
- cold again: a cold layout in a process that has laid out before (its one-time costs — code paged
  in, runtime type metadata made, a binding's first calls — paid): new views made from the same
  document or tree (not timed) and their first layout timed, several times, the median. Trellis:
  `cold_again_ms` of `--timing width:414,375 --repeat 1 --cold-again N` in a process of its own (so
  that the fresh processes' RSS holds one tree); peers: in this script's process, after the frame
  checks, a new Python tree object built from the tree (not timed) and its first layout call.
- first resize: in those same processes (of cold), the pass right after the cold one (width 375 -> 414).
- RSS: in those same processes, the peak resident set (GNU time's `%M`, its child's `ru_maxrss`; a
  child's own `ru_maxrss` seen from this script would start at this script's peak) minus that of the
  same command on a root-only screen (median of three): for Trellis the process reading, parsing,
  building and laying the document out (the cold pass and four more); for a peer the Python child
  reading the tree as JSON, building the nodes and laying them out (the cold call and four more,
  the same widths), over one that imports the binding and lays out a root alone.
- resize: one pass after the root width changes 375 <-> 414 (Trellis: the change and
  `layoutIfNeeded()`, frames written; peers: setting the root's style width and the layout call,
  the layout left in the engine's nodes), in one process, after one warm-up round of both steps.
- sweep: live resize, the width stepped 376, 377, ..., 414, 413, ..., 375 (1 pt a step), one pass a
  step, after one warm-up round; at sizes where passes are slow only the first steps of it (below).
- text: every text item's text changes (its first 40 characters, then all of it, in turn), widths
  unchanged; one pass (Trellis `--timing text:40,100000`; peers: new text, the node marked dirty, its
  answers dropped, the layout call); screens with text only.
All four engines run the same steps, the same number of times, for a screen and size: the rounds
(at most `--repeat`) and the sweep's steps are cut so that the slowest engine's series takes about
`--budget` seconds (estimated from its passes in the fresh processes above, and for text from one
round of the text steps); the ratio table's last column says what was run.

    pip install -r Benchmarks/requirements-peers.txt     # and GNU time (/usr/bin/time) for the RSS
    swift build -c release --product trellis -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
    python3 Benchmarks/compare-peers.py --trellis .build/release/trellis
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

WORDS = ("layout constraint solver view frame text wraps across lines when the screen is narrow "
         "and stays on one line when it is wide enough for all of it").split()
TITLES = ("Airplane Mode", "Wi-Fi", "Bluetooth", "Mobile Data", "Personal Hotspot", "Notifications",
          "Sounds & Haptics", "Focus", "Screen Time", "General", "Control Centre", "Display & Brightness",
          "Accessibility", "Wallpaper", "Battery", "Privacy & Security")
VALUES = ("Off", "Home", "On", "English", "Automatic", "5 min", "Never")
FONT_SIZE = 15.0
ROOT_WIDTH, ROOT_HEIGHT = 375.0, 800.0


# ----------------------------------------------------------------------------- the text model
def model_text_size(text, width, lines=0, size=FONT_SIZE):
    """LayoutDocument.modelTextSize for wordWrap and the truncating modes (LayoutDocument+TextModel.swift):
    greedy breaks at spaces, `lines` above 0 keeps that many lines, the widest line kept at most `width`."""
    if not text:
        return 0.0, 0.0
    cw = 0.6 * size
    available = max(width, 0.0) if width == width and width != math.inf else 1e7
    per_line = max(1, int(min(available / cw + 1e-9, 1e9)))
    counts = []
    for paragraph in text.split("\n"):
        current = 0
        for word in paragraph.split(" "):
            length = len(word)
            if not length:
                continue
            if current and current + 1 + length <= per_line:
                current += 1 + length
                continue
            if current:
                counts.append(current)
            while length > per_line:
                counts.append(per_line)
                length -= per_line
            current = length
        counts.append(current)
    if 0 < lines < len(counts):
        del counts[lines:]
    return min(max(counts) * cw, available), len(counts) * 1.2 * size


class Measured:
    """A peer's text node: its text and its answers by width, kept until the text changes, at most
    64 (the policy of Trellis's `SizeMeasurement` cache)."""
    __slots__ = ("text", "lines", "cache")

    def __init__(self, text, lines):
        self.text, self.lines, self.cache = text, lines, {}

    def size(self, width):
        answer = self.cache.get(width)
        if answer is None:
            if len(self.cache) >= 64:
                self.cache.clear()
            answer = self.cache[width] = model_text_size(self.text, width, self.lines)
        return answer

    def change(self, text):
        self.text = text
        self.cache.clear()


def sentence(i):
    words = WORDS[i % 7:] + WORDS[: i % 11]
    return " ".join(words[: 8 + i % 13])


# ----------------------------------------------------------------------------- screens
def box(ident, **kw):
    """A flexbox node: dir, width, height, padding (a number or (top, right, bottom, left)),
    margin_top/_right/_left, offset_left/_right (relative position), grow + basis, align (items: start, center, end), align_self (start,
    end), justify (center), max_width_pct, min_height0, text + lines."""
    node = {"id": ident, "dir": "column", "children": []}
    node.update(kw)
    return node


def document(views, constraints):
    return {"format": "layout-document/1", "root": {"id": "root", "width": ROOT_WIDTH, "height": ROOT_HEIGHT},
            "views": views, "constraints": constraints}


def chain(items, container, gap, first_gap=0):
    """Plain constraints of a vertical stack (fill alignment): items gap apart, spanning the container."""
    out = []
    for index, item in enumerate(items):
        out.append(f"{item}~.leading.trailing == {container}~")
        out.append(f"{item}~.top == {items[index - 1]}~.bottom + {gap}" if index
                   else f"{item}~.top == {container}~.top + {first_gap}")
    out.append(f"{container}~.bottom == {items[-1]}~.bottom")
    return out


def list_stack(rows, views, constraints):
    """The feed's and the grid's vertical stack of `rows` rows, 8 pt apart, inside the 16 pt insets."""
    views.append({"id": "list", "stack": {"axis": "vertical", "spacing": 8, "alignment": "fill",
                                           "arranged": [f"row{i}" for i in range(rows)]}})
    constraints += ["list~.top == root~.top + 16", "list~.leading == root~.leading + 16",
                    "list~.trailing == root~.trailing - 16"]


def feed(rows, text, stacks, mixed=False):
    """(document, box tree) of a feed (mixed: fixed heights from 20 to 120, a row's own)."""
    views, constraints = [], []
    tree = box("root", width=ROOT_WIDTH, height=ROOT_HEIGHT, padding=16)
    if stacks:
        list_stack(rows, views, constraints)
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
        height = 20 + (37 * i) % 101 if mixed else 48 + (i % 3) * 16
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
        tree["children"] = [box("list", children=tree["children"])]
    return document(views, constraints), tree


def grid(rows, stacks):
    views, constraints = [], []
    tree = box("root", width=ROOT_WIDTH, height=ROOT_HEIGHT, padding=16)
    if stacks:
        list_stack(rows, views, constraints)
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
    return document(views, constraints), tree


def settings(rows, stacks):
    """A settings form: sections of ten rows (header label + rows), rows = icon, title, value."""
    def vstack(spacing, arranged):
        return {"axis": "vertical", "spacing": spacing, "alignment": "fill", "arranged": arranged}
    sections = [list(range(start, min(rows, start + 10))) for start in range(0, rows, 10)]
    names = [f"section{s}" for s in range(len(sections))]
    views = [dict({"id": "form"}, **({"stack": vstack(24, names)} if stacks else {}))]
    constraints = ["form~.top.leading.trailing == root~ + EdgeInsets(16)"]
    if not stacks:
        constraints += chain(names, "form", 24)
    form = box("form")
    tree = box("root", width=ROOT_WIDTH, height=ROOT_HEIGHT, padding=16, children=[form])
    for s, members in enumerate(sections):
        section, header, group = names[s], f"{names[s]}.header", f"{names[s]}.rows"
        row_ids = [f"row{r}" for r in members]
        views += [dict({"id": section, "parent": "form"}, **({"stack": vstack(6, [header, group])} if stacks else {})),
                  {"id": header, "parent": section, "text": f"SECTION {s + 1}"},
                  dict({"id": group, "parent": section}, **({"stack": vstack(1, row_ids)} if stacks else {}))]
        if not stacks:
            constraints += chain([header, group], section, 6) + chain(row_ids, group, 1)
        group_node = box(group, margin_top=6)
        form["children"].append(box(section, margin_top=24 if s else 0,
                                    children=[box(header, text=f"SECTION {s + 1}", lines=1), group_node]))
        for index, r in enumerate(members):
            row = row_ids[index]
            icon, title, value = f"{row}.icon", f"{row}.title", f"{row}.value"
            entry = {"id": row, "parent": group}
            if stacks:
                entry.update({"margins": {"left": 16, "right": 16},
                              "stack": {"axis": "horizontal", "spacing": 12, "alignment": "center",
                                        "marginsRelative": True, "arranged": [icon, title, value]}})
            views += [entry, {"id": icon, "parent": row},
                      {"id": title, "parent": row, "text": TITLES[r % len(TITLES)]},
                      {"id": value, "parent": row, "text": VALUES[r % len(VALUES)]}]
            constraints += [f"{row}~.height == 44", f"{icon}~.width == 29", f"{icon}~.height == 29",
                            f"{value}~.width == 72"]
            if not stacks:
                constraints += [f"{icon}~.leading == {row}~.leading + 16", f"{title}~.leading == {icon}~.trailing + 12",
                                f"{value}~.leading == {title}~.trailing + 12",
                                f"{value}~.trailing == {row}~.trailing - 16"]
                constraints += [f"{item}~.centerY == {row}~.centerY" for item in (icon, title, value)]
            group_node["children"].append(box(row, dir="row", height=44, padding=(0, 16, 0, 16), align="center",
                                              margin_top=1 if index else 0, children=[
                box(icon, width=29, height=29),
                box(title, text=TITLES[r % len(TITLES)], lines=1, grow=1, basis=0, margin_left=12),
                box(value, text=VALUES[r % len(VALUES)], lines=1, width=72, margin_left=12)]))
    return document(views, constraints), tree


def message(i):
    words = WORDS[i % 7:] + WORDS[: i % 11]
    return " ".join(words[: 1 + (i * 5) % 17])


def chat(rows, stacks):
    """A chat screen: header, messages in bubbles alternating left and right, composer at the bottom."""
    ids = [f"msg{i}" for i in range(rows)]
    views = [{"id": "header"}, {"id": "header.title", "parent": "header", "text": "Alex Johnson"},
             {"id": "list"},
             dict({"id": "messages", "parent": "list"},
                  **({"stack": {"axis": "vertical", "spacing": 8, "alignment": "fill", "arranged": ids}} if stacks else {}))]
    constraints = ["header~.top.leading.trailing == root~", "header~.height == 56",
                   "header.title~.centerX == header~.centerX", "header.title~.centerY == header~.centerY",
                   "list~.top == header~.bottom", "list~.leading.trailing == root~", "list~.bottom == composer~.top",
                   "composer~.leading.trailing.bottom == root~", "composer~.height == 52",
                   "composer.field~.height == 36", "composer.send~.width == 64", "composer.send~.height == 36",
                   "messages~.top == list~.top + 8", "messages~.leading.trailing == list~"]
    messages = box("messages", margin_top=8)
    for i, row in enumerate(ids):
        bubble, text, left = f"{row}.bubble", f"{row}.text", i % 2 == 0
        entry = {"id": bubble, "parent": row}
        if stacks:
            entry.update({"margins": {"top": 8, "left": 12, "bottom": 8, "right": 12},
                          "stack": {"axis": "vertical", "alignment": "fill", "marginsRelative": True,
                                    "arranged": [text]}})
        views += [{"id": row, "parent": "messages"}, entry,
                  {"id": text, "parent": bubble, "text": message(i), "lines": 0, "lineBreak": "wordWrap"}]
        constraints += [f"{bubble}~.width <= root~.width * 0.7", f"{bubble}~.top.bottom == {row}~",
                        f"{bubble}~.leading == {row}~.leading + 16" if left
                        else f"{bubble}~.trailing == {row}~.trailing - 16"]
        if not stacks:
            constraints.append(f"{text}~.edges == {bubble}~ + EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)")
        messages["children"].append(box(row, margin_top=8 if i else 0, children=[
            box(bubble, padding=(8, 12, 8, 12), max_width_pct=70, align_self="start" if left else "end",
                **({"offset_left": 16} if left else {"offset_right": 16}),
                children=[box(text, text=message(i))])]))
    if not stacks:
        constraints += chain(ids, "messages", 8)
    views += [dict({"id": "composer"}, **({"margins": 8, "stack": {
                  "axis": "horizontal", "spacing": 8, "alignment": "center", "marginsRelative": True,
                  "arranged": ["composer.field", "composer.send"]}} if stacks else {})),
              {"id": "composer.field", "parent": "composer"}, {"id": "composer.send", "parent": "composer"}]
    if not stacks:
        constraints += ["composer.field~.leading == composer~.leading + 8",
                        "composer.send~.leading == composer.field~.trailing + 8",
                        "composer.send~.trailing == composer~.trailing - 8",
                        "composer.field~.centerY == composer~.centerY", "composer.send~.centerY == composer~.centerY"]
    tree = box("root", width=ROOT_WIDTH, height=ROOT_HEIGHT, children=[
        box("header", height=56, justify="center", align="center",
            children=[box("header.title", text="Alex Johnson", lines=1)]),
        box("list", grow=1, basis=0, min_height0=True, children=[messages]),
        box("composer", dir="row", height=52, padding=8, align="center", children=[
            box("composer.field", grow=1, basis=0, height=36),
            box("composer.send", width=64, height=36, margin_left=8)])])
    return document(views, constraints), tree


SCREENS = {
    "feed": lambda rows, stacks: feed(rows, False, stacks),
    "feed-text": lambda rows, stacks: feed(rows, True, stacks),
    "feed-mixed": lambda rows, stacks: feed(rows, False, stacks, mixed=True),
    "grid": grid,
    "settings": settings,
    "chat": chat,
}


def padding4(spec):
    """(top, right, bottom, left) of a node's padding."""
    value = spec.get("padding", 0.0)
    return tuple(value) if isinstance(value, (tuple, list)) else (value,) * 4


# ----------------------------------------------------------------------------- Yoga
class YogaTree:
    def __init__(self, tree):
        import poga.libpoga_capi as Y
        self.Y = Y
        self.config = Y.YGConfigNew()
        Y.YGConfigSetPointScaleFactor(self.config, 0.0)   # no rounding to pixels: compare exactly
        self.aligns = {"start": Y.YGAlign.FlexStart, "center": Y.YGAlign.Center, "end": Y.YGAlign.FlexEnd}
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
        if "align" in spec:
            Y.YGNodeStyleSetAlignItems(node, self.aligns[spec["align"]])
        if "align_self" in spec:
            Y.YGNodeStyleSetAlignSelf(node, self.aligns[spec["align_self"]])
        if spec.get("justify") == "center":
            Y.YGNodeStyleSetJustifyContent(node, Y.YGJustify.Center)
        if "width" in spec:
            Y.YGNodeStyleSetWidth(node, spec["width"])
        if "height" in spec:
            Y.YGNodeStyleSetHeight(node, spec["height"])
        if "max_width_pct" in spec:
            Y.YGNodeStyleSetMaxWidthPercent(node, spec["max_width_pct"])
        if spec.get("min_height0"):
            Y.YGNodeStyleSetMinHeight(node, 0.0)
        for edge, value in zip((Y.YGEdge.Top, Y.YGEdge.Right, Y.YGEdge.Bottom, Y.YGEdge.Left), padding4(spec)):
            if value:
                Y.YGNodeStyleSetPadding(node, edge, value)
        for key, edge in (("margin_top", Y.YGEdge.Top), ("margin_left", Y.YGEdge.Left), ("margin_right", Y.YGEdge.Right)):
            if key in spec:
                Y.YGNodeStyleSetMargin(node, edge, spec[key])
        for key, edge in (("offset_left", Y.YGEdge.Left), ("offset_right", Y.YGEdge.Right)):
            if key in spec:
                Y.YGNodeStyleSetPosition(node, edge, spec[key])
        if "grow" in spec:
            Y.YGNodeStyleSetFlexGrow(node, spec["grow"])
            Y.YGNodeStyleSetFlexBasis(node, spec.get("basis", 0.0))
        if "text" in spec:
            measured = self.texts[spec["id"]] = Measured(spec["text"], spec.get("lines", 0))

            def measure(_node, width, width_mode, height, height_mode, size=measured.size,
                        undefined=Y.YGMeasureMode.Undefined, answer=Y.YGSize):
                return answer(*size(width if width_mode != undefined else math.inf))
            Y.YGNodeSetMeasureFunc(node, measure)
        for index, child in enumerate(spec["children"]):
            Y.YGNodeInsertChild(node, self._make(child), index)
        return node

    def layout(self, width):
        self.Y.YGNodeStyleSetWidth(self.root, width)
        self.Y.YGNodeCalculateLayout(self.root, width, ROOT_HEIGHT, self.Y.YGDirection.LTR)

    def set_texts(self, texts):
        for ident, text in texts.items():
            self.texts[ident].change(text)
            self.Y.YGNodeMarkDirty(self.nodes[ident])

    def frames(self):
        """Frames in root coordinates (Yoga gives them relative to the parent)."""
        Y, out = self.Y, {}

        def visit(ident, ox, oy):
            for child_id in self.children[ident]:
                child = self.nodes[child_id]
                x, y = ox + Y.YGNodeLayoutGetLeft(child), oy + Y.YGNodeLayoutGetTop(child)
                out[child_id] = (x, y, Y.YGNodeLayoutGetWidth(child), Y.YGNodeLayoutGetHeight(child))
                visit(child_id, x, y)
        visit("root", 0.0, 0.0)
        return out


# ----------------------------------------------------------------------------- Taffy
def points(value):
    return {"dim": 1, "value": float(value)}


class TaffyTree:
    """Taffy 0.7 through `stretchable.taffylib` (the Rust extension) directly: one `TaffyTree` of
    its own, styles as the dictionaries `stretchable.Style.to_dict()` gives (made once, when the
    tree is built), a measure callback answering a tuple. (`stretchable.Node`'s Python layer costs
    far more than Taffy; see RESULTS.md.)"""
    base = None

    def __init__(self, tree):
        from stretchable import taffylib
        from stretchable.style import AlignItems, AlignSelf, FlexDirection, JustifyContent, Style
        if TaffyTree.base is None:
            TaffyTree.base = Style().to_dict()
        self.T = taffylib
        self.enums = {"row": FlexDirection.ROW, "column": FlexDirection.COLUMN,
                      "items": {"start": AlignItems.START, "center": AlignItems.CENTER, "end": AlignItems.END},
                      "self": {"start": AlignSelf.START, "end": AlignSelf.END}, "center": JustifyContent.CENTER}
        self.ptr = taffylib.init()
        taffylib.disable_rounding(self.ptr)
        self.ids, self.texts, self.measures = {}, {}, {}
        self.spec = tree
        self.width = tree["width"]
        self.root_style = self._style(tree)
        self.root = self._make(tree, self.root_style)

    def __del__(self):
        if getattr(self, "ptr", None):
            self.T.free(self.ptr)
            self.ptr = None

    def _style(self, spec):
        auto = {"dim": 0, "value": math.nan}
        style = dict(TaffyTree.base)
        style["flex_direction"] = self.enums[spec["dir"]]
        style["flex_shrink"] = 0.0
        if "align" in spec:
            style["align_items"] = self.enums["items"][spec["align"]]
        if "align_self" in spec:
            style["align_self"] = self.enums["self"][spec["align_self"]]
        if spec.get("justify") == "center":
            style["justify_content"] = self.enums["center"]
        style["size"] = {"width": points(spec["width"]) if "width" in spec else auto,
                         "height": points(spec["height"]) if "height" in spec else auto}
        style["padding"] = dict(zip(("top", "right", "bottom", "left"), map(points, padding4(spec))))
        style["margin"] = {side: points(spec.get("margin_" + side, 0.0)) for side in ("top", "right", "bottom", "left")}
        if "offset_left" in spec or "offset_right" in spec:
            style["inset"] = {side: points(spec["offset_" + side]) if "offset_" + side in spec else auto
                              for side in ("top", "right", "bottom", "left")}
        min_width, min_height = auto, auto
        if "grow" in spec:
            style["flex_grow"] = float(spec["grow"])
            style["flex_basis"] = points(spec.get("basis", 0.0))
            min_width = points(0.0)            # CSS min-width: 0 (no content-based minimum, as in Yoga)
        if spec.get("min_height0"):
            min_height = points(0.0)
        style["min_size"] = {"width": min_width, "height": min_height}
        if "max_width_pct" in spec:
            style["max_size"] = {"width": {"dim": 2, "value": spec["max_width_pct"] / 100.0}, "height": auto}
        return style

    def _make(self, spec, style=None):
        node = self.T.node_create(self.ptr, style or self._style(spec))
        self.ids[spec["id"]] = node
        if "text" in spec:
            self.measures[node] = self.texts[spec["id"]] = Measured(spec["text"], spec.get("lines", 0))
            self.T.node_set_measure(self.ptr, node, True)
        for child in spec["children"]:
            self.T.node_add_child(self.ptr, node, self._make(child))
        return node

    def _measure(self, known_width, known_height, available_width, available_height, node):
        if known_width != known_width:
            known_width = available_width["value"] if available_width["dim"] == 1 else math.inf
        return self.measures[node].size(known_width)

    def layout(self, width):
        if self.width != width:
            self.width = width
            self.root_style["size"]["width"]["value"] = float(width)
            self.T.node_set_style(self.ptr, self.root, self.root_style)
        self.T.node_compute_layout_with_measure(self.ptr, self.root, {"width": points(width), "height": points(ROOT_HEIGHT)},
                                                self._measure)

    def set_texts(self, texts):
        for ident, text in texts.items():
            self.texts[ident].change(text)
            self.T.node_mark_dirty(self.ptr, self.ids[ident])

    def frames(self):
        out, layout = {}, self.T.PyLayout()

        def visit(spec, ox, oy):
            for child in spec["children"]:
                self.T.node_get_layout(self.ptr, self.ids[child["id"]], layout)
                x, y = ox + layout.x, oy + layout.y
                out[child["id"]] = (x, y, layout.width, layout.height)
                visit(child, x, y)
        visit(self.spec, 0.0, 0.0)
        return out


PEERS = {"Yoga": YogaTree, "Taffy": TaffyTree}
MODULES = {"Yoga": "poga.libpoga_capi", "Taffy": "stretchable.taffylib"}
SWEEP = [float(w) for w in list(range(376, 415)) + list(range(413, 374, -1))]
TEXT_COUNTS = [40, 100000]
ROOT_ONLY = box("root", width=ROOT_WIDTH, height=ROOT_HEIGHT)


def available_peers():
    """The peers whose Python package imports (a missing one is said on stderr and left out)."""
    peers = {}
    for name, cls in PEERS.items():
        try:
            __import__(MODULES[name])
            peers[name] = cls
        except ImportError as error:
            print(f"{name} left out: {error}", file=sys.stderr)
    return peers


def text_items(doc):
    return {v["id"]: v["text"] for v in doc["views"] if "text" in v}


TIME = "/usr/bin/time"   # GNU time: the peak RSS of a process forked from a small one


def run_child(command, stdin=None):
    """(stdout, peak RSS in KiB) of a fresh child process, its peak from GNU time (`%M`, its wait4
    rusage). Not this script's own wait4: a process forked from this (large) Python process starts with
    its high-water mark, so every child would read at least this process's peak."""
    with tempfile.NamedTemporaryFile("r") as report:
        process = subprocess.Popen([TIME, "-o", report.name, "-f", "%M", *command],
                                   stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = process.communicate(stdin.encode() if stdin is not None else None)
        if process.returncode != 0:
            raise RuntimeError(f"{' '.join(command[:3])}: exit {process.returncode}: {err[:400]!r}")
        return out.decode(), int(report.read().split()[-1])


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


def trellis_series(binary, path, steps, rounds):
    """The median pass of `--timing STEPS --repeat ROUNDS` (after its warm-up round), in µs."""
    return json.loads(trellis(binary, "layout", path, "--text-model", "--timing", steps, "--repeat", str(rounds)))["median_us"]


def trellis_cold_again(binary, path, count):
    """The median first pass of `count` trees made again in one process (`--cold-again`), in µs."""
    out = trellis(binary, "layout", path, "--text-model", "--timing", "width:414,375", "--repeat", "1",
                  "--cold-again", str(count))
    return json.loads(out)["cold_again_ms"] * 1000


def peer_cold_again(cls, tree, count):
    """The median first layout call of `count` peer trees built again in this process (building not timed), in µs."""
    samples = []
    for _ in range(count):
        peer = cls(tree)
        samples.append(timed(lambda: peer.layout(ROOT_WIDTH)))
        del peer
    return statistics.median(samples)


def trellis_fresh(binary, path, baseline, processes):
    """Cold, first resize, a resize estimate, parse+build and RSS increase over fresh processes."""
    command = [binary, "layout", None, "--text-model", "--timing", "width:414,375", "--repeat", "1"]
    runs = []
    for _ in range(processes):
        out, peak = run_child(command[:2] + [path] + command[3:])
        runs.append(dict(json.loads(out), peak=peak))
    base = statistics.median(run_child(command[:2] + [baseline] + command[3:])[1] for _ in range(3))
    return {"cold": statistics.median(r["cold_ms"] * 1000 for r in runs),
            "first": statistics.median(r["first_step_us"] for r in runs),
            "estimate": statistics.median(r["median_us"] for r in runs),
            "setup": statistics.median((r["read_ms"] + r["parse_ms"] + r["build_ms"]) * 1000 for r in runs),
            "rss": statistics.median(r["peak"] for r in runs) - base}


# ----------------------------------------------------------------------------- peer side
PEER_CHILD = """
import importlib.util, json, os, sys, time
spec = importlib.util.spec_from_file_location("peers", {script!r})
peers = importlib.util.module_from_spec(spec); spec.loader.exec_module(peers)
tree = json.load(sys.stdin)
peer = peers.PEERS[{name!r}](tree)
times = []
for width in (375.0, 414.0, 375.0, 414.0, 375.0):   # as `--timing width:414,375 --repeat 1`
    start = time.perf_counter()
    peer.layout(width)
    times.append((time.perf_counter() - start) * 1e6)
sys.stdout.write(json.dumps(times))
sys.stdout.flush()
os._exit(0)   # poga's module teardown can abort the interpreter at exit
"""


def peer_fresh(name, tree, processes):
    """Cold, first resize, a resize estimate and RSS increase of a peer over fresh Python children."""
    command = [sys.executable, "-c", PEER_CHILD.format(script=os.path.abspath(__file__), name=name)]
    runs = [run_child(command, json.dumps(tree)) for _ in range(processes)]
    times = [json.loads(out) for out, _ in runs]
    base = statistics.median(run_child(command, json.dumps(ROOT_ONLY))[1] for _ in range(3))
    return {"cold": statistics.median(t[0] for t in times), "first": statistics.median(t[1] for t in times),
            "estimate": statistics.median(statistics.median(t[2:]) for t in times),
            "rss": statistics.median(peak for _, peak in runs) - base}


def timed(action):
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1e6


def peer_series(changes, rounds):
    """The median pass over ROUNDS rounds of the changes after one warm-up round (as `--timing`), in µs."""
    samples = []
    for round_ in range(rounds + 1):
        for change in changes:
            elapsed = timed(change)
            if round_:
                samples.append(elapsed)
    return statistics.median(samples)


def width_changes(peer, widths):
    return [lambda width=width: peer.layout(width) for width in widths]


def text_changes(peer, texts):
    variants = [{k: v[:n] for k, v in texts.items()} for n in TEXT_COUNTS]
    return [lambda variant=variant: (peer.set_texts(variant), peer.layout(ROOT_WIDTH)) for variant in variants]


# ----------------------------------------------------------------------------- one screen
def compare(reference, frames, what):
    for ident, frame in frames.items():
        if ident not in reference:
            raise RuntimeError(f"{what}: no Trellis frame for {ident}")
        for a, b, name in zip(reference[ident], frame, ("x", "y", "width", "height")):
            if abs(a - b) > 1e-6 * max(1.0, abs(a)):
                raise RuntimeError(f"{what}: first differing view {ident}: {name} is {b!r}, Trellis {a!r} "
                                   f"(frames x, y, width, height: {tuple(frame)} vs Trellis {tuple(reference[ident])})")


def check_frames(args, screen, rows, paths, doc, tree):
    """Every peer's frames against both Trellis documents' at 375 and 414 wide."""
    for width in (ROOT_WIDTH, 414.0):
        peer_frames = {}
        for name, cls in PEERS.items():
            peer = cls(tree)
            peer.layout(width)
            peer_frames[name] = peer.frames()
            missing = [v["id"] for v in doc["views"] if v["id"] not in peer_frames[name]]
            if missing:
                raise RuntimeError(f"{screen} {rows}: the box tree has no {missing[0]}")
        for flavour, path in paths.items():
            reference = trellis_frames(args.trellis, path, width)
            for name, frames in peer_frames.items():
                compare(reference, frames, f"{screen} {rows} rows, {flavour}, {name} at {width:g}")


def plan(estimate_us, args):
    """(rounds, sweep steps, sweep rounds) for a pass of about estimate_us in the slowest engine."""
    budget = args.budget * 1e6
    rounds = max(1, min(args.repeat, int(budget / (2 * estimate_us)) - 1))
    if 2 * len(SWEEP) * estimate_us <= budget:
        return rounds, len(SWEEP), max(1, min(max(1, args.repeat // 10), int(budget / (len(SWEEP) * estimate_us)) - 1))
    return rounds, max(4, min(len(SWEEP), int(budget / (2 * estimate_us)))), 1


def measure_screen(args, screen, rows, directory):
    docs = {flavour: SCREENS[screen](rows, flavour == "stacks") for flavour in ("stacks", "plain")}
    tree, doc = docs["plain"][1], docs["plain"][0]
    paths = {}
    for flavour, (document_, _) in docs.items():
        paths[flavour] = os.path.join(directory, f"{screen}-{rows}-{flavour}.json")
        with open(paths[flavour], "w") as handle:
            json.dump(document_, handle)
    check_frames(args, screen, rows, paths, doc, tree)
    if args.check:
        return None, None
    baseline = os.path.join(directory, "root-only.json")
    with open(baseline, "w") as handle:
        json.dump(document([], []), handle)
    results = {flavour: trellis_fresh(args.trellis, path, baseline, args.processes) for flavour, path in paths.items()}
    results.update({name: peer_fresh(name, tree, args.processes) for name in PEERS})
    texts = text_items(doc)
    rounds, steps, sweep_rounds = plan(max(max(r["estimate"] for r in results.values()), 1.0), args)
    sweep = SWEEP[:steps]
    # (Cut like a series, to the budget at the slowest engine's cold pass; at least 3.)
    again = max(3, min(args.repeat, int(args.budget * 1e6 / max(max(r["cold"] for r in results.values()), 1.0))))
    for flavour, path in paths.items():
        results[flavour]["again"] = trellis_cold_again(args.trellis, path, again)
    for name, cls in PEERS.items():
        results[name]["again"] = peer_cold_again(cls, tree, again)
    live = {name: cls(tree) for name, cls in PEERS.items()}
    text_rounds = rounds
    if texts:   # one text round of each engine, to cut the text series to the budget
        pilots = [trellis_series(args.trellis, path, "text:" + ",".join(map(str, TEXT_COUNTS)), 1) for path in paths.values()]
        for peer in live.values():
            peer.layout(ROOT_WIDTH)
            pilots += [timed(change) for change in text_changes(peer, texts)]
        text_rounds = plan(max(max(pilots), 1.0), args)[0]
    for flavour, path in paths.items():
        r = results[flavour]
        r["resize"] = trellis_series(args.trellis, path, "width:414,375", rounds)
        r["sweep"] = trellis_series(args.trellis, path, "width:" + ",".join(f"{w:g}" for w in sweep), sweep_rounds)
        if texts:
            r["text"] = trellis_series(args.trellis, path, "text:" + ",".join(map(str, TEXT_COUNTS)), text_rounds)
    for name, peer in live.items():
        r = results[name]
        peer.layout(ROOT_WIDTH)
        r["resize"] = peer_series(width_changes(peer, (414.0, ROOT_WIDTH)), rounds)
        r["sweep"] = peer_series(width_changes(peer, sweep), sweep_rounds)
        if texts:
            peer.layout(ROOT_WIDTH)
            r["text"] = peer_series(text_changes(peer, texts), text_rounds)
    series = f"cold again {again}; {rounds} rounds; sweep {steps} steps × {sweep_rounds}" + (f"; text {text_rounds} rounds" if texts else "")
    return results, series


def fmt(us):
    return f"{us / 1000:.2f} ms" if us >= 1000 else f"{us:.1f} µs"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trellis", default=".build/release/trellis")
    parser.add_argument("--rows", default="10,100,1000")
    parser.add_argument("--screens", default=",".join(SCREENS))
    parser.add_argument("--processes", type=int, default=5, help="fresh processes for cold, first resize and RSS")
    parser.add_argument("--repeat", type=int, default=20, help="most rounds of a series (the sweep: a tenth)")
    parser.add_argument("--budget", type=float, default=2.0, help="seconds a series may take in the slowest engine")
    parser.add_argument("--check", action="store_true", help="only compare the frames")
    args = parser.parse_args()
    available = available_peers()
    for name in [name for name in PEERS if name not in available]:
        del PEERS[name]
    if not args.check and not os.access(TIME, os.X_OK):
        parser.error(f"the peak RSS needs GNU time at {TIME} (Debian: apt-get install time)")
    for screen in args.screens.split(","):
        if screen not in SCREENS:
            parser.error(f"unknown screen {screen}; the screens are {', '.join(SCREENS)}")

    load, started = os.getloadavg(), time.time()
    lines = ["| screen | rows | flavour | cold | cold again | first resize | resize | sweep step | text | RSS increase | parse+build |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    ratio_lines = ["| screen | rows | flavour | cold | cold again | first resize | resize | sweep | text | RSS | series |",
                   "|---|---|---|---|---|---|---|---|---|---|---|"]
    failures = 0
    with tempfile.TemporaryDirectory() as directory:
        for screen in args.screens.split(","):
            for rows in [int(r) for r in args.rows.split(",")]:
                try:
                    results, series = measure_screen(args, screen, rows, directory)
                except RuntimeError as error:
                    failures += 1
                    print(f"{screen} {rows}: skipped: {error}", file=sys.stderr, flush=True)
                    lines.append(f"| {screen} | {rows} | — | skipped: {error} | | | | | | | |")
                    continue
                if results is None:
                    print(f"{screen} {rows}: frames agree (Trellis stacks and plain, "
                          f"{' and '.join(PEERS)}, 375 and 414 wide)", file=sys.stderr, flush=True)
                    continue
                for flavour, r in results.items():
                    lines.append(f"| {screen} | {rows} | {flavour} | {fmt(r['cold'])} | {fmt(r['again'])} | {fmt(r['first'])} | {fmt(r['resize'])} | "
                                 f"{fmt(r['sweep'])} | {fmt(r['text']) if 'text' in r else '—'} | "
                                 f"{r['rss'] / 1024:+.1f} MB | {fmt(r['setup']) if 'setup' in r else '—'} |")
                for flavour in ("stacks", "plain"):
                    cells = []
                    for key in ("cold", "again", "first", "resize", "sweep", "text", "rss"):
                        if key not in results[flavour]:
                            cells.append("—")
                            continue
                        fast = min(results[p][key] for p in PEERS)
                        cells.append(f"{results[flavour][key] / fast:.2f}×" if fast > 0 else "—")
                    ratio_lines.append(f"| {screen} | {rows} | {flavour} | " + " | ".join(cells) + f" | {series} |")
                print(f"done {screen} {rows} ({time.time() - started:.0f} s)\n"
                      + "\n".join(lines[-len(results):] + ratio_lines[-2:]), file=sys.stderr, flush=True)
    if not args.check:
        print(f"load average at start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; run took {time.time() - started:.0f} s\n")
        print("\n".join(lines))
        print("\nRatios Trellis / faster peer (below 1 = Trellis faster; a dash where the peers' value is 0):\n")
        print("\n".join(ratio_lines))
    sys.stdout.flush()
    os._exit(1 if failures else 0)   # os._exit: poga's module teardown can abort the interpreter at exit


if __name__ == "__main__":
    main()
