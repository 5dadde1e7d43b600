#!/usr/bin/env python3
"""Conformance-fixture generator for Trellis (format "linear-system/1").

For every case this script

1. builds a constraint system from a seeded ``random.Random`` (one per case and
   attempt, seeded from ``(seed, family, index, attempt)``);
2. solves it with kiwisolver (the reference) in a child process with a timeout,
   because kiwi can abort the whole process or hang on some inputs;
3. cross-checks every solve with an independent LP solved by HiGHS through
   ``scipy.optimize.linprog(method="highs")``: same status, same objective
   (kiwi's objective recomputed from kiwi's values with the spec formula) within
   1e-7 relative, kiwi's values satisfy the required rows within 1e-7 relative;
4. computes, per solve, the variables that take the same value at every optimal
   solution ("unique"): random directions over a tight near-optimal face screen out
   non-unique variables, then each candidate is minimised and maximised over
   ``{feasible, objective <= opt + t1}``, t1 = 1e-9*max(1,|opt|), and the range at
   t = 0 is bounded with the objective row's shadow prices (see unique_variables);
5. keeps the case only when everything agrees; otherwise the case is dropped and
   regenerated from the next sub-seed.

Usage: python3 Tests/Conformance/generate.py [--seed N] [--out DIR] [--jobs N]
                                             [--only FAMILY[-NNN]] [--check-samples DIR]
                                             [--verify]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import shutil
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

DEFAULT_SEED = 20261122
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "fixtures")
FORMAT = "linear-system/1"

# (family, number of cases)
FAMILIES = [
    ("large", 6),
    ("random", 70),
    ("layout", 70),
    ("edit", 48),
    ("degenerate", 48),
    ("unsat", 30),
]

KIWI_TIMEOUT = {"large": 600.0}
KIWI_TIMEOUT_DEFAULT = 60.0
MAX_ATTEMPTS = 200

# Tolerances of the cross-check (see README.md).
OBJ_RTOL = 1e-7          # kiwi objective vs HiGHS optimum, relative to max(1,|obj|)
REQ_RTOL = 1e-7          # required rows at kiwi's values, relative to term size
FACE_RTOL = 1e-9         # near-optimal face: objective <= opt + FACE_RTOL*max(1,|opt|)
UNIQUE_RTOL = 1e-7       # unique when max - min <= UNIQUE_RTOL*max(1,|value|)
KIWI_UNIQUE_RTOL = 1e-6  # kiwi's value of a unique variable vs HiGHS min

WEIGHTS = [1.0, 2.0, 3.0, 10.0, 250.0, 500.0, 750.0, 1000.0, 1e5, 1e6]
LAYOUT_WEIGHTS = [250.0, 251.0, 500.0, 749.0, 750.0, 1000.0, 1e6]
REQUIRED = "required"


# ---------------------------------------------------------------------------
# Case construction helpers
# ---------------------------------------------------------------------------

class Builder:
    """Accumulates variables, constraints, edits and steps of one case."""

    def __init__(self):
        self.variables: list[str] = []
        self._vset: set[str] = set()
        self.constraints: list[dict] = []
        self.edits: list[dict] = []
        self.steps = None

    def var(self, name: str) -> str:
        if name not in self._vset:
            self._vset.add(name)
            self.variables.append(name)
        return name

    def add(self, terms, constant, op, strength):
        """terms: dict var -> coef, or list of (var, coef) (combined)."""
        if isinstance(terms, dict):
            items = list(terms.items())
        else:
            items = list(terms)
        out: dict[str, float] = {}
        for v, c in items:
            self.var(v)
            if v in out:
                out[v] = out[v] + float(c)
            else:
                out[v] = float(c)
        assert op in ("==", "<=", ">=")
        if strength != REQUIRED:
            strength = float(strength)
            assert 0 < strength <= 1e6
        con = {"terms": out, "constant": float(constant), "op": op, "strength": strength}
        self.constraints.append(con)
        return con

    def build(self, rng: random.Random | None = None, shuffle: bool = False,
              list_variables: bool = True) -> dict:
        cons = [dict(c) for c in self.constraints]
        for i, c in enumerate(cons):
            c["id"] = "c%d" % i
        if shuffle and rng is not None:
            rng.shuffle(cons)
        case = {"format": FORMAT}
        if list_variables:
            case["variables"] = list(self.variables)
        case["constraints"] = [
            {"id": c["id"], "terms": c["terms"], "constant": c["constant"],
             "op": c["op"], "strength": c["strength"]} for c in cons]
        if self.edits:
            case["edits"] = [dict(e) for e in self.edits]
        if self.steps is not None:
            case["steps"] = self.steps
        return case


def lin(*parts):
    """Combine linear expressions given as (coef, expr) with expr a dict var->coef."""
    out: dict[str, float] = {}
    for k, e in parts:
        for v, c in e.items():
            out[v] = out.get(v, 0.0) + k * c
    return {v: c for v, c in out.items() if c != 0.0}


def pick_coef(rng: random.Random) -> float:
    r = rng.random()
    if r < 0.45:
        v = float(rng.choice([1, 1, 1, 2, 2, 3, 4]))
    elif r < 0.72:
        v = rng.choice([0.5, 0.25, 0.75, 1.5, 1.25, 2.5, 0.125, 1.75])
    else:
        v = round(rng.uniform(0.1, 4.0), rng.choice([1, 2, 3]))
        if v == 0.0:
            v = 0.5
    return v if rng.random() < 0.6 else -v


# ---------------------------------------------------------------------------
# Family: random
# ---------------------------------------------------------------------------

def gen_random(rng: random.Random, index: int) -> tuple[dict, str]:
    b = Builder()
    n = rng.randint(5, 40)
    names = ["x%d" % i for i in range(n)]
    for v in names:
        b.var(v)
    m = rng.randint(max(10, int(1.4 * n)), min(120, 3 * n + 10))
    hidden = {v: rng.randint(-600, 600) / 2.0 for v in names}
    target = {v: hidden[v] + rng.randint(-200, 200) / 4.0 for v in names}
    if rng.random() < 0.35:
        weights = rng.sample(WEIGHTS, rng.randint(2, 3))  # many ties
    else:
        weights = WEIGHTS
    p_req = rng.uniform(0.3, 0.5)
    max_req_eq = max(1, n // 3)
    n_req_eq = 0
    for _ in range(m):
        k = rng.choice([1, 1, 2, 2, 2, 3, 3, 4])
        vs = rng.sample(names, min(k, n))
        terms = {v: pick_coef(rng) for v in vs}
        op = rng.choice(["==", "<=", ">=", "<=", ">="])
        if rng.random() < p_req:
            if op == "==" and n_req_eq >= max_req_eq:
                op = rng.choice(["<=", ">="])
            if op == "==":
                n_req_eq += 1
            ap = sum(c * hidden[v] for v, c in terms.items())
            slack = 0.0 if op == "==" else rng.choice([1.0, 2.5, 5.0, 10.0, 37.5, 100.0])
            # e(hidden) = ap + const ; '>=' wants e = +slack, '<=' wants e = -slack
            if op == ">=":
                const = round(-ap + slack, 6)
            elif op == "<=":
                const = round(-ap - slack, 6)
            else:
                const = round(-ap, 6)
            b.add(terms, const, op, REQUIRED)
        else:
            aq = sum(c * target[v] for v, c in terms.items())
            const = round(-aq + rng.choice([0.0, 0.0, rng.uniform(-50, 50)]), 3)
            b.add(terms, const, op, rng.choice(weights))
    return b.build(rng, shuffle=rng.random() < 0.5), "optimal"


# ---------------------------------------------------------------------------
# Layout-shaped systems (used by layout, edit, degenerate, unsat, large)
# ---------------------------------------------------------------------------

class Box:
    def __init__(self, b: Builder, name: str, style: str):
        self.name = name
        self.style = style
        if style == "lrtb":
            self.l = b.var(name + ".left")
            self.r = b.var(name + ".right")
            self.t = b.var(name + ".top")
            self.btm = b.var(name + ".bottom")
        else:
            self.l = b.var(name + ".left")
            self.w = b.var(name + ".width")
            self.t = b.var(name + ".top")
            self.h = b.var(name + ".height")

    def L(self):
        return {self.l: 1.0}

    def T(self):
        return {self.t: 1.0}

    def R(self):
        return {self.r: 1.0} if self.style == "lrtb" else {self.l: 1.0, self.w: 1.0}

    def B(self):
        return {self.btm: 1.0} if self.style == "lrtb" else {self.t: 1.0, self.h: 1.0}

    def W(self):
        return {self.r: 1.0, self.l: -1.0} if self.style == "lrtb" else {self.w: 1.0}

    def H(self):
        return {self.btm: 1.0, self.t: -1.0} if self.style == "lrtb" else {self.h: 1.0}

    # axis helpers: axis 0 horizontal, 1 vertical
    def lead(self, axis):
        return self.L() if axis == 0 else self.T()

    def trail(self, axis):
        return self.R() if axis == 0 else self.B()

    def size(self, axis):
        return self.W() if axis == 0 else self.H()


def layout_tree(b: Builder, rng: random.Random, *, root_w, root_h, fixed_root=True,
                max_depth=3, max_children=4, prefix="", style_mode=None,
                scale=1.0, weights=LAYOUT_WEIGHTS, features=None):
    """Build a nested-box layout. Returns (root, list of all boxes).

    scale multiplies every length constant (for tiny / huge variants)."""
    S = scale
    feats = features or {}

    def style():
        if style_mode in ("lrtb", "lw"):
            return style_mode
        return rng.choice(["lrtb", "lw"])

    counter = [0]

    def newbox(kind):
        nm = "%s%s%d" % (prefix, kind, counter[0])
        counter[0] += 1
        return Box(b, nm, style())

    root = Box(b, prefix + "root", style())
    boxes = [root]
    if fixed_root:
        b.add(root.L(), 0.0, "==", REQUIRED)
        b.add(root.T(), 0.0, "==", REQUIRED)
        b.add(root.W(), -root_w * S, "==", REQUIRED)
        b.add(root.H(), -root_h * S, "==", REQUIRED)

    def wpick():
        return rng.choice(weights)

    def children(parent: Box, depth: int, avail_w: float, avail_h: float):
        if depth >= max_depth:
            return
        nkids = rng.randint(2 if depth == 0 else 1, max(2, max_children))
        axis = rng.randint(0, 1)
        inset = rng.choice([0.0, 2.0, 4.0, 8.0, 10.0])
        gap = rng.choice([0.0, 2.0, 4.0, 8.0])
        along = (avail_w if axis == 0 else avail_h) - 2 * inset - gap * (nkids - 1)
        across = (avail_h if axis == 0 else avail_w) - 2 * inset
        if along < 4 * nkids or across < 4:
            return
        share = along / nkids
        kids = [newbox(rng.choice(["box", "item", "pane", "label"])) for _ in range(nkids)]
        prev = None
        for k, kid in enumerate(kids):
            boxes.append(kid)
            # containment on both axes (required)
            for ax in (0, 1):
                b.add(lin((1, kid.lead(ax)), (-1, parent.lead(ax))), -inset * S, ">=", REQUIRED)
                b.add(lin((1, kid.trail(ax)), (-1, parent.trail(ax))), inset * S, "<=", REQUIRED)
            # sizes non-negative / minimum (required)
            minsz = rng.choice([0.0, 0.0, 4.0, 8.0, 10.0])
            minsz = min(minsz, share / 2)
            for ax in (0, 1):
                if kid.style == "lw" or rng.random() < 0.7:
                    b.add(kid.size(ax), -minsz * S, ">=", REQUIRED)
            # spacing along the stack axis
            if prev is None:
                if rng.random() < 0.6:
                    b.add(lin((1, kid.lead(axis)), (-1, parent.lead(axis))), -inset * S, "==", wpick())
            else:
                b.add(lin((1, kid.lead(axis)), (-1, prev.trail(axis))), -gap * S, ">=", REQUIRED)
                pref_gap = gap + rng.choice([0.0, 4.0, 8.0, 12.0])
                b.add(lin((1, kid.lead(axis)), (-1, prev.trail(axis))), -pref_gap * S, "==", wpick())
            if k == nkids - 1 and rng.random() < 0.6:
                b.add(lin((1, kid.trail(axis)), (-1, parent.trail(axis))), inset * S, "==", wpick())
            # cross axis placement
            xa = 1 - axis
            r = rng.random()
            if r < 0.3:
                # centering with 0.5 coefficients
                e = lin((0.5, kid.lead(xa)), (0.5, kid.trail(xa)), (-0.5, parent.lead(xa)), (-0.5, parent.trail(xa)))
                b.add(e, 0.0, "==", REQUIRED if rng.random() < 0.3 else wpick())
            elif r < 0.6:
                b.add(lin((1, kid.lead(xa)), (-1, parent.lead(xa))), -inset * S, "==", wpick())
            elif r < 0.8:
                b.add(lin((1, kid.trail(xa)), (-1, parent.trail(xa))), inset * S, "==", wpick())
            # intrinsic sizes: hugging (<= at 250) and compression resistance (>= at 750)
            for ax in (0, 1):
                rr = rng.random()
                avail = share if ax == axis else across
                intrinsic = float(rng.randint(2, max(3, int(avail * 1.3))))
                if rr < 0.45:
                    b.add(kid.size(ax), -intrinsic * S, "<=", rng.choice([250.0, 251.0]))
                    b.add(kid.size(ax), -intrinsic * S, ">=", rng.choice([750.0, 749.0]))
                elif rr < 0.8:
                    pref = float(rng.randint(2, max(3, int(avail * 1.2))))
                    b.add(kid.size(ax), -pref * S, "==", wpick())
                    if rng.random() < 0.3:
                        pref2 = float(rng.randint(2, max(3, int(avail))))
                        b.add(kid.size(ax), -pref2 * S, "==", wpick())
            # aspect ratio
            if feats.get("aspect", True) and rng.random() < 0.25:
                k_ratio = rng.choice([0.5, 0.75, 1.0, 1.25, 1.5, 2.0])
                e = lin((1, kid.W()), (-k_ratio, kid.H()))
                b.add(e, 0.0, "==", REQUIRED if rng.random() < 0.25 else wpick())
            # equal sizes between siblings
            if prev is not None and rng.random() < 0.25:
                b.add(lin((1, kid.size(axis)), (-1, prev.size(axis))), 0.0, "==", wpick())
            prev = kid
        for kid in kids:
            if rng.random() < 0.5:
                cw = share if axis == 0 else across
                ch = across if axis == 0 else share
                children(kid, depth + 1, cw * 0.5, ch * 0.5)

    children(root, 0, root_w, root_h)
    return root, boxes


ROOT_SIZES = [(320.0, 480.0), (375.0, 667.0), (400.0, 900.0), (640.0, 480.0),
              (800.0, 600.0), (1024.0, 768.0), (1280.0, 800.0)]


def gen_layout(rng: random.Random, index: int) -> tuple[dict, str]:
    b = Builder()
    w, h = rng.choice(ROOT_SIZES)
    layout_tree(b, rng, root_w=w, root_h=h, max_depth=rng.choice([1, 2, 2, 3]),
                max_children=rng.choice([2, 3, 4]),
                style_mode=rng.choice([None, "lrtb", "lw"]))
    return b.build(rng, shuffle=rng.random() < 0.2), "optimal"


# ---------------------------------------------------------------------------
# Family: edit
# ---------------------------------------------------------------------------

def make_steps(rng: random.Random, edit_vars: list[str], lo: float, hi: float,
               nsteps: int) -> list[dict]:
    steps = []
    cur = {v: rng.uniform(lo, hi) for v in edit_vars}
    for s in range(nsteps):
        k = rng.randint(1, len(edit_vars))
        chosen = rng.sample(edit_vars, k)
        sug = {}
        for v in chosen:
            kind = rng.random()
            if kind < 0.4:      # drag
                val = cur[v] + rng.choice([-1, 1]) * rng.choice([1.0, 2.5, 7.0, 13.25, 40.0])
            elif kind < 0.7:    # jump
                val = rng.uniform(lo, hi)
            elif kind < 0.9:    # push against bounds
                val = rng.choice([lo - rng.uniform(10, 500), hi + rng.uniform(10, 500), -1000.0, 0.0])
            else:               # repeat
                val = cur[v]
            val = round(val, rng.choice([0, 1, 2]))
            cur[v] = val
            sug[v] = float(val)
        steps.append({"suggest": sug})
    return steps


def gen_edit(rng: random.Random, index: int) -> tuple[dict, str]:
    b = Builder()
    template = index % 3
    edit_strengths = [1e5, 1e6, 7.0, 1000.0, 100.0]
    if template == 0:
        # split panes
        npanes = rng.randint(2, 5)
        W = rng.choice([600.0, 800.0, 1000.0, 1200.0])
        H = rng.choice([400.0, 500.0, 700.0])
        win = Box(b, "window", "lw")
        b.add(win.L(), 0.0, "==", REQUIRED)
        b.add(win.T(), 0.0, "==", REQUIRED)
        b.add(win.W(), -W, "==", REQUIRED)
        b.add(win.H(), -H, "==", REQUIRED)
        panes = [Box(b, "pane%d" % i, rng.choice(["lw", "lrtb"])) for i in range(npanes)]
        splits = [b.var("split%d" % i) for i in range(npanes - 1)]
        for i, p in enumerate(panes):
            b.add(lin((1, p.T()), (-1, win.T())), 0.0, "==", REQUIRED)
            b.add(lin((1, p.H()), (-1, win.H())), 0.0, "==", REQUIRED)
            mn = float(rng.choice([20, 50, 100, 150]))
            b.add(p.W(), -mn, ">=", REQUIRED)
            b.add(p.W(), -float(rng.choice([100, 150, 200, 300])), "==", rng.choice([1.0, 10.0, 250.0, 500.0]))
            if i == 0:
                b.add(lin((1, p.L()), (-1, win.L())), 0.0, "==", REQUIRED)
            else:
                b.add(lin((1, p.L()), (-1, {splits[i - 1]: 1.0})), 0.0, "==", REQUIRED)
            if i == npanes - 1:
                b.add(lin((1, p.R()), (-1, win.R())), 0.0, "==", REQUIRED)
            else:
                b.add(lin((1, p.R()), (-1, {splits[i]: 1.0})), 0.0, "==", REQUIRED)
        nedit = min(len(splits), rng.randint(1, 3))
        edit_vars = rng.sample(splits, nedit)
        lo, hi = 0.0, W
    elif template == 1:
        # resizable window with a layout inside; edit the window size
        w, h = rng.choice(ROOT_SIZES)
        root, boxes = layout_tree(b, rng, root_w=w, root_h=h, fixed_root=False,
                                  max_depth=2, max_children=3, style_mode=rng.choice([None, "lw"]))
        b.add(root.L(), 0.0, "==", REQUIRED)
        b.add(root.T(), 0.0, "==", REQUIRED)
        minw = float(rng.choice([200, 240, 300]))
        b.add(root.W(), -minw, ">=", REQUIRED)
        b.add(root.W(), -float(rng.choice([1600, 2000])), "<=", REQUIRED)
        b.add(root.H(), -float(rng.choice([200, 300])), ">=", REQUIRED)
        b.add(root.H(), -h, "==", rng.choice([1.0, 10.0]))
        b.add(root.W(), -w, "==", rng.choice([1.0, 10.0]))
        # the window width/height must be plain variables to be edited
        cand = []
        if root.style == "lw":
            cand += [root.w, root.h]
        else:
            cand += [root.r, root.btm]
        for bx in boxes[1:]:
            cand.append(bx.l)
        edit_vars = rng.sample(cand, min(len(cand), rng.randint(1, 3)))
        lo, hi = 0.0, w * 1.2
    else:
        # draggable boxes inside a container
        W = rng.choice([400.0, 640.0, 800.0])
        H = rng.choice([300.0, 480.0, 600.0])
        cont = Box(b, "container", "lrtb")
        b.add(cont.L(), 0.0, "==", REQUIRED)
        b.add(cont.T(), 0.0, "==", REQUIRED)
        b.add(cont.W(), -W, "==", REQUIRED)
        b.add(cont.H(), -H, "==", REQUIRED)
        nbox = rng.randint(1, 3)
        edit_vars = []
        prev = None
        for i in range(nbox):
            bx = Box(b, "card%d" % i, rng.choice(["lw", "lrtb"]))
            inset = rng.choice([0.0, 8.0, 16.0])
            for ax in (0, 1):
                b.add(lin((1, bx.lead(ax)), (-1, cont.lead(ax))), -inset, ">=", REQUIRED)
                b.add(lin((1, bx.trail(ax)), (-1, cont.trail(ax))), inset, "<=", REQUIRED)
            bw = float(rng.choice([40, 80, 120]))
            bh = float(rng.choice([30, 60, 90]))
            b.add(bx.W(), -bw, "==", rng.choice([REQUIRED, 1000.0, 1e6]))
            b.add(bx.H(), -bh, "==", rng.choice([REQUIRED, 750.0]))
            b.add(bx.W(), -10.0, ">=", REQUIRED)
            b.add(bx.H(), -10.0, ">=", REQUIRED)
            if prev is not None and rng.random() < 0.6:
                b.add(lin((1, bx.L()), (-1, prev.R())), -8.0, ">=", rng.choice([REQUIRED, 500.0]))
            if rng.random() < 0.5:
                b.add(lin((1, bx.T()), (-1, cont.T())), -20.0, "==", rng.choice([1.0, 2.0]))
            edit_vars.append(bx.l)
            if len(edit_vars) < 3 and rng.random() < 0.4:
                edit_vars.append(bx.t)
            prev = bx
        edit_vars = edit_vars[:3]
        lo, hi = 0.0, W
    strength = rng.choice(edit_strengths)
    for v in edit_vars:
        s = strength if rng.random() < 0.7 else rng.choice(edit_strengths)
        b.edits.append({"variable": v, "strength": float(s)})
    b.steps = make_steps(rng, edit_vars, lo, hi, rng.randint(2, 8))
    return b.build(rng, shuffle=rng.random() < 0.2), "optimal"


# ---------------------------------------------------------------------------
# Family: degenerate
# ---------------------------------------------------------------------------

def small_base(b: Builder, rng: random.Random, scale=1.0):
    if rng.random() < 0.6:
        w, h = rng.choice(ROOT_SIZES)
        layout_tree(b, rng, root_w=w, root_h=h, max_depth=rng.choice([1, 2]),
                    max_children=rng.choice([2, 3]), scale=scale,
                    weights=rng.choice([LAYOUT_WEIGHTS, [250.0, 500.0], [1000.0]]))
    else:
        n = rng.randint(3, 10)
        names = [b.var("v%d" % i) for i in range(n)]
        hidden = {v: rng.randint(-40, 40) * 2.5 for v in names}
        for _ in range(rng.randint(n, 2 * n + 4)):
            vs = rng.sample(names, rng.randint(1, min(3, n)))
            terms = {v: float(rng.choice([1, -1, 2, 0.5, -0.25])) for v in vs}
            ap = sum(c * hidden[v] for v, c in terms.items())
            if rng.random() < 0.4:
                op = rng.choice([">=", "<="])
                sl = rng.choice([1.0, 5.0, 20.0])
                const = -ap + sl if op == ">=" else -ap - sl
                b.add(terms, const * scale, op, REQUIRED)
            else:
                op = rng.choice(["==", "<=", ">="])
                const = -ap + rng.randint(-20, 20) * 1.5
                b.add(terms, const * scale, op, rng.choice(WEIGHTS))


def gen_degenerate(rng: random.Random, index: int) -> tuple[dict, str]:
    b = Builder()
    if index == 0:
        # no constraints at all
        for i in range(rng.randint(1, 5)):
            b.var("free%d" % i)
        return b.build(), "optimal"
    if index == 1:
        # only required constraints, no soft ones
        n = rng.randint(3, 8)
        names = [b.var("r%d" % i) for i in range(n)]
        for i, v in enumerate(names):
            if i == 0:
                b.add({v: 1.0}, -10.0, "==", REQUIRED)
            else:
                b.add({v: 1.0, names[i - 1]: -1.0}, -float(rng.randint(1, 9)),
                      rng.choice(["==", ">="]), REQUIRED)
        b.add({}, 0.0, "==", REQUIRED)
        return b.build(), "optimal"
    if index == 2:
        # tie: any split of the total is optimal
        x, y = b.var("x"), b.var("y")
        b.add({x: 1.0, y: 1.0}, -100.0, "==", REQUIRED)
        b.add({x: 1.0}, 0.0, "==", 10.0)
        b.add({y: 1.0}, 0.0, "==", 10.0)
        b.add({x: 1.0}, 0.0, ">=", REQUIRED)
        b.add({y: 1.0}, 0.0, ">=", REQUIRED)
        b.steps = []
        return b.build(), "optimal"
    if index == 3:
        # constant-only rows
        x = b.var("x")
        b.add({}, 0.0, "==", REQUIRED)
        b.add({}, 5.0, ">=", REQUIRED)
        b.add({}, -3.0, "<=", REQUIRED)
        b.add({}, 3.0, "==", 2.0)      # costs 6
        b.add({}, -4.0, ">=", 10.0)    # costs 40
        b.add({}, 7.0, "<=", 1.0)      # costs 7
        b.add({}, 0.0, "==", 1000.0)   # costs 0
        b.add({x: 1.0}, -42.0, "==", 250.0)
        return b.build(), "optimal"

    kinds = ["dup", "zero", "zerovar", "const", "tiny", "huge", "tie", "unused",
             "emptysteps", "nosoft", "dupreq"]
    k = rng.randint(2, 4)
    chosen = set(rng.sample(kinds, k))
    chosen.add(kinds[index % len(kinds)])
    if "tiny" in chosen and "huge" in chosen:
        chosen.discard("huge" if rng.random() < 0.5 else "tiny")
    scale = 1.0
    if "tiny" in chosen:
        scale = rng.choice([1e-3, 1e-4, 1e-5, 1e-6])
    elif "huge" in chosen:
        scale = rng.choice([1e3, 1e4, 1e5, 1e6])  # constants reach 1e6..1e9
    small_base(b, rng, scale)
    if "nosoft" in chosen:
        b.constraints = [c for c in b.constraints if c["strength"] == REQUIRED]
    cons = b.constraints
    if "dup" in chosen and cons:
        for _ in range(rng.randint(1, 4)):
            c = rng.choice(cons)
            st = c["strength"]
            if st != REQUIRED and "nosoft" not in chosen and rng.random() < 0.5:
                st = rng.choice(WEIGHTS)
            b.add(dict(c["terms"]), c["constant"], c["op"], st)
    if "dupreq" in chosen:
        req = [c for c in cons if c["strength"] == REQUIRED and c["terms"]]
        for _ in range(rng.randint(1, 3)):
            if req:
                c = rng.choice(req)
                b.add(dict(c["terms"]), c["constant"], c["op"], REQUIRED)
                # a scaled copy of the same row
                f = rng.choice([0.5, 2.0, -1.0])
                op = c["op"]
                if f < 0 and op != "==":
                    op = "<=" if op == ">=" else ">="
                b.add({v: f * cc for v, cc in c["terms"].items()}, f * c["constant"], op, REQUIRED)
    if "zero" in chosen and cons:
        allv = list(b.variables)
        for _ in range(rng.randint(1, 5)):
            c = rng.choice(cons)
            v = rng.choice(allv)
            if v not in c["terms"]:
                c["terms"][v] = rng.choice([0.0, -0.0])
    if "zerovar" in chosen:
        z = b.var("zeroed")
        targets = rng.sample(cons, min(len(cons), rng.randint(1, 3))) if cons else []
        for c in targets:
            c["terms"][z] = rng.choice([0.0, -0.0])
        if not targets:
            b.add({z: 0.0}, 0.0, "==", REQUIRED)
    if "const" in chosen:
        for _ in range(rng.randint(1, 4)):
            r = rng.random()
            if r < 0.4:
                op, cst = rng.choice([("==", 0.0), (">=", 5.0), ("<=", -3.0), (">=", 0.0), ("<=", 0.0)])
                b.add({}, cst, op, REQUIRED)
            elif "nosoft" not in chosen:
                op = rng.choice(["==", ">=", "<="])
                cst = float(rng.choice([3.0, -4.0, 7.5, 0.0, 2.0]))
                b.add({}, cst, op, rng.choice(WEIGHTS[:5]))
    if "tie" in chosen and "nosoft" not in chosen:
        x, y = b.var("tie.x"), b.var("tie.y")
        T = float(rng.choice([50, 100, 300])) * scale
        w = rng.choice([1.0, 10.0, 250.0])
        b.add({x: 1.0, y: 1.0}, -T, "==", REQUIRED)
        b.add({x: 1.0}, 0.0, rng.choice(["==", "<="]), w)
        b.add({y: 1.0}, 0.0, rng.choice(["==", "<="]), w)
        b.add({x: 1.0}, 0.0, ">=", REQUIRED)
        b.add({y: 1.0}, 0.0, ">=", REQUIRED)
    if "unused" in chosen:
        for i in range(rng.randint(1, 3)):
            b.var("unused%d" % i)
    if "emptysteps" in chosen:
        b.steps = []
    # a few cases leave out "variables" (it is optional: the union of all terms)
    list_variables = not (index % 12 == 5 and "unused" not in chosen)
    return b.build(rng, shuffle=rng.random() < 0.3, list_variables=list_variables), "optimal"


# ---------------------------------------------------------------------------
# Family: unsat
# ---------------------------------------------------------------------------

def gen_unsat(rng: random.Random, index: int) -> tuple[dict, str]:
    b = Builder()
    kind = index % 6
    if rng.random() < 0.6:
        w, h = rng.choice(ROOT_SIZES)
        root, boxes = layout_tree(b, rng, root_w=w, root_h=h, max_depth=2, max_children=3)
    else:
        root, boxes = None, []
        n = rng.randint(4, 10)
        names = [b.var("x%d" % i) for i in range(n)]
        hidden = {v: rng.randint(-100, 100) * 1.0 for v in names}
        for _ in range(rng.randint(n, 2 * n)):
            vs = rng.sample(names, rng.randint(1, 3))
            terms = {v: pick_coef(rng) for v in vs}
            ap = sum(c * hidden[v] for v, c in terms.items())
            if rng.random() < 0.4:
                op = rng.choice([">=", "<="])
                sl = rng.choice([1.0, 5.0, 20.0])
                b.add(terms, round(-ap + sl if op == ">=" else -ap - sl, 6), op, REQUIRED)
            else:
                b.add(terms, round(-ap + rng.uniform(-30, 30), 3), rng.choice(["==", "<=", ">="]),
                      rng.choice(WEIGHTS))
    margin = rng.choice([1.0, 2.0, 5.0, 17.5, 100.0])
    if kind == 0:
        # contradictory chain: a0 >= A, a_{i+1} >= a_i + d_i, a_k <= A + sum(d) - margin
        k = rng.randint(2, 6)
        chain = [b.var("chain%d" % i) for i in range(k + 1)]
        A = float(rng.randint(-50, 50))
        b.add({chain[0]: 1.0}, -A, ">=", REQUIRED)
        total = 0.0
        for i in range(k):
            d = float(rng.choice([1, 2, 5, 10]))
            total += d
            b.add({chain[i + 1]: 1.0, chain[i]: -1.0}, -d, ">=", REQUIRED)
        b.add({chain[k]: 1.0}, -(A + total - margin), "<=", REQUIRED)
        b.add({chain[k]: 1.0}, -(A + total - margin), "==", 1000.0)
    elif kind == 1:
        # x >= a and x <= b with a > b, through several rows
        x, y, z = b.var("p"), b.var("q"), b.var("r")
        a = float(rng.randint(0, 100))
        b.add({x: 1.0, y: -1.0}, 0.0, "==", REQUIRED)     # p == q
        b.add({y: 2.0, z: -2.0}, 0.0, "==", REQUIRED)     # q == r
        b.add({x: 1.0}, -a, ">=", REQUIRED)               # p >= a
        b.add({z: 0.5}, -0.5 * (a - margin), "<=", REQUIRED)  # r <= a - margin
        b.add({x: 1.0}, -a, "==", 10.0)
    elif kind == 2:
        # required constant-only row
        op, cst = rng.choice([("==", 5.0), (">=", -3.0), ("<=", 2.0), ("==", -1.0)])
        b.add({}, cst, op, REQUIRED)
    elif kind == 3:
        # contradictory equalities
        x, y = b.var("eq.x"), b.var("eq.y")
        s = float(rng.randint(10, 100))
        d = float(rng.randint(-10, 10))
        yv = float(rng.randint(0, 20))
        b.add({x: 1.0, y: 1.0}, -s, "==", REQUIRED)
        b.add({x: 1.0, y: -1.0}, -d, "==", REQUIRED)
        # consistent y would be (s-d)/2; require something off by >= margin*... in y
        b.add({y: 1.0}, -((s - d) / 2.0 + margin), "==", REQUIRED)
        b.add({x: 1.0}, -yv, "==", 1.0)
    elif kind == 4 and root is not None and len(boxes) > 1:
        # a child that must be wider than its container allows
        kid = boxes[1]
        b.add(kid.W(), -(float(rng.choice([2000, 1500, 3000]))), ">=", REQUIRED)
    else:
        # sum of minimum sizes exceeds the available room
        n = rng.randint(2, 5)
        parts = [b.var("seg%d" % i) for i in range(n)]
        total = float(rng.choice([100, 200, 300]))
        b.add({p: 1.0 for p in parts}, -total, "<=", REQUIRED)
        mins = [total / n + margin for _ in range(n)]
        for p, mn in zip(parts, mins):
            b.add({p: 1.0}, -mn, ">=", REQUIRED)
            b.add({p: 1.0}, -mn * 2, "==", rng.choice([1.0, 250.0]))
    return b.build(rng, shuffle=True), "unsatisfiable"


# ---------------------------------------------------------------------------
# Family: large
# ---------------------------------------------------------------------------

def gen_large(rng: random.Random, index: int) -> tuple[dict, str]:
    b = Builder()
    target_vars = [1200, 3000, 2000, 1100, 2600, 1600][index % 6]
    style = ["lrtb", "lw", None][index % 3]
    W = float(rng.choice([1920, 2560, 4096]))
    H = float(rng.choice([1080, 1440, 2160]))
    root = Box(b, "root", "lw")
    b.add(root.L(), 0.0, "==", REQUIRED)
    b.add(root.T(), 0.0, "==", REQUIRED)
    b.add(root.W(), -W, "==", REQUIRED)
    b.add(root.H(), -H, "==", REQUIRED)
    # 4 variables per box: the root, one box per row, and the cells
    nrows = max(2, int(round(math.sqrt((target_vars - 4) / 4.0 / 2.0))))
    ncols = max(2, (target_vars - 4) // 4 // nrows - 1)
    if index % 2 == 0:
        lengths = [ncols] * nrows
    else:
        # rows of varying length, same total number of cells
        lengths = [rng.randint(max(2, 2 * ncols // 3), 4 * ncols // 3) for _ in range(nrows)]
        while sum(lengths) > ncols * nrows:
            k = rng.randrange(nrows)
            if lengths[k] > 2:
                lengths[k] -= 1
        while sum(lengths) < ncols * nrows:
            lengths[rng.randrange(nrows)] += 1
    gap = rng.choice([0.0, 1.0, 2.0])
    rowh = (H - gap * (nrows - 1)) / nrows
    prev_row = None
    weights = LAYOUT_WEIGHTS + [1.0, 10.0]
    for r in range(nrows):
        row = Box(b, "row%d" % r, style or rng.choice(["lrtb", "lw"]))
        b.add(lin((1, row.L()), (-1, root.L())), 0.0, "==", REQUIRED)
        b.add(lin((1, row.R()), (-1, root.R())), 0.0, "==", REQUIRED)
        if prev_row is None:
            b.add(lin((1, row.T()), (-1, root.T())), 0.0, "==", REQUIRED)
        else:
            b.add(lin((1, row.T()), (-1, prev_row.B())), -gap, ">=", REQUIRED)
            b.add(lin((1, row.T()), (-1, prev_row.B())), -gap, "==", rng.choice(weights))
        b.add(row.H(), -1.0, ">=", REQUIRED)
        b.add(row.H(), -float(int(rowh * rng.uniform(0.6, 1.3))), "==", rng.choice(weights))
        if r == nrows - 1:
            b.add(lin((1, row.B()), (-1, root.B())), 0.0, "<=", REQUIRED)
        prev_cell = None
        this_cols = lengths[r]
        cw = (W - gap * (this_cols - 1)) / this_cols
        for c in range(this_cols):
            cell = Box(b, "r%dc%d" % (r, c), style or rng.choice(["lrtb", "lw"]))
            # vertical containment in the row
            b.add(lin((1, cell.T()), (-1, row.T())), 0.0, ">=", REQUIRED)
            b.add(lin((1, cell.B()), (-1, row.B())), 0.0, "<=", REQUIRED)
            rr = rng.random()
            if rr < 0.4:
                b.add(lin((1, cell.T()), (-1, row.T())), 0.0, "==", rng.choice(weights))
            elif rr < 0.7:
                e = lin((0.5, cell.T()), (0.5, cell.B()), (-0.5, row.T()), (-0.5, row.B()))
                b.add(e, 0.0, "==", rng.choice(weights))
            else:
                b.add(lin((1, cell.B()), (-1, row.B())), 0.0, "==", rng.choice(weights))
            # horizontal chain
            if prev_cell is None:
                b.add(lin((1, cell.L()), (-1, row.L())), 0.0, ">=", REQUIRED)
                b.add(lin((1, cell.L()), (-1, row.L())), 0.0, "==", rng.choice(weights))
            else:
                b.add(lin((1, cell.L()), (-1, prev_cell.R())), -gap, ">=", REQUIRED)
                b.add(lin((1, cell.L()), (-1, prev_cell.R())), -(gap + rng.choice([0.0, 1.0, 2.0])),
                      "==", rng.choice(weights))
            if c == this_cols - 1:
                b.add(lin((1, cell.R()), (-1, row.R())), 0.0, "<=", REQUIRED)
            b.add(cell.W(), 0.0, ">=", REQUIRED)
            b.add(cell.H(), 0.0, ">=", REQUIRED)
            iw = float(max(1, int(cw * rng.uniform(0.5, 1.6))))
            ih = float(max(1, int(rowh * rng.uniform(0.3, 1.2))))
            k = rng.random()
            if k < 0.5:
                b.add(cell.W(), -iw, "<=", 250.0)
                b.add(cell.W(), -iw, ">=", 750.0)
            else:
                b.add(cell.W(), -iw, "==", rng.choice(weights))
            if rng.random() < 0.5:
                b.add(cell.H(), -ih, "<=", 250.0)
                b.add(cell.H(), -ih, ">=", 750.0)
            else:
                b.add(cell.H(), -ih, "==", rng.choice(weights))
            if rng.random() < 0.1:
                b.add(lin((1, cell.W()), (-rng.choice([1.0, 1.5, 2.0]), cell.H())), 0.0, "==",
                      rng.choice(weights))
            if prev_cell is not None and rng.random() < 0.15:
                b.add(lin((1, cell.W()), (-1, prev_cell.W())), 0.0, "==", rng.choice(weights))
            prev_cell = cell
        prev_row = row
    return b.build(), "optimal"


GENERATORS = {
    "random": gen_random,
    "layout": gen_layout,
    "edit": gen_edit,
    "degenerate": gen_degenerate,
    "unsat": gen_unsat,
    "large": gen_large,
}


# ---------------------------------------------------------------------------
# Semantics shared by the kiwi run and the LP cross-check
# ---------------------------------------------------------------------------

def all_variables(case: dict) -> list[str]:
    seen = set()
    out = []
    for v in case.get("variables", []):
        if v not in seen:
            seen.add(v)
            out.append(v)
    for c in case["constraints"]:
        for v in c["terms"]:
            if v not in seen:
                seen.add(v)
                out.append(v)
    for e in case.get("edits", []):
        if e["variable"] not in seen:
            seen.add(e["variable"])
            out.append(e["variable"])
    return out


def used_variables(case: dict) -> set[str]:
    """Variables some constraint names with a non-zero coefficient, or an edit names.
    (A variable that only ever appears with coefficient 0 / -0.0 is free.)"""
    used = set()
    for c in case["constraints"]:
        used.update(v for v, coef in c["terms"].items() if coef != 0.0)
    for e in case.get("edits", []):
        used.add(e["variable"])
    return used


def step_list(case: dict) -> list[dict]:
    """The suggestion state of each solve: a dict var -> suggested value (0 before any)."""
    edits = case.get("edits", [])
    cur = {e["variable"]: 0.0 for e in edits}
    steps = case.get("steps") or []
    if not steps:
        return [dict(cur)]
    out = []
    for st in steps:
        for v, s in st["suggest"].items():
            cur[v] = float(s)
        out.append(dict(cur))
    return out


def violation(op: str, e: float) -> float:
    if op == "==":
        return abs(e)
    if op == ">=":
        return max(0.0, -e)
    return max(0.0, e)


def spec_objective(case: dict, values: dict, suggest: dict) -> float:
    total = 0.0
    for c in case["constraints"]:
        if c["strength"] == REQUIRED:
            continue
        e = sum(coef * values[v] for v, coef in c["terms"].items()) + c["constant"]
        total += c["strength"] * violation(c["op"], e)
    for ed in case.get("edits", []):
        total += ed["strength"] * abs(values[ed["variable"]] - suggest[ed["variable"]])
    return total


def required_violations(case: dict, values: dict, rtol: float) -> list[tuple[str, float, float]]:
    bad = []
    for c in case["constraints"]:
        if c["strength"] != REQUIRED:
            continue
        prods = [coef * values[v] for v, coef in c["terms"].items()]
        e = sum(prods) + c["constant"]
        scale = max(1.0, abs(c["constant"]), sum(abs(p) for p in prods))
        viol = violation(c["op"], e)
        if viol > rtol * scale:
            bad.append((c["id"], viol, scale))
    return bad


# ---------------------------------------------------------------------------
# kiwi, in a child process
# ---------------------------------------------------------------------------

def kiwi_child_main() -> None:
    import kiwisolver as kiwi
    case = json.load(sys.stdin)
    names = all_variables(case)
    kv = {v: kiwi.Variable(v) for v in names}
    solver = kiwi.Solver()
    try:
        for c in case["constraints"]:
            expr = kiwi.Expression([kiwi.Term(kv[v], float(coef)) for v, coef in c["terms"].items()],
                                   float(c["constant"]))
            st = kiwi.strength.required if c["strength"] == REQUIRED else float(c["strength"])
            solver.addConstraint(kiwi.Constraint(expr, c["op"], st))
    except kiwi.UnsatisfiableConstraint:
        json.dump({"status": "unsatisfiable"}, sys.stdout)
        return
    for ed in case.get("edits", []):
        solver.addEditVariable(kv[ed["variable"]], float(ed["strength"]))
    steps = case.get("steps") or []
    solves = []
    if not steps:
        solver.updateVariables()
        solves.append({v: kv[v].value() for v in names})
    else:
        for st in steps:
            for v, s in st["suggest"].items():
                solver.suggestValue(kv[v], float(s))
            solver.updateVariables()
            solves.append({v: kv[v].value() for v in names})
    json.dump({"status": "optimal", "solves": solves}, sys.stdout)


_SETARCH = None


def _setarch_prefix() -> list[str]:
    """Disable address-space randomisation for the kiwi child when possible:
    kiwi picks among optima by heap-address order, so this makes its
    non-unique values reproducible from run to run on one machine."""
    global _SETARCH
    if _SETARCH is None:
        _SETARCH = []
        exe = shutil.which("setarch")
        if exe:
            try:
                r = subprocess.run([exe, platform.machine(), "-R", "true"], capture_output=True, timeout=10)
                if r.returncode == 0:
                    _SETARCH = [exe, platform.machine(), "-R"]
            except (OSError, subprocess.SubprocessError):
                pass
    return _SETARCH


KIWI_ENV_KEEP = ("PATH", "HOME", "PYTHONPATH", "PYTHONUSERBASE", "PYTHONNOUSERSITE",
                 "VIRTUAL_ENV", "LD_LIBRARY_PATH")


def run_kiwi(case: dict, timeout: float) -> dict:
    cmd = _setarch_prefix() + [sys.executable, os.path.abspath(__file__), "--kiwi-child"]
    # A small fixed environment: the child's heap layout (and so kiwi's choice among
    # optima, and even which wrong answer it gives on a bad case) depends on it.
    env = {k: os.environ[k] for k in KIWI_ENV_KEEP if k in os.environ}
    env["PYTHONHASHSEED"] = "0"
    try:
        r = subprocess.run(cmd, input=json.dumps(case), capture_output=True, text=True,
                           timeout=timeout, env=env, cwd=HERE)
    except subprocess.TimeoutExpired:
        return {"status": "crash", "why": "timeout after %.0fs" % timeout}
    if r.returncode != 0:
        tail = (r.stderr or "").strip().splitlines()[-1:] or ["?"]
        return {"status": "crash", "why": "exit %d: %s" % (r.returncode, tail[0][:200])}
    try:
        return json.loads(r.stdout)
    except ValueError:
        return {"status": "crash", "why": "unparseable child output"}


# ---------------------------------------------------------------------------
# The LP (HiGHS through scipy)
# ---------------------------------------------------------------------------

class LP:
    """min sum w*err  s.t. required rows, soft rows with error columns.

    Columns 0..n-1 are the case's variables (free); then error columns (>= 0)."""

    def __init__(self, case: dict, suggest: dict):
        import numpy as np
        self.names = all_variables(case)
        self.index = {v: i for i, v in enumerate(self.names)}
        n = len(self.names)
        cost = [0.0] * n
        ub_rows, ub_rhs, eq_rows, eq_rhs = [], [], [], []
        self.trivially_infeasible = False

        def newcol(w):
            cost.append(w)
            return len(cost) - 1

        def row(terms, sign=1.0):
            return [(self.index[v], sign * coef) for v, coef in terms.items() if coef != 0.0]

        for c in case["constraints"]:
            terms, k, op, st = c["terms"], c["constant"], c["op"], c["strength"]
            a = row(terms)
            if st == REQUIRED:
                if not a:
                    if violation(op, k) > 0.0:
                        self.trivially_infeasible = True
                    continue
                if op == "==":
                    eq_rows.append(a)
                    eq_rhs.append(-k)
                elif op == "<=":
                    ub_rows.append(a)
                    ub_rhs.append(-k)
                else:
                    ub_rows.append([(j, -x) for j, x in a])
                    ub_rhs.append(k)
            else:
                w = float(st)
                if op == "==":       # a.x + k = ep - en
                    ep, en = newcol(w), newcol(w)
                    eq_rows.append(a + [(ep, -1.0), (en, 1.0)])
                    eq_rhs.append(-k)
                elif op == "<=":     # a.x + k <= ep
                    ep = newcol(w)
                    ub_rows.append(a + [(ep, -1.0)])
                    ub_rhs.append(-k)
                else:                # a.x + k >= -en
                    en = newcol(w)
                    ub_rows.append([(j, -x) for j, x in a] + [(en, -1.0)])
                    ub_rhs.append(k)
        for ed in case.get("edits", []):
            w = float(ed["strength"])
            ep, en = newcol(w), newcol(w)
            eq_rows.append([(self.index[ed["variable"]], 1.0), (ep, -1.0), (en, 1.0)])
            eq_rhs.append(float(suggest[ed["variable"]]))
        self.n = n
        self.ncols = len(cost)
        self.cost = np.array(cost, dtype=float)
        self.ub_rows, self.ub_rhs = ub_rows, ub_rhs
        self.eq_rows, self.eq_rhs = eq_rows, eq_rhs
        self.bounds = [(None, None)] * n + [(0.0, None)] * (self.ncols - n)

    @staticmethod
    def _matrix(rows, ncols):
        import numpy as np
        import scipy.sparse as sp
        if not rows:
            return None
        data, ri, ci = [], [], []
        for r, entries in enumerate(rows):
            for j, x in entries:
                ri.append(r)
                ci.append(j)
                data.append(x)
        return sp.csr_matrix((np.array(data, dtype=float), (ri, ci)), shape=(len(rows), ncols))

    def matrices(self, extra_ub=None):
        ub_rows, ub_rhs = self.ub_rows, self.ub_rhs
        if extra_ub is not None:
            ub_rows = ub_rows + [extra_ub[0]]
            ub_rhs = ub_rhs + [extra_ub[1]]
        A_ub = self._matrix(ub_rows, self.ncols)
        A_eq = self._matrix(self.eq_rows, self.ncols)
        return A_ub, (ub_rhs if A_ub is not None else None), A_eq, (self.eq_rhs if A_eq is not None else None)


HIGHS_OPTIONS = {"primal_feasibility_tolerance": 1e-9, "dual_feasibility_tolerance": 1e-9,
                 "presolve": True}


def linprog(c, A_ub, b_ub, A_eq, b_eq, bounds, presolve=True):
    from scipy.optimize import linprog as _lp
    return _lp(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds,
               method="highs", options=dict(HIGHS_OPTIONS, presolve=presolve))


def solve_lp(lp: LP):
    """Returns ('optimal', obj, x) / ('infeasible', None, None) / ('error', msg, None)."""
    if lp.trivially_infeasible:
        return "infeasible", None, None
    A_ub, b_ub, A_eq, b_eq = lp.matrices()
    res = linprog(lp.cost, A_ub, b_ub, A_eq, b_eq, lp.bounds)
    if res.status in (2, 4):
        # confirm an infeasible (or troubled) answer without presolve
        res = linprog(lp.cost, A_ub, b_ub, A_eq, b_eq, lp.bounds, presolve=False)
    if res.status == 0:
        return "optimal", float(res.fun), res.x
    if res.status == 2:
        return "infeasible", None, None
    return "error", "linprog status %d: %s" % (res.status, res.message), None


class FaceSolver:
    """Optimise linear functions of the case variables over the near-optimal face
    {feasible, objective <= opt + t} with t = rtol*max(1,|opt|)."""

    def __init__(self, lp: LP, opt: float, rtol: float):
        import numpy as np
        self.lp = lp
        self.t = rtol * max(1.0, abs(opt))
        obj_row = [(j, float(lp.cost[j])) for j in range(lp.n, lp.ncols) if lp.cost[j] != 0.0]
        self.A_ub, self.b_ub, self.A_eq, self.b_eq = lp.matrices(extra_ub=(obj_row, opt + self.t))
        self.np = np
        self.nsolves = 0

    def solve(self, c_vars):
        """Minimise c_vars . x (c_vars: dense vector over the case variables).
        Returns ('optimal', x, value, d value/d t) or ('unbounded', ...) or ('error', msg, ...)."""
        np = self.np
        c = np.zeros(self.lp.ncols)
        c[: self.lp.n] = c_vars
        self.nsolves += 1
        res = linprog(c, self.A_ub, self.b_ub, self.A_eq, self.b_eq, self.lp.bounds)
        if res.status in (2, 4):
            # The face is never empty (it holds the optimum); HiGHS presolve can report
            # an unbounded problem as infeasible: solve again without presolve.
            res = linprog(c, self.A_ub, self.b_ub, self.A_eq, self.b_eq, self.lp.bounds, presolve=False)
        if res.status == 0:
            return "optimal", res.x[: self.lp.n], float(res.fun), float(res.ineqlin.marginals[-1])
        if res.status == 3:
            return "unbounded", None, None, None
        return "error", "face LP status %d: %s" % (res.status, res.message), None, None


class WarmFaceSolver(FaceSolver):
    """Same as FaceSolver, but keeps one HiGHS instance (scipy's bundled HiGHS
    bindings, a private module) and only changes the objective between solves, so
    each solve warm-starts from the previous optimal basis. This keeps the large
    cases (thousands of min/max LPs) fast. A warm-started answer is only used after
    checking it independently (primal feasibility, dual feasibility, zero duality
    gap, all recomputed here from the returned vectors); otherwise the LP is
    solved again from scratch with linprog."""

    def __init__(self, lp: LP, opt: float, rtol: float):
        import numpy as np
        from scipy.optimize._highspy import _core as hc
        self.hc = hc
        self.np = np
        self.lp = lp
        self.opt = opt
        self.t = rtol * max(1.0, abs(opt))
        self.rtol = rtol
        self.nsolves = 0
        self.nfallback = 0
        self._cold = None
        obj_row = [(j, float(lp.cost[j])) for j in range(lp.n, lp.ncols) if lp.cost[j] != 0.0]
        rows = lp.ub_rows + lp.eq_rows + [obj_row]
        inf = hc.kHighsInf
        self.rl = np.array([-np.inf] * len(lp.ub_rows) + list(lp.eq_rhs) + [-np.inf], dtype=float)
        self.ru = np.array(list(lp.ub_rhs) + list(lp.eq_rhs) + [opt + self.t], dtype=float)
        self.rscale = np.maximum(1.0, np.abs(np.where(np.isfinite(self.ru), self.ru, self.rl)))
        A = LP._matrix(rows, lp.ncols).tocsc()
        A.sort_indices()
        self.A = A.tocsr()
        self.AT = A.T.tocsr()
        self.cl = np.array([-np.inf] * lp.n + [0.0] * (lp.ncols - lp.n))
        self.free = np.arange(lp.ncols) < lp.n
        h = hc._Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("log_to_console", False)
        h.setOptionValue("primal_feasibility_tolerance", HIGHS_OPTIONS["primal_feasibility_tolerance"])
        h.setOptionValue("dual_feasibility_tolerance", HIGHS_OPTIONS["dual_feasibility_tolerance"])
        h.setOptionValue("threads", 1)
        h.setOptionValue("simplex_strategy", 4)        # primal simplex: the basis stays primal feasible
        h.setOptionValue("simplex_scale_strategy", 0)  # measured: fewer inaccurate warm answers
        m = hc.HighsLp()
        m.num_col_ = lp.ncols
        m.num_row_ = len(rows)
        m.a_matrix_.num_col_ = lp.ncols
        m.a_matrix_.num_row_ = len(rows)
        m.a_matrix_.format_ = hc.MatrixFormat.kColwise
        m.col_cost_ = np.zeros(lp.ncols)
        m.col_lower_ = np.where(np.isfinite(self.cl), self.cl, -inf)
        m.col_upper_ = np.array([inf] * lp.ncols)
        m.row_lower_ = np.where(np.isfinite(self.rl), self.rl, -inf)
        m.row_upper_ = self.ru.copy()
        m.a_matrix_.start_ = A.indptr.astype(np.int32)
        m.a_matrix_.index_ = A.indices.astype(np.int32)
        m.a_matrix_.value_ = A.data.astype(float)
        if h.passModel(m) == hc.HighsStatus.kError:
            raise RuntimeError("HiGHS refused the face model")
        self.h = h
        self.obj_row = len(rows) - 1
        self.cols = np.arange(lp.n, dtype=np.int32)

    def _verified(self, c_full):
        """Checks the current HiGHS solution; returns (x, value, obj-row dual) or None."""
        np = self.np
        sol = self.h.getSolution()
        x = np.asarray(sol.col_value, dtype=float)
        y = np.asarray(sol.row_dual, dtype=float)
        z = np.asarray(sol.col_dual, dtype=float)
        if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y)) and np.all(np.isfinite(z))):
            return None
        ax = self.A @ x
        with np.errstate(invalid="ignore"):
            viol = np.maximum(self.rl - ax, 0.0) + np.maximum(ax - self.ru, 0.0)
        if viol[-1] > 1e-4 * self.t or np.any(viol[:-1] > 1e-9 * self.rscale[:-1]):
            return None
        if np.any(x[~self.free] < -1e-9):
            return None
        # dual feasibility: c = A^T y + z, z = 0 on free columns, z >= 0 on x >= 0,
        # y >= 0 only on rows with a finite lower bound, y <= 0 only with a finite upper one
        if np.max(np.abs(c_full - self.AT @ y - z), initial=0.0) > 1e-9:
            return None
        if np.any(np.abs(z[self.free]) > 1e-9) or np.any(z[~self.free] < -1e-9):
            return None
        ypos = y > 1e-12
        yneg = y < -1e-12
        if np.any(ypos & ~np.isfinite(self.rl)) or np.any(yneg & ~np.isfinite(self.ru)):
            return None
        yb = np.where(ypos, self.rl, 0.0) + np.where(yneg, self.ru, 0.0)
        dual = float(y[ypos | yneg] @ yb[ypos | yneg])  # z_j * lower bound 0 adds nothing
        primal = float(c_full @ x)
        size = max(1.0, abs(primal), float(np.abs(y * yb)[ypos | yneg].sum(initial=0.0)))
        if abs(primal - dual) > 1e-10 * size:
            return None
        return x[: self.lp.n], primal, float(y[self.obj_row])

    def solve(self, c_vars):
        hc, np = self.hc, self.np
        self.nsolves += 1
        c_full = np.zeros(self.lp.ncols)
        c_full[: self.lp.n] = c_vars
        self.h.changeColsCost(self.lp.n, self.cols, np.asarray(c_vars, dtype=float))
        self.h.run()
        if self.h.getModelStatus() == hc.HighsModelStatus.kOptimal:
            got = self._verified(c_full)
            if got is not None:
                return ("optimal",) + got
        # not optimal, or not verified: solve from scratch with linprog, and
        # restart the warm solver from scratch next time
        self.nfallback += 1
        self.h.clearSolver()
        if self._cold is None:
            self._cold = FaceSolver(self.lp, self.opt, self.rtol)
        return self._cold.solve(c_vars)


def make_face(lp: LP, opt: float, rtol: float) -> FaceSolver:
    if USE_WARM:
        try:
            return WarmFaceSolver(lp, opt, rtol)
        except Exception:  # scipy without the bundled HiGHS bindings: plain linprog
            pass
    return FaceSolver(lp, opt, rtol)


USE_WARM = True  # set False to solve every face LP from scratch with linprog


ELIM_RTOL = 1e-12      # face used to find non-unique variables quickly
ELIM_FLOOR = 1e-3      # ... only when two points differ by more than 1e-3*max(1,|v|)


def unique_variables(lp: LP, opt: float, x_opt, candidates: list[int], kiwi_vals: list[float],
                     rng: random.Random):
    """Returns ((set of unique column indices, number of LPs), None) or (None, reason).

    A variable is unique when its range over the optimal face is <= UNIQUE_RTOL*max(1,|v|).
    The range is bounded from above without solving at t = 0: over the face with objective
    slack t, max x_i(t) is concave and min x_i(t) convex in t, so with the objective row's
    shadow prices at t1 (subgradients) the range at t = 0 is at most
        (max(t1) - min(t1)) - t1 * (|d max/dt| + |d min/dt|).
    Non-unique variables are screened out first, from points of a much tighter face
    (t = 1e-12 relative) obtained with random objective directions; that screen only
    ever marks variables non-unique (it can cost coverage, never correctness)."""
    np = __import__("numpy")
    n = lp.n
    nsolves = 0
    thr = np.array([UNIQUE_RTOL * max(1.0, abs(kiwi_vals[i])) for i in range(n)])
    elim_thr = np.array([max(thr[i], ELIM_FLOOR * max(1.0, abs(kiwi_vals[i]))) for i in range(n)])
    remaining = list(candidates)

    # 1. screen with random directions over the tight face
    face_e = make_face(lp, opt, ELIM_RTOL)
    lo = np.array(x_opt[:n], dtype=float)
    hi = lo.copy()
    rounds = 0
    while remaining and rounds < 12:
        rounds += 1
        c = np.zeros(n)
        for i in remaining:
            c[i] = rng.gauss(0.0, 1.0)
        failed = False
        for sign in (1.0, -1.0):
            st, x, _, _ = face_e.solve(sign * c)
            if st == "optimal":
                np.minimum(lo, x, out=lo)
                np.maximum(hi, x, out=hi)
            else:
                failed = True
        if failed:
            break
        keep = [i for i in remaining if hi[i] - lo[i] <= elim_thr[i]]
        removed = len(remaining) - len(keep)
        remaining = keep
        if removed == 0 and rounds >= 2:
            break
    nsolves += face_e.nsolves
    nfall = getattr(face_e, 'nfallback', 0)

    # 2. min / max of each remaining candidate over the face with slack t1
    face = make_face(lp, opt, FACE_RTOL)
    t1 = face.t
    unique = set()
    for i in remaining:
        c = np.zeros(n)
        c[i] = 1.0
        st1, x1, mn, dmn = face.solve(c)
        if st1 == "error":
            return None, x1
        if st1 == "unbounded":
            continue
        st2, x2, negmx, dmx = face.solve(-c)
        if st2 == "error":
            return None, x2
        if st2 == "unbounded":
            continue
        mx = -negmx
        rng_t1 = mx - mn
        rng_0 = rng_t1 - t1 * (abs(dmn) + abs(dmx))
        if min(rng_t1, rng_0) <= thr[i]:
            unique.add(i)
            low0 = mn + t1 * abs(dmn)  # lower bound of the value at t = 0
            if abs(kiwi_vals[i] - low0) > KIWI_UNIQUE_RTOL * max(1.0, abs(low0)):
                return None, "kiwi value %r of unique %s differs from HiGHS %r" % (
                    kiwi_vals[i], lp.names[i], low0)
    nsolves += face.nsolves
    nfall += getattr(face, 'nfallback', 0)
    return (unique, nsolves, nfall), None


# ---------------------------------------------------------------------------
# One case
# ---------------------------------------------------------------------------

def evaluate(case: dict, family: str, intended: str, rng: random.Random):
    """Returns (expected, info) when kept, or (None, (category, reason))."""
    names = all_variables(case)
    used = used_variables(case)
    states = step_list(case)
    # HiGHS first (status of the required set does not depend on the step)
    lps = [LP(case, s) for s in states]
    highs = [solve_lp(lp) for lp in lps]
    for st, obj, _ in highs:
        if st == "error":
            return None, ("highs-error", obj)
    hstatus = "unsatisfiable" if highs[0][0] == "infeasible" else "optimal"
    if any((h[0] == "infeasible") != (hstatus == "unsatisfiable") for h in highs):
        return None, ("highs-error", "status differs between steps")
    if hstatus != intended:
        return None, ("construction", "HiGHS says %s, family wants %s" % (hstatus, intended))
    kr = run_kiwi(case, KIWI_TIMEOUT.get(family, KIWI_TIMEOUT_DEFAULT))
    if kr["status"] == "crash":
        return None, ("kiwi-crash", kr["why"])
    if kr["status"] != hstatus:
        return None, ("status-mismatch", "kiwi %s, HiGHS %s" % (kr["status"], hstatus))
    if hstatus == "unsatisfiable":
        return {"status": "unsatisfiable"}, {"lps": 1, "fallbacks": 0}
    solves = []
    nlps = len(lps)
    nfallback = 0
    for si, (lp, (st, hobj, hx), kvals, sug) in enumerate(zip(lps, highs, kr["solves"], states)):
        kobj = spec_objective(case, kvals, sug)
        if abs(kobj - hobj) > OBJ_RTOL * max(1.0, abs(hobj)):
            return None, ("objective-mismatch", "step %d: kiwi %r, HiGHS %r" % (si, kobj, hobj))
        bad = required_violations(case, kvals, REQ_RTOL)
        if bad:
            return None, ("required-violated", "step %d: %s" % (si, bad[:3]))
        cand = [lp.index[v] for v in names if v in used]
        kv = [kvals[v] for v in lp.names]
        res, why = unique_variables(lp, hobj, hx, cand, kv, rng)
        if res is None:
            cat = "unique-mismatch" if why.startswith("kiwi value") else "face-lp-failed"
            return None, (cat, "step %d: %s" % (si, why))
        uniq, nface, nfall = res
        nlps += nface
        nfallback += nfall
        solves.append({
            "objective": kobj,
            "values": {v: kvals[v] for v in names},
            "unique": [v for v in names if lp.index[v] in uniq],
        })
    return {"status": "optimal", "solves": solves}, {"lps": nlps, "fallbacks": nfallback}


def make_case(seed: int, family: str, index: int):
    t0 = time.time()
    drops = []
    rejects = 0
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random("%d/%s/%d/%d" % (seed, family, index, attempt))
        case, intended = GENERATORS[family](rng, index)
        urng = random.Random("%d/%s/%d/%d/unique" % (seed, family, index, attempt))
        expected, info = evaluate(case, family, intended, urng)
        if expected is not None:
            return {"family": family, "index": index, "attempt": attempt, "case": case,
                    "expected": expected, "drops": drops, "rejects": rejects,
                    "lps": info["lps"], "fallbacks": info["fallbacks"], "seconds": time.time() - t0}
        cat, why = info
        if cat == "construction":
            rejects += 1
        else:
            drops.append((attempt, cat, why))
    raise RuntimeError("%s-%03d: no acceptable case in %d attempts" % (family, index, MAX_ATTEMPTS))


# ---------------------------------------------------------------------------
# Checking the lowering on reference samples
# ---------------------------------------------------------------------------

def check_samples(directory: str) -> int:
    failures = 0
    names = sorted(f[:-5] for f in os.listdir(directory)
                   if f.endswith(".json") and not f.endswith(".expected.json"))
    for nm in names:
        with open(os.path.join(directory, nm + ".json")) as f:
            case = json.load(f)
        with open(os.path.join(directory, nm + ".expected.json")) as f:
            exp = json.load(f)
        states = step_list(case)
        msgs = []
        for si, s in enumerate(states):
            st, obj, x = solve_lp(LP(case, s))
            if exp["status"] == "unsatisfiable":
                if st != "infeasible":
                    msgs.append("step %d: HiGHS %s, expected unsatisfiable" % (si, st))
                break
            if st != "optimal":
                msgs.append("step %d: HiGHS %s" % (si, st))
                continue
            eobj = exp["solves"][si]["objective"]
            # the expected objective recomputed from the expected values, too
            robj = spec_objective(case, exp["solves"][si]["values"], s)
            if abs(obj - eobj) > OBJ_RTOL * max(1.0, abs(eobj)):
                msgs.append("step %d: HiGHS %r vs expected %r" % (si, obj, eobj))
            if abs(robj - eobj) > OBJ_RTOL * max(1.0, abs(eobj)):
                msgs.append("step %d: spec objective of expected values %r vs %r" % (si, robj, eobj))
            # our uniqueness analysis against the sample's
            lp = LP(case, s)
            used = used_variables(case)
            vals = exp["solves"][si]["values"]
            cand = [lp.index[v] for v in lp.names if v in used]
            res, why = unique_variables(lp, obj, x, cand, [vals[v] for v in lp.names],
                                        random.Random("sample/%s/%d" % (nm, si)))
            if res is None:
                msgs.append("step %d: uniqueness: %s" % (si, why))
            else:
                ours = {lp.names[i] for i in res[0]}
                theirs = set(exp["solves"][si].get("unique", []))
                if ours != theirs:
                    msgs.append("step %d: unique differs: only ours %s, only theirs %s" % (
                        si, sorted(ours - theirs), sorted(theirs - ours)))
        print("%-20s %s" % (nm, "ok" if not msgs else "FAIL " + "; ".join(msgs)))
        failures += bool(msgs)
    print("%d samples, %d failures" % (len(names), failures))
    return failures


def verify_fixtures(directory: str) -> int:
    """Re-check generated fixtures: structure, objective recomputed from the
    expected values, required rows, and the HiGHS optimum of every solve."""
    failures = 0
    names = sorted(f[:-5] for f in os.listdir(directory)
                   if f.endswith(".json") and not f.endswith(".expected.json") and f != "MANIFEST.json")
    for nm in names:
        msgs = []
        try:
            with open(os.path.join(directory, nm + ".json")) as f:
                case = json.load(f)
            with open(os.path.join(directory, nm + ".expected.json")) as f:
                exp = json.load(f)
        except (OSError, ValueError) as e:
            print("%-20s FAIL %s" % (nm, e))
            failures += 1
            continue
        if case.get("format") != FORMAT:
            msgs.append("format")
        ids = [c["id"] for c in case["constraints"]]
        if len(set(ids)) != len(ids):
            msgs.append("duplicate ids")
        for c in case["constraints"]:
            if set(c) != {"id", "terms", "constant", "op", "strength"} or c["op"] not in ("==", "<=", ">="):
                msgs.append("bad constraint %s" % c.get("id"))
            # (weights up to 1e6; the wide family of generate_wide.py goes up to 1e7)
            if c["strength"] != REQUIRED and not (isinstance(c["strength"], float) and 0 < c["strength"] <= 1e7):
                msgs.append("bad strength %s" % c["id"])
        names_all = all_variables(case)
        states = step_list(case)
        if exp["status"] == "optimal":
            if len(exp["solves"]) != len(states):
                msgs.append("%d solves for %d states" % (len(exp["solves"]), len(states)))
            for si, (sv, st) in enumerate(zip(exp["solves"], states)):
                vals = sv["values"]
                if set(vals) != set(names_all) or not set(sv["unique"]) <= set(names_all):
                    msgs.append("step %d: values/unique name the wrong variables" % si)
                    continue
                if not all(math.isfinite(v) for v in vals.values()):
                    msgs.append("step %d: non-finite value" % si)
                if set(sv["unique"]) - used_variables(case):
                    msgs.append("step %d: an unused variable is marked unique" % si)
                obj = spec_objective(case, vals, st)
                if abs(obj - sv["objective"]) > 1e-9 * max(1.0, abs(obj)):
                    msgs.append("step %d: objective %r, recomputed %r" % (si, sv["objective"], obj))
                if required_violations(case, vals, REQ_RTOL):
                    msgs.append("step %d: required rows violated" % si)
                hs, hobj, _ = solve_lp(LP(case, st))
                if hs != "optimal" or abs(hobj - sv["objective"]) > OBJ_RTOL * max(1.0, abs(hobj)):
                    msgs.append("step %d: HiGHS %s %r" % (si, hs, hobj))
        elif exp != {"status": "unsatisfiable"}:
            msgs.append("bad expected status")
        else:
            hs, _, _ = solve_lp(LP(case, states[0]))
            if hs != "infeasible":
                msgs.append("HiGHS says %s" % hs)
        if msgs:
            print("%-20s FAIL %s" % (nm, "; ".join(msgs[:5])))
        failures += bool(msgs)
    print("%d fixtures verified, %d failures" % (len(names), failures))
    return failures


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def write_json(path: str, obj) -> None:
    with open(path, "w") as f:
        json.dump(obj, f, indent=1, allow_nan=False)
        f.write("\n")


def _worker(args):
    seed, family, index = args
    return make_case(seed, family, index)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--only", action="append", default=[],
                    help="generate only FAMILY or FAMILY-NNN (repeatable); no manifest")
    ap.add_argument("--check-samples", metavar="DIR",
                    help="check the HiGHS lowering against NAME.json/NAME.expected.json in DIR and exit")
    ap.add_argument("--verify", action="store_true",
                    help="re-check the fixtures already in --out and exit")
    ap.add_argument("--kiwi-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.kiwi_child:
        kiwi_child_main()
        return 0
    if args.check_samples:
        return 1 if check_samples(args.check_samples) else 0
    if args.verify:
        return 1 if verify_fixtures(args.out) else 0

    tasks = []
    for family, count in FAMILIES:
        for i in range(count):
            name = "%s-%03d" % (family, i)
            if args.only and family not in args.only and name not in args.only:
                continue
            tasks.append((args.seed, family, i))
    os.makedirs(args.out, exist_ok=True)
    full = not args.only
    if full:
        for f in os.listdir(args.out):
            if f.endswith(".json"):
                os.remove(os.path.join(args.out, f))
    t0 = time.time()
    results = []
    if args.jobs <= 1:
        for t in tasks:
            r = _worker(t)
            results.append(r)
            _report(r)
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as ex:
            futs = [ex.submit(_worker, t) for t in tasks]
            for fu in as_completed(futs):
                r = fu.result()
                results.append(r)
                _report(r)
    order = {f: k for k, (f, _) in enumerate(FAMILIES)}
    results.sort(key=lambda r: (order[r["family"]], r["index"]))
    for r in results:
        name = "%s-%03d" % (r["family"], r["index"])
        write_json(os.path.join(args.out, name + ".json"), r["case"])
        write_json(os.path.join(args.out, name + ".expected.json"), r["expected"])
    elapsed = time.time() - t0

    # summary
    print()
    print("| family | cases | dropped (kiwi/HiGHS disagreement) | rejected (construction) |")
    print("|---|---:|---:|---:|")
    summary = {}
    for family, _ in FAMILIES:
        rs = [r for r in results if r["family"] == family]
        if not rs:
            continue
        d = sum(len(r["drops"]) for r in rs)
        rj = sum(r["rejects"] for r in rs)
        cats = {}
        for r in rs:
            for _, cat, _ in r["drops"]:
                cats[cat] = cats.get(cat, 0) + 1
        summary[family] = {"cases": len(rs), "dropped": d, "dropped_by_reason": cats, "rejected": rj}
        print("| %s | %d | %d %s | %d |" % (family, len(rs), d, json.dumps(cats) if cats else "", rj))
    print("total %d cases in %.1fs" % (len(results), elapsed))

    if full:
        manifest = {
            "format": FORMAT,
            "generator": "Tests/Conformance/generate.py",
            "seed": args.seed,
            "kiwisolver": _version("kiwisolver"),
            "scipy": _version("scipy"),
            "families": summary,
            "cases": [],
        }
        for r in results:
            case = r["case"]
            manifest["cases"].append({
                "name": "%s-%03d" % (r["family"], r["index"]),
                "family": r["family"],
                "status": r["expected"]["status"],
                "variables": len(all_variables(case)),
                "constraints": len(case["constraints"]),
                "edits": len(case.get("edits", [])),
                "steps": len(case.get("steps") or []),
                "attempt": r["attempt"],
            })
        write_json(os.path.join(args.out, "MANIFEST.json"), manifest)
        if os.path.abspath(args.out) == os.path.abspath(DEFAULT_OUT):
            # The wide-weight family (HiGHS only, exact optimal face) lives beside these and
            # adds itself to the manifest; the full run above deleted it.
            import generate_wide
            generate_wide.main(["--seed", str(args.seed)])
    return 0


def _version(mod):
    try:
        from importlib.metadata import version
        return version(mod)
    except Exception:  # pragma: no cover
        return None


def _report(r):
    drops = "".join("\n    dropped attempt %d: %s: %s" % (a, c, w[:300]) for a, c, w in r["drops"])
    print("%s-%03d attempt %d, %d LPs (%d re-solved cold), %.1fs%s" % (
        r["family"], r["index"], r["attempt"], r["lps"], r["fallbacks"], r["seconds"], drops), flush=True)


if __name__ == "__main__":
    sys.exit(main())
