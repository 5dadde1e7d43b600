#!/usr/bin/env python3
"""Write the benchmark scenarios as linear-system/1 files (see ../shared/spec/linear-system-1.md).

    python3 Benchmarks/generate-scenarios.py [--out Benchmarks/scenarios]
        [--kinds chain,grid,feed,nested,drag,sweep,determined,coupled] [--sizes 10,100,300,1000,5000]

Writes `<out>/<kind>-<N>.json` (N = number of views/boxes) and `<out>/INDEX.md` (variables and
constraints per file). Python 3.11, standard library only, no randomness: the same arguments always
give byte-identical files.

Strengths follow kiwi's vocabulary: "required", strong 1e6, medium ~1e3, weak 1 (all <= 1e6, far
below kiwi's required of ~1e9). Every system is feasible, and the soft constraints are set up so
that the optimum is unique on the layout variables (distinct weights where several soft constraints
compete for the same space; slack positions pinned by weak constraints).

Kinds (all coordinates in points; `r = l + w`, `b = t + h` are written as expressions):
  chain   N boxes in a row in a fixed-width container: 8 pt gaps (required ==), even boxes have a
          required fixed width, odd box i a preferred width (== @ 1000+i, distinct) and a
          required minimum of 20; the last box ends 8 pt before the container's right edge
          (required ==), the container is ~15% narrower than the preferred widths, so the cheapest
          odd boxes shrink. Second axis: each box's top is pinned 8 pt below the container's top,
          preferred height (== @ 1000) capped by the container (required <=). The axes are
          independent components.
  grid    R x C boxes (R*C ~ N): l, r, t, b, w, h per box; required r = l + w, b = t + h,
          w >= min, h >= 10, gap >= 8 to the left/top neighbour (or the container), inside the
          container's right edge (fixed width) and bottom edge; soft intrinsic w == iw, h == ih
          (1e6), gaps == 8 (1), equal column widths and row top alignment (1e3), container height
          hugging (1).
  feed    round(N/5) cells stacked vertically (cell, avatar, title, body, buttons row = 5 views):
          avatar 40x40 required, title/body hugging (<= intrinsic @ 1) and compression resistance
          (>= intrinsic @ 1e3) on width and height, 8 pt spacing required, buttons row fills the
          width, cell height = content (required), cell width = container width (required);
          some titles/bodies are wider than the cell and get compressed.
  nested  a balanced tree of N boxes, fan-out 4 at even depths (children in a row) and 3 at odd
          depths (children in a column); each child inset >= 4 in its parent (required) with a
          weak leading inset == 4, sibling gaps >= 8 (required) / == 8 (weak); leaves have
          preferred sizes (distinct weights ~1000..2000) and a required minimum of 10; inner boxes
          hug their content (weak). The root is fixed, 10% narrower than the preferred content.
  drag    the chain plus a splitter variable `split` == left edge of the middle box (required),
          an edit variable on `split` at strength 1e6 and 100 steps moving it by 1..5 pt back and
          forth around the middle of its feasible range (a drag session). The first step jumps from kiwi's
          initial suggestion 0.
  determined  a chain in which everything is required and fixed: sizes, 8 pt gaps, tops; the
          container hugs the content. Exact presolve determines every variable (no LP at all).
  sweep   the same system as drag, but the 100 steps sweep the splitter +-35% of its feasible
          range (sine, 4 periods; steps of ~0.3N..1.3N pt).
  coupled round(N/10) cells of 10 views (cell, avatar, title, subtitle, body, image, 4 buttons)
          stacked vertically, where the feed's required stacking is soft: each cell's top is
          pulled to the previous cell's bottom (+1) at weak strength (a required no-overlap
          inequality keeps them apart), and each cell has a soft preferred height (medium) that
          its content may exceed (required: content inside the cell). Presolve cannot substitute
          the column away, so the whole column is one coupled LP per axis. Text views hug (weak)
          and resist compression (medium) on both axes, the image prefers 240 x 120 (strong),
          the buttons 56 wide (strong, >= 32 required) in a row; the container's height hugs
          the column (weak).
"""

import argparse
import json
import math
import os
import sys

KINDS = ["chain", "grid", "feed", "nested", "drag", "sweep", "determined", "coupled"]
SIZES = [10, 30, 100, 300, 1000, 5000]
REQ = "required"
STRONG = 1e6
MEDIUM = 1e3
WEAK = 1.0


class System:
    """A linear-system/1 document under construction."""

    def __init__(self):
        self.variables = []
        self._known = set()
        self.constraints = []
        self.edits = []
        self.steps = []

    def var(self, name):
        if name in self._known:
            raise ValueError("duplicate variable " + name)
        self._known.add(name)
        self.variables.append(name)
        return name

    def add(self, terms, constant, op, strength):
        """terms: list of (variable, coefficient); repeated variables are summed."""
        merged = {}
        for v, c in terms:
            if v not in self._known:
                raise ValueError("unknown variable " + v)
            merged[v] = merged.get(v, 0.0) + float(c)
        merged = {v: c for v, c in merged.items() if c != 0.0}
        if strength != REQ:
            strength = float(strength)
            assert 0 < strength <= STRONG
        self.constraints.append({"id": "c%d" % len(self.constraints), "terms": merged,
                                 "constant": float(constant), "op": op, "strength": strength})

    def edit(self, variable, strength):
        self.edits.append({"variable": variable, "strength": float(strength)})

    def suggest(self, values):
        self.steps.append({"suggest": {v: float(x) for v, x in values.items()}})

    def write(self, path):
        """Compact JSON, one constraint / step per line (small files, readable diffs)."""
        d = lambda x: json.dumps(x, separators=(",", ":"))
        out = ['{"format":"linear-system/1",\n"variables":' + d(self.variables) + ',\n"constraints":[\n']
        out.append(",\n".join(d(c) for c in self.constraints))
        out.append("\n]")
        if self.edits:
            out.append(',\n"edits":' + d(self.edits))
        if self.steps:
            out.append(',\n"steps":[\n' + ",\n".join(d(s) for s in self.steps) + "\n]")
        out.append("}\n")
        text = "".join(out)
        json.loads(text)  # self-check: well-formed
        with open(path, "w") as f:
            f.write(text)
        return len(text)


def perm(i, n, mult=7919):
    """A fixed permutation of 0..n-1 (7919 is prime, n < 7919 or coprime)."""
    assert math.gcd(mult, n) == 1
    return (i * mult) % n


# ---------------------------------------------------------------------------------------------
# chain / drag / sweep


def chain_params(n):
    fixed = {i: 24 + (i * 13) % 17 for i in range(0, n, 2)}            # even: required width
    pref = {i: 40 + (i * 11) % 23 for i in range(1, n, 2)}             # odd: preferred width
    # distinct weights, rising along the row: the leading boxes give way first. (kiwi is very sensitive
    # to this order: the same weights permuted make its cold solve ~40x slower at N = 300.)
    weight = {i: MEDIUM + i for i in range(1, n, 2)}
    minw = 20
    natural = 8 + sum(fixed.values()) + sum(pref.values()) + 8 * (n - 1) + 8
    minimal = 8 + sum(fixed.values()) + minw * len(pref) + 8 * (n - 1) + 8
    width = int(round(0.85 * natural))
    assert width > minimal + 1, (n, width, minimal)
    return fixed, pref, weight, minw, width, natural


def add_row_gap(s, i, left, container_left):
    """Box i's left edge 8 pt after the previous box's right edge (l + w), or after the container's."""
    if i == 0:
        s.add([(left, 1), (container_left, -1)], -8, "==", REQ)
    else:
        s.add([(left, 1), ("b%d.l" % (i - 1), -1), ("b%d.w" % (i - 1), -1)], -8, "==", REQ)


def build_chain(n, splitter=False):
    s = System()
    fixed, pref, weight, minw, width, _ = chain_params(n)
    height = 100
    cl, cw, ct, ch = (s.var("C.l"), s.var("C.w"), s.var("C.t"), s.var("C.h"))
    s.add([(cl, 1)], 0, "==", REQ)
    s.add([(cw, 1)], -width, "==", REQ)
    s.add([(ct, 1)], 0, "==", REQ)
    s.add([(ch, 1)], -height, "==", REQ)
    for i in range(n):
        l, w, t, h = (s.var("b%d.%s" % (i, a)) for a in "lwth")
        # x axis
        add_row_gap(s, i, l, cl)
        if i in fixed:
            s.add([(w, 1)], -fixed[i], "==", REQ)
        else:
            s.add([(w, 1)], -minw, ">=", REQ)
            s.add([(w, 1)], -pref[i], "==", weight[i])
        # y axis
        s.add([(t, 1), (ct, -1)], -8, "==", REQ)
        s.add([(h, 1)], -10, ">=", REQ)
        s.add([(ct, 1), (ch, 1), (t, -1), (h, -1)], -8, ">=", REQ)
        s.add([(h, 1)], -(30 + (i * 29) % 71), "==", MEDIUM)
    s.add([(cl, 1), (cw, 1), ("b%d.l" % (n - 1), -1), ("b%d.w" % (n - 1), -1)], -8, "==", REQ)
    if splitter:
        m = n // 2
        sp = s.var("split")
        s.add([(sp, 1), ("b%d.l" % m, -1)], 0, "==", REQ)
        s.edit(sp, STRONG)
    return s


def build_determined(n):
    """A fully determined chain: every size required and every position tied to a fixed one, so
    that exact presolve leaves no LP at all (the speed issue's "fully determined" target)."""
    s = System()
    cl, cw, ct, ch = (s.var("C.l"), s.var("C.w"), s.var("C.t"), s.var("C.h"))
    s.add([(cl, 1)], 0, "==", REQ)
    s.add([(ct, 1)], 0, "==", REQ)
    for i in range(n):
        l, w, t, h = (s.var("b%d.%s" % (i, a)) for a in "lwth")
        add_row_gap(s, i, l, cl)
        s.add([(w, 1)], -(24 + (i * 13) % 17), "==", REQ)
        s.add([(t, 1), (ct, -1)], -8, "==", REQ)
        s.add([(h, 1)], -(20 + (i * 7) % 11), "==", REQ)
    # The container hugs its content: right edge 8 pt after the last box, height from the first.
    s.add([(cl, 1), (cw, 1), ("b%d.l" % (n - 1), -1), ("b%d.w" % (n - 1), -1)], -8, "==", REQ)
    s.add([(ct, 1), (ch, 1), ("b0.t", -1), ("b0.h", -1)], -8, "==", REQ)
    return s


def split_range(n):
    """The middle of the splitter's feasible range [lo, hi] (where the drags happen), lo, hi."""
    fixed, pref, weight, minw, width, _ = chain_params(n)
    m = n // 2
    minwidth = lambda i: fixed.get(i, minw)
    lo = 8 + sum(minwidth(i) + 8 for i in range(m))
    hi = width - 8 - sum(minwidth(i) for i in range(m, n)) - 8 * (n - 1 - m)
    return (lo + hi) // 2, lo, hi


DRAG_DELTAS = [1, 3, -2, 5, -4, -1, 2, -5, 4, -3]   # sums to 0: stays within [-1, 7] of the middle


def build_drag(n):
    s = build_chain(n, splitter=True)
    p0, lo, hi = split_range(n)
    pos = p0
    for k in range(100):
        pos += DRAG_DELTAS[k % len(DRAG_DELTAS)]
        assert lo < pos < hi
        s.suggest({"split": pos})
    return s


def build_sweep(n):
    s = build_chain(n, splitter=True)
    p0, lo, hi = split_range(n)
    amp = 0.35 * (hi - lo)
    for k in range(1, 101):
        pos = round(p0 + amp * math.sin(2 * math.pi * k / 25))
        pos = min(max(pos, lo + 1), hi - 1)
        s.suggest({"split": pos})
    return s


# ---------------------------------------------------------------------------------------------
# grid


def grid_shape(n):
    rows = max(1, round(math.sqrt(n)))
    cols = max(1, round(n / rows))
    return rows, cols


def build_grid(n):
    s = System()
    rows, cols = grid_shape(n)
    iw = lambda r, c: 40 + (r * 17 + c * 31) % 53
    ih = lambda r, c: 20 + (r * 23 + c * 11) % 29
    minw = lambda r, c: 16 + (r + 3 * c) % 9
    # wide enough for every row at intrinsic widths (+ some slack)
    width = max(8 + sum(iw(r, c) + 8 for c in range(cols)) for r in range(rows)) + 24
    cl, cw, ct, ch = (s.var("C.l"), s.var("C.w"), s.var("C.t"), s.var("C.h"))
    s.add([(cl, 1)], 0, "==", REQ)
    s.add([(cw, 1)], -width, "==", REQ)
    s.add([(ct, 1)], 0, "==", REQ)
    s.add([(ch, 1)], 0, "==", WEAK)               # container height hugs its content
    name = lambda r, c, a: "g%d_%d.%s" % (r, c, a)
    for r in range(rows):
        for c in range(cols):
            l, rr, t, b, w, h = (s.var(name(r, c, a)) for a in ("l", "r", "t", "b", "w", "h"))
            s.add([(rr, 1), (l, -1), (w, -1)], 0, "==", REQ)
            s.add([(b, 1), (t, -1), (h, -1)], 0, "==", REQ)
            s.add([(w, 1)], -minw(r, c), ">=", REQ)
            s.add([(h, 1)], -10, ">=", REQ)
            prev_x = cl if c == 0 else name(r, c - 1, "r")
            prev_y = ct if r == 0 else name(r - 1, c, "b")
            s.add([(l, 1), (prev_x, -1)], -8, ">=", REQ)
            s.add([(t, 1), (prev_y, -1)], -8, ">=", REQ)
            s.add([(w, 1)], -iw(r, c), "==", STRONG)
            s.add([(h, 1)], -ih(r, c), "==", STRONG)
            s.add([(l, 1), (prev_x, -1)], -8, "==", WEAK)
            s.add([(t, 1), (prev_y, -1)], -8, "==", WEAK)
            if r > 0:
                s.add([(w, 1), (name(r - 1, c, "w"), -1)], 0, "==", MEDIUM)
            if c > 0:
                s.add([(t, 1), (name(r, c - 1, "t"), -1)], 0, "==", MEDIUM)
        s.add([(cl, 1), (cw, 1), (name(r, cols - 1, "r"), -1)], -8, ">=", REQ)
    for c in range(cols):
        s.add([(ct, 1), (ch, 1), (name(rows - 1, c, "b"), -1)], -8, ">=", REQ)
    return s


# ---------------------------------------------------------------------------------------------
# feed


def build_feed(n):
    s = System()
    cells = max(1, round(n / 5))
    width = 375
    cl, cw, ct, ch = (s.var("C.l"), s.var("C.w"), s.var("C.t"), s.var("C.h"))
    s.add([(cl, 1)], 0, "==", REQ)
    s.add([(cw, 1)], -width, "==", REQ)
    s.add([(ct, 1)], 0, "==", REQ)
    for k in range(cells):
        v = {}
        for view in ("cell", "av", "ti", "bo", "bu"):
            v[view] = tuple(s.var("f%d.%s.%s" % (k, view, a)) for a in "lwth")
        (cx, cwid, cy, chei) = v["cell"]
        tw, th = 120 + (k * 37) % 260, 18 + (k * 5) % 9          # some titles wider than 311
        bw, bh = 200 + (k * 53) % 400, 40 + (k * 19) % 120       # bodies: one to many lines
        # cell: full container width, stacked under the previous cell (1 pt separator)
        s.add([(cx, 1), (cl, -1)], 0, "==", REQ)
        s.add([(cwid, 1), (cw, -1)], 0, "==", REQ)
        if k == 0:
            s.add([(cy, 1), (ct, -1)], 0, "==", REQ)
        else:
            p = "f%d.cell." % (k - 1)
            s.add([(cy, 1), (p + "t", -1), (p + "h", -1)], -1, "==", REQ)
        right = [(cx, 1), (cwid, 1)]                              # cell.right
        # avatar 40x40 at (8, 8)
        al, aw, at, ah = v["av"]
        s.add([(al, 1), (cx, -1)], -8, "==", REQ)
        s.add([(aw, 1)], -40, "==", REQ)
        s.add([(at, 1), (cy, -1)], -8, "==", REQ)
        s.add([(ah, 1)], -40, "==", REQ)
        # title: right of the avatar, top aligned with it
        tl, twv, tt, thv = v["ti"]
        s.add([(tl, 1), (al, -1), (aw, -1)], -8, "==", REQ)
        s.add(right + [(tl, -1), (twv, -1)], -8, ">=", REQ)
        s.add([(tt, 1), (cy, -1)], -8, "==", REQ)
        # body: below the title, same leading edge
        bl, bwv, bt, bhv = v["bo"]
        s.add([(bl, 1), (tl, -1)], 0, "==", REQ)
        s.add(right + [(bl, -1), (bwv, -1)], -8, ">=", REQ)
        s.add([(bt, 1), (tt, -1), (thv, -1)], -8, "==", REQ)
        # text views: hugging (weak) and compression resistance (medium), both axes
        for var, size in ((twv, tw), (thv, th), (bwv, bw), (bhv, bh)):
            s.add([(var, 1)], -size, "<=", WEAK)
            s.add([(var, 1)], -size, ">=", MEDIUM)
            s.add([(var, 1)], 0, ">=", REQ)
        # buttons row: below the body, fills to the trailing edge, 32 high
        ul, uw, ut, uh = v["bu"]
        s.add([(ul, 1), (tl, -1)], 0, "==", REQ)
        s.add(right + [(ul, -1), (uw, -1)], -8, "==", REQ)
        s.add([(ut, 1), (bt, -1), (bhv, -1)], -8, "==", REQ)
        s.add([(uh, 1)], -32, "==", REQ)
        # cell height = content
        s.add([(cy, 1), (chei, 1), (ut, -1), (uh, -1)], -8, "==", REQ)
        s.add([(cy, 1), (chei, 1), (at, -1), (ah, -1)], -8, ">=", REQ)
    last = "f%d.cell." % (cells - 1)
    s.add([(ct, 1), (ch, 1), (last + "t", -1), (last + "h", -1)], 0, "==", REQ)
    return s


# ---------------------------------------------------------------------------------------------
# coupled


def build_coupled(n):
    s = System()
    cells = max(1, round(n / 10))
    width = 375
    cl, cw, ct, ch = (s.var("C.l"), s.var("C.w"), s.var("C.t"), s.var("C.h"))
    s.add([(cl, 1)], 0, "==", REQ)
    s.add([(cw, 1)], -width, "==", REQ)
    s.add([(ct, 1)], 0, "==", REQ)
    views = ("cell", "av", "ti", "su", "bo", "im", "b0", "b1", "b2", "b3")

    def text(size_var, intrinsic):
        s.add([(size_var, 1)], -intrinsic, "<=", WEAK)         # hugging
        s.add([(size_var, 1)], -intrinsic, ">=", MEDIUM)       # compression resistance
        s.add([(size_var, 1)], 0, ">=", REQ)

    for k in range(cells):
        v = {view: tuple(s.var("c%d.%s.%s" % (k, view, a)) for a in "lwth") for view in views}
        cx, cwid, cy, chei = v["cell"]
        right = [(cx, 1), (cwid, 1)]                              # cell.right
        # x axis: the cell spans the container; avatar, then a text column with the rest
        s.add([(cx, 1), (cl, -1)], 0, "==", REQ)
        s.add([(cwid, 1), (cw, -1)], 0, "==", REQ)
        al, aw, at, ah = v["av"]
        s.add([(al, 1), (cx, -1)], -8, "==", REQ)
        s.add([(aw, 1)], -40, "==", REQ)
        tl = v["ti"][0]
        s.add([(tl, 1), (al, -1), (aw, -1)], -8, "==", REQ)
        widths = {"ti": 120 + (k * 37) % 260, "su": 80 + (k * 23) % 200, "bo": 200 + (k * 53) % 400}
        for view in ("ti", "su", "bo"):
            l, w = v[view][0], v[view][1]
            if view != "ti":
                s.add([(l, 1), (tl, -1)], 0, "==", REQ)
            s.add(right + [(l, -1), (w, -1)], -8, ">=", REQ)
            text(w, widths[view])
        il, iw = v["im"][0], v["im"][1]
        s.add([(il, 1), (tl, -1)], 0, "==", REQ)
        s.add(right + [(il, -1), (iw, -1)], -8, ">=", REQ)
        s.add([(iw, 1)], -240, "==", STRONG)
        previous = None
        for b in ("b0", "b1", "b2", "b3"):
            l, w = v[b][0], v[b][1]
            if previous is None:
                s.add([(l, 1), (tl, -1)], 0, "==", REQ)
            else:
                s.add([(l, 1), (previous[0], -1), (previous[1], -1)], -8, "==", REQ)
            s.add([(w, 1)], -56, "==", STRONG)
            s.add([(w, 1)], -32, ">=", REQ)
            previous = (l, w)
        s.add(right + [(previous[0], -1), (previous[1], -1)], -8, ">=", REQ)
        # y axis: soft stacking (pull-up to the previous cell's bottom), soft cell height
        if k == 0:
            s.add([(cy, 1), (ct, -1)], 0, "==", REQ)
        else:
            p = "c%d.cell." % (k - 1)
            s.add([(cy, 1), (p + "t", -1), (p + "h", -1)], 0, ">=", REQ)     # no overlap
            s.add([(cy, 1), (p + "t", -1), (p + "h", -1)], -1, "==", WEAK)   # pull-up
        s.add([(at, 1), (cy, -1)], -8, "==", REQ)
        s.add([(ah, 1)], -40, "==", REQ)
        tt, th = v["ti"][2], v["ti"][3]
        s.add([(tt, 1), (cy, -1)], -8, "==", REQ)
        text(th, 18 + (k * 5) % 9)
        st, sh = v["su"][2], v["su"][3]
        s.add([(st, 1), (tt, -1), (th, -1)], -2, "==", REQ)
        text(sh, 14 + (k * 3) % 5)
        bt, bh = v["bo"][2], v["bo"][3]
        s.add([(bt, 1), (st, -1), (sh, -1)], -4, "==", REQ)
        text(bh, 40 + (k * 19) % 120)
        it, ih = v["im"][2], v["im"][3]
        s.add([(it, 1), (bt, -1), (bh, -1)], -8, "==", REQ)
        s.add([(ih, 1)], -120, "==", STRONG)
        s.add([(ih, 1)], 0, ">=", REQ)
        for b in ("b0", "b1", "b2", "b3"):
            ut, uh = v[b][2], v[b][3]
            s.add([(ut, 1), (it, -1), (ih, -1)], -8, "==", REQ)
            s.add([(uh, 1)], -32, "==", REQ)
        u0t, u0h = v["b0"][2], v["b0"][3]
        s.add([(cy, 1), (chei, 1), (u0t, -1), (u0h, -1)], -8, ">=", REQ)       # content inside
        s.add([(cy, 1), (chei, 1), (at, -1), (ah, -1)], -8, ">=", REQ)
        s.add([(chei, 1)], -(250 + (k * 41) % 140), "==", MEDIUM)             # soft height
    last = "c%d.cell." % (cells - 1)
    s.add([(ct, 1), (ch, 1), (last + "t", -1), (last + "h", -1)], 0, ">=", REQ)
    s.add([(ch, 1)], 0, "==", WEAK)                                          # hug the column
    return s


# ---------------------------------------------------------------------------------------------
# nested


def nested_tree(n):
    """Breadth-first balanced tree of n nodes: children lists and depths."""
    children = [[] for _ in range(n)]
    depth = [0] * n
    nxt, i = 1, 0
    while nxt < n:
        fan = 4 if depth[i] % 2 == 0 else 3
        for _ in range(fan):
            if nxt >= n:
                break
            children[i].append(nxt)
            depth[nxt] = depth[i] + 1
            nxt += 1
        i += 1
    return children, depth


def build_nested(n):
    s = System()
    children, depth = nested_tree(n)
    pw = lambda i: 30 + (i * 37) % 61
    ph = lambda i: 20 + (i * 13) % 31
    # distinct, "generic" weights for the leaves (no two subsets likely to tie)
    wx = lambda i: MEDIUM + perm(i, n) + ((i * 7) % 11) / 16
    wy = lambda i: MEDIUM + perm(i, n, 104729) + ((i * 5) % 13) / 16

    def content(i, axis):                    # preferred content size, bottom-up
        if not children[i]:
            return pw(i) if axis == 0 else ph(i)
        sizes = [content(c, axis) for c in children[i]]
        along = 0 if depth[i] % 2 == 0 else 1
        if axis == along:
            return 8 + sum(sizes) + 8 * (len(sizes) - 1)
        return 8 + max(sizes)

    def min_content(i):                      # x axis with every leaf at its minimum (10)
        if not children[i]:
            return 10
        sizes = [min_content(c) for c in children[i]]
        if depth[i] % 2 == 0:
            return 8 + sum(sizes) + 8 * (len(sizes) - 1)
        return 8 + max(sizes)

    sys.setrecursionlimit(10000)
    width = int(round(0.9 * content(0, 0))) if children[0] else 100
    height = content(0, 1) + 20
    assert width > min_content(0)
    attrs = {}
    for i in range(n):
        attrs[i] = tuple(s.var("n%d.%s" % (i, a)) for a in "lwth")
    rl, rw, rt, rh = attrs[0]
    s.add([(rl, 1)], 0, "==", REQ)
    s.add([(rw, 1)], -width, "==", REQ)
    s.add([(rt, 1)], 0, "==", REQ)
    s.add([(rh, 1)], -height, "==", REQ)
    for p in range(n):
        pl, pwv, pt, phv = attrs[p]
        along = 0 if depth[p] % 2 == 0 else 1
        kids = children[p]
        for j, c in enumerate(kids):
            cl, cwv, ct, chv = attrs[c]
            for axis, (ps, pz, cs, cz) in enumerate(((pl, pwv, cl, cwv), (pt, phv, ct, chv))):
                if axis == along:
                    if j == 0:
                        s.add([(cs, 1), (ps, -1)], -4, ">=", REQ)
                        s.add([(cs, 1), (ps, -1)], -4, "==", WEAK)
                    else:
                        q = attrs[kids[j - 1]]
                        qs, qz = (q[0], q[1]) if axis == 0 else (q[2], q[3])
                        s.add([(cs, 1), (qs, -1), (qz, -1)], -8, ">=", REQ)
                        s.add([(cs, 1), (qs, -1), (qz, -1)], -8, "==", WEAK)
                    if j == len(kids) - 1:
                        s.add([(ps, 1), (pz, 1), (cs, -1), (cz, -1)], -4, ">=", REQ)
                else:
                    s.add([(cs, 1), (ps, -1)], -4, ">=", REQ)
                    s.add([(cs, 1), (ps, -1)], -4, "==", WEAK)
                    s.add([(ps, 1), (pz, 1), (cs, -1), (cz, -1)], -4, ">=", REQ)
        if p == 0:
            continue
        if kids:                               # inner box: hug the content
            s.add([(pwv, 1)], 0, "==", WEAK)
            s.add([(phv, 1)], 0, "==", WEAK)
        else:
            s.add([(pwv, 1)], -10, ">=", REQ)
            s.add([(phv, 1)], -10, ">=", REQ)
            s.add([(pwv, 1)], -pw(p), "==", wx(p))
            s.add([(phv, 1)], -ph(p), "==", wy(p))
    return s


BUILDERS = {"chain": build_chain, "grid": build_grid, "feed": build_feed, "nested": build_nested,
            "drag": build_drag, "sweep": build_sweep, "determined": build_determined, "coupled": build_coupled}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(here, "scenarios"))
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    args = ap.parse_args()
    kinds = args.kinds.split(",")
    sizes = [int(x) for x in args.sizes.split(",")]
    for k in kinds:
        if k not in BUILDERS:
            ap.error("unknown kind %r (known: %s)" % (k, ", ".join(KINDS)))
    os.makedirs(args.out, exist_ok=True)
    rows = []
    total = 0
    for kind in kinds:
        for n in sizes:
            s = BUILDERS[kind](n)
            name = "%s-%d" % (kind, n)
            size = s.write(os.path.join(args.out, name + ".json"))
            total += size
            nreq = sum(1 for c in s.constraints if c["strength"] == REQ)
            rows.append((name, len(s.variables), len(s.constraints), nreq,
                         sum(len(c["terms"]) for c in s.constraints), len(s.edits), len(s.steps), size))
            print("%-12s %6d variables %6d constraints (%d required) %8.1f kB"
                  % (name, len(s.variables), len(s.constraints), nreq, size / 1024))
    print("total %.1f MB" % (total / 2**20))
    if kinds == KINDS and sizes == SIZES:
        with open(os.path.join(args.out, "INDEX.md"), "w") as f:
            f.write("# Scenario sizes\n\nWritten by `Benchmarks/generate-scenarios.py` "
                    "(do not edit by hand; the shapes are described in its docstring).\n\n")
            f.write("| file | variables | constraints | required | nonzeros | edits | steps | bytes |\n")
            f.write("|---|---|---|---|---|---|---|---|\n")
            for r in rows:
                f.write("| %s.json | %d | %d | %d | %d | %d | %d | %d |\n" % r)


if __name__ == "__main__":
    main()
