#!/usr/bin/env python3
"""Wide-weight and priority-level fixtures for Trellis's diagnostics (see README.md).

Two families, both answered by HiGHS alone (``scipy.optimize.linprog(method="highs")``) on
the *exact* optimal face:

- ``wide`` (in ``fixtures/``, plain ``linear-system/1``): one level whose weights span
  1e-2…1e7, so objectives reach ~1e9 while some variables are held by 0.01 per unit;
- ``levels`` (in ``levels/``, a Trellis extension of the format: a strength may also be
  ``{"priority": P, "weight": W}``, Auto Layout's lexicographic levels with a weight inside
  the level; plain numbers are kiwi weights, the lowest level): several priority levels,
  each with weights spanning 1e-2…1e7.

The optimal face is fixed level by level, highest first, from the optimality certificate of
each level's HiGHS optimum (complementary slackness: with any optimal dual solution, a
feasible point is optimal exactly when every column with a non-zero reduced cost sits at its
bound and every inequality with a non-zero dual is active). Columns are fixed at their bound
(0 for an error column) and active inequalities become equalities at their right-hand side,
so the face is given by the case's own numbers, with no objective slack. A case is kept only
when every reduced cost and dual is clearly zero (at most 1e-8) or clearly not (above 1e-4;
the fixtures' weights and coefficients make genuine ones at least ~1e-3); otherwise it is
regenerated from the next sub-seed. Each variable is then minimised and maximised over the
final face: ``unique`` when the range is at most 1e-7·max(1, |value|), and ``ranges`` gives the
range of every other used variable (``null`` for an infinite end).

Usage (from the repository root):
    python3 Tests/Conformance/generate_wide.py [--seed N] [--verify]
It rewrites ``fixtures/wide-*.json`` (and their entries in ``fixtures/MANIFEST.json``) and
``levels/levels-*.json``; no other fixture is touched.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import generate as base  # noqa: E402  (the main generator: format helpers)

DEFAULT_SEED = base.DEFAULT_SEED
FIXTURES = os.path.join(HERE, "fixtures")
LEVELS = os.path.join(HERE, "levels")
FAMILIES = [("wide", 24), ("levels", 24)]
WIDE_WEIGHTS = [0.01, 0.1, 1.0, 10.0, 1e3, 1e5, 1e7]
PRIORITIES = [999.0, 750.0, 749.0, 500.0, 251.0, 250.0, 1.0]
CLEAR_ZERO = 1e-8       # a reduced cost or dual at most this is zero
CLEAR_NONZERO = 1e-4    # ... above this, non-zero; in between the case is regenerated
UNIQUE_RTOL = 1e-7
MAX_ATTEMPTS = 100
HIGHS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------

class Case:
    def __init__(self, levels: bool):
        self.levels = levels
        self.variables: list[str] = []
        self.constraints: list[dict] = []

    def var(self, name):
        if name not in self.variables:
            self.variables.append(name)
        return name

    def strength(self, rng):
        w = rng.choice(WIDE_WEIGHTS)
        if self.levels and rng.random() < 0.85:
            return {"priority": rng.choice(PRIORITIES), "weight": w}
        return w

    def add(self, terms, constant, op, strength):
        for v in terms:
            self.var(v)
        self.constraints.append({"id": "c%d" % len(self.constraints),
                                 "terms": {v: float(c) for v, c in terms.items()},
                                 "constant": float(constant), "op": op, "strength": strength})

    def build(self):
        return {"format": "linear-system/1", "variables": list(self.variables),
                "constraints": self.constraints}


def squeezed_row(case: Case, rng: random.Random, prefix: str):
    """A row of boxes in a container that is often too narrow: required order and insets,
    soft preferred sizes, compression resistance and hugging, preferred gaps."""
    k = rng.randint(2, 5)
    room = float(rng.randint(60, 120) * 5)
    inset = float(rng.choice([0, 4, 8, 16]))
    lefts = [case.var("%sl%d" % (prefix, i)) for i in range(k)]
    widths = [case.var("%sw%d" % (prefix, i)) for i in range(k)]
    case.add({lefts[0]: 1}, -inset, ">=", base.REQUIRED)
    case.add({lefts[0]: 1}, -inset, "==", case.strength(rng))
    for i in range(k):
        intrinsic = float(rng.randint(10, 60) * 5)
        case.add({widths[i]: 1}, 0, ">=", base.REQUIRED)
        case.add({widths[i]: 1}, -intrinsic, ">=", case.strength(rng))       # compression resistance
        case.add({widths[i]: 1}, -intrinsic, "<=", case.strength(rng))       # hugging
        if rng.random() < 0.4:
            case.add({widths[i]: 1}, -float(rng.randint(10, 80) * 5), "==", case.strength(rng))
        if i + 1 < k:
            gap = float(rng.choice([0, 2, 8]))
            case.add({lefts[i + 1]: 1, lefts[i]: -1, widths[i]: -1}, -gap, ">=", base.REQUIRED)
            case.add({lefts[i + 1]: 1, lefts[i]: -1, widths[i]: -1}, -gap - rng.choice([0, 4, 12]), "==",
                     case.strength(rng))
    case.add({lefts[-1]: -1, widths[-1]: -1}, room - inset, ">=", base.REQUIRED)
    if rng.random() < 0.5:   # equal widths, softly
        case.add({widths[0]: 1, widths[-1]: -1}, 0, "==", case.strength(rng))
    return lefts, widths


def reported_pattern(case: Case, rng: random.Random, prefix: str, tie: str | None):
    """The reported case: a weight of 1e7 broken by ~120 (objective ~1.2e9) and a variable
    held by 0.01 per unit against a required minimum; optionally tied to another variable."""
    y, x = case.var(prefix + "y"), case.var(prefix + "x")
    base_y = float(rng.randint(80, 160))
    case.add({y: 1}, -base_y, ">=", base.REQUIRED)
    case.add({y: 1}, 0, "==", {"priority": rng.choice(PRIORITIES), "weight": 1e7} if case.levels else 1e7)
    gap = float(rng.randint(1000, 1400)) + 0.01
    case.add({x: 1, y: -1}, -gap, ">=", base.REQUIRED)
    small = {"priority": rng.choice(PRIORITIES), "weight": 0.01} if case.levels else 0.01
    case.add({x: rng.choice([1.0, 0.5])}, 0, "<=", small)
    if tie is not None:
        case.add({x: 1, tie: -1}, -float(rng.randint(0, 50)), ">=", base.REQUIRED)
    # A variable the constraints leave free within a range: ambiguous, with a finite range.
    u = case.var(prefix + "u")
    case.add({u: 1}, 0, ">=", base.REQUIRED)
    case.add({u: 1, x: -1}, gap + base_y - float(rng.randint(3, 30)), "<=", base.REQUIRED)


def random_block(case: Case, rng: random.Random, prefix: str):
    """A small random system feasible around a hidden point, with wide soft weights."""
    n = rng.randint(3, 8)
    names = [case.var("%sx%d" % (prefix, i)) for i in range(n)]
    hidden = {v: rng.randint(-400, 400) / 2.0 for v in names}
    for _ in range(rng.randint(n, 2 * n)):
        vs = rng.sample(names, rng.randint(1, min(3, n)))
        terms = {v: rng.choice([1.0, -1.0, 0.5, -0.5, 2.0, -2.0]) for v in vs}
        at = sum(c * hidden[v] for v, c in terms.items())
        op = rng.choice([">=", "<=", ">=", "<=", "=="])
        slack = float(rng.randint(1, 40))
        if op == ">=":
            case.add(terms, -(at - slack), op, base.REQUIRED)
        elif op == "<=":
            case.add(terms, -(at + slack), op, base.REQUIRED)
        elif rng.random() < 0.3:
            case.add(terms, -at, op, base.REQUIRED)
    for _ in range(rng.randint(n // 2, 2 * n)):
        v = rng.choice(names)
        target = hidden[v] + rng.randint(-80, 80) / 4.0
        case.add({v: 1.0}, -target, rng.choice(["==", "==", ">=", "<="]), case.strength(rng))


def gen(family: str, rng: random.Random, index: int) -> dict:
    case = Case(levels=(family == "levels"))
    kind = index % 4
    if kind == 0:
        squeezed_row(case, rng, "a")
        reported_pattern(case, rng, "p", None)
    elif kind == 1:
        lefts, _ = squeezed_row(case, rng, "a")
        reported_pattern(case, rng, "p", lefts[-1])
    elif kind == 2:
        random_block(case, rng, "r")
        reported_pattern(case, rng, "p", None)
    else:
        squeezed_row(case, rng, "a")
        squeezed_row(case, rng, "b")
        random_block(case, rng, "r")
    return case.build()


# ---------------------------------------------------------------------------
# HiGHS on the exact optimal face, level by level
# ---------------------------------------------------------------------------

def level_of(strength) -> float:
    if isinstance(strength, dict):
        return float(strength["priority"])
    return 0.0


def weight_of(strength) -> float:
    return float(strength["weight"]) if isinstance(strength, dict) else float(strength)


class Lowered:
    """Rows `a.x (+/- errors) OP rhs`; variables free, error columns >= 0 with a level."""

    def __init__(self, case: dict):
        self.names = base.all_variables(case)
        index = {v: i for i, v in enumerate(self.names)}
        self.n = len(self.names)
        self.col_level: list[float | None] = [None] * self.n
        self.col_weight: list[float] = [0.0] * self.n
        self.rows: list[tuple[list, str, float]] = []   # (entries, "==" | "<=", rhs)

        def newcol(strength):
            self.col_level.append(level_of(strength))
            self.col_weight.append(weight_of(strength))
            return len(self.col_level) - 1

        for c in case["constraints"]:
            a = [(index[v], x) for v, x in c["terms"].items() if x != 0.0]
            k, op, st = c["constant"], c["op"], c["strength"]
            if st == base.REQUIRED:
                if op == "==":
                    self.rows.append((a, "==", -k))
                elif op == "<=":
                    self.rows.append((a, "<=", -k))
                else:
                    self.rows.append(([(j, -x) for j, x in a], "<=", k))
            elif op == "==":
                ep, en = newcol(st), newcol(st)
                self.rows.append((a + [(ep, -1.0), (en, 1.0)], "==", -k))
            elif op == "<=":
                ep = newcol(st)
                self.rows.append((a + [(ep, -1.0)], "<=", -k))
            else:
                en = newcol(st)
                self.rows.append(([(j, -x) for j, x in a] + [(en, -1.0)], "<=", k))
        self.ncols = len(self.col_level)
        self.levels = sorted({lv for lv in self.col_level if lv is not None}, reverse=True)


def solve_face(low: Lowered, cost, bounds, active):
    import numpy as np
    import scipy.sparse as sp
    from scipy.optimize import linprog
    ub = [(r, rhs) for i, (r, op, rhs) in enumerate(low.rows) if op == "<=" and i not in active]
    eq = [(r, rhs) for i, (r, op, rhs) in enumerate(low.rows) if op == "==" or i in active]

    def matrix(rows):
        if not rows:
            return None, None
        data, ri, ci = [], [], []
        for k, (entries, _) in enumerate(rows):
            for j, x in entries:
                ri.append(k)
                ci.append(j)
                data.append(x)
        return (sp.csr_matrix((np.array(data, dtype=float), (ri, ci)), shape=(len(rows), low.ncols)),
                [rhs for _, rhs in rows])
    A_ub, b_ub = matrix(ub)
    A_eq, b_eq = matrix(eq)
    res = linprog(np.array(cost, dtype=float), A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds,
                  method="highs", options=HIGHS)
    ub_index = [i for i, (_, op, _) in enumerate(low.rows) if op == "<=" and i not in active]
    return res, ub_index


def answer(case: dict):
    """(expected, None) or (None, reason)."""
    low = Lowered(case)
    bounds = [(None, None)] * low.n + [(0.0, None)] * (low.ncols - low.n)
    active: set[int] = set()
    objectives = {}
    res = None
    for level in low.levels or [None]:
        cost = [low.col_weight[j] if low.col_level[j] == level and level is not None else 0.0
                for j in range(low.ncols)]
        res, ub_index = solve_face(low, cost, bounds, active)
        if res.status != 0:
            return None, "level %s: HiGHS status %d (%s)" % (level, res.status, res.message)
        if level is None:
            break
        objectives[level] = float(res.fun)
        d = [lo + up for lo, up in zip(res.lower.marginals, res.upper.marginals)]
        for j in range(low.ncols):
            if bounds[j][0] is not None and bounds[j][0] == bounds[j][1]:
                continue
            if abs(d[j]) > CLEAR_NONZERO:
                if j < low.n or bounds[j][0] is None or abs(res.x[j] - bounds[j][0]) > 1e-9 * max(1.0, abs(res.x[j])):
                    return None, "column %d has reduced cost %r away from its bound" % (j, d[j])
                bounds[j] = (bounds[j][0], bounds[j][0])
            elif abs(d[j]) > CLEAR_ZERO:
                return None, "level %s: reduced cost %r neither clearly zero nor clearly not" % (level, d[j])
        for k, i in enumerate(ub_index):
            y = float(res.ineqlin.marginals[k])
            if abs(y) > CLEAR_NONZERO:
                active.add(i)
            elif abs(y) > CLEAR_ZERO:
                return None, "level %s: dual %r neither clearly zero nor clearly not" % (level, y)
    point = res.x
    used = base.used_variables(case)
    unique, ranges = [], {}
    for i, name in enumerate(low.names):
        if name not in used:
            continue
        ends = []
        for sign in (1.0, -1.0):
            cost = [0.0] * low.ncols
            cost[i] = sign
            r, _ = solve_face(low, cost, bounds, active)
            if r.status == 3:
                ends.append(None)
            elif r.status == 0:
                ends.append(sign * float(r.fun))
            else:
                return None, "ranging %s: HiGHS status %d (%s)" % (name, r.status, r.message)
        lo, hi = ends
        value = float(point[i])
        if lo is not None and hi is not None and hi - lo <= UNIQUE_RTOL * max(1.0, abs(value)):
            unique.append(name)
        else:
            ranges[name] = [lo, hi]
    values = {name: float(point[i]) for i, name in enumerate(low.names)}
    solve = {"values": values, "unique": unique, "ranges": ranges}
    if any(level_of(c["strength"]) != 0.0 for c in case["constraints"] if c["strength"] != base.REQUIRED):
        solve = {"objectives": {("%g" % lv): obj for lv, obj in objectives.items()}, **solve}
    else:
        solve = {"objective": objectives.get(0.0, 0.0), **solve}
    return {"status": "optimal", "solves": [solve]}, None


def make(seed: int, family: str, index: int):
    drops = []
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random("%d/%s/%d/%d" % (seed, family, index, attempt))
        case = gen(family, rng, index)
        expected, why = answer(case)
        if expected is not None:
            return case, expected, attempt, drops
        drops.append(why)
    raise RuntimeError("%s-%03d: no acceptable case in %d attempts" % (family, index, MAX_ATTEMPTS))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    os.makedirs(LEVELS, exist_ok=True)
    manifest_path = os.path.join(FIXTURES, "MANIFEST.json")
    with open(manifest_path) as f:
        manifest = json.load(f)
    for family, count in FAMILIES:
        out = FIXTURES if family == "wide" else LEVELS
        entries, dropped = [], 0
        for index in range(count):
            case, expected, attempt, drops = make(args.seed, family, index)
            name = "%s-%03d" % (family, index)
            base.write_json(os.path.join(out, name + ".json"), case)
            base.write_json(os.path.join(out, name + ".expected.json"), expected)
            dropped += len(drops)
            s = expected["solves"][0]
            print("%s attempt %d: %d variables, %d constraints, %d unique, %d ranged%s" % (
                name, attempt, len(case["variables"]), len(case["constraints"]), len(s["unique"]),
                len(s["ranges"]), "".join("\n    dropped: " + d for d in drops)), flush=True)
            entries.append({"name": name, "family": family, "status": "optimal",
                            "variables": len(case["variables"]), "constraints": len(case["constraints"]),
                            "edits": 0, "steps": 0, "attempt": attempt})
        if family == "wide":
            manifest["cases"] = [c for c in manifest["cases"] if c["family"] != "wide"] + entries
            manifest["families"]["wide"] = {"cases": count, "dropped": 0, "dropped_by_reason": {},
                                            "rejected": dropped,
                                            "reference": "HiGHS on the exact optimal face (generate_wide.py)"}
    base.write_json(manifest_path, manifest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
