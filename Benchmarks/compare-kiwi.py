#!/usr/bin/env python3
"""Compare `trellis solve --timing` with kiwisolver (Cassowary) on the benchmark scenarios.

    python3 Benchmarks/compare-kiwi.py --trellis PATH_TO_trellis
        [--sizes 10,30,100,300,1000] [--kinds chain,grid,feed,nested,drag,sweep,determined,coupled]
        [--repeat 5] [--timeout 120] [--out Benchmarks/RESULTS.md] [--json raw.json]
        [--scenarios Benchmarks/scenarios] [--skip-kiwi]

Without --trellis only kiwi is measured. Run it on a quiet machine (or under `nice` on a busy one,
and then distrust ratios below ~2x). Python 3.11 + kiwisolver (PyPI).

What is measured, per scenario file (linear-system/1, see ../shared/spec/linear-system-1.md):

kiwi, in one child process per repetition (killed after --timeout seconds):
  * the JSON is parsed and kiwi's Variable/Expression/Constraint objects are built first (not timed;
    the object-building time is kept in the --json output as `objs_ms`);
  * cold = Solver() + addConstraint for every constraint (in file order) + addEditVariable for every
    edit + updateVariables(), with the garbage collector disabled;
  * each step = suggestValue for every suggested edit variable + updateVariables(), timed separately.
  The first repetition also evaluates the objective of every solve at kiwi's values (spec formula,
  outside the timed regions). Medians over the repetitions (per step index, then the median step).
  Memory = median peak RSS of those children (GNU time's %M, the child's own ru_maxrss) minus a
  baseline child that only imports kiwisolver and parses the same file.

trellis: `TRELLIS solve --timing --repeat W FILE`, --repeat processes (W = --warm, default 10); memory from up to 3 plain `TRELLIS solve FILE` processes (the warm repeats keep every repetition's answer). Each
process solves the file once more than W times, each time from scratch; `timing.warm_solve_ms` and
`timing.warm_steps_ms` (medians of the W warm solves, per step) are what the table compares with
kiwi's in-process times (warm against warm), and `timing.solve_ms`, the first solve of a fresh
process, is reported in a column of its own ("trellis first"). Medians over the processes as for
kiwi. Memory = median peak RSS of those processes minus the peak RSS of `TRELLIS solve --timing` on
a one-variable file.
The first run's answer is also checked: its `solves[k].objective` against kiwi's objective of the
same solve (relative difference > 1e-6 of max(1, |objective|) is a mismatch), and against the
objective recomputed from its own `values`, whose required constraints must hold (1e-6 relative to
the size of their terms).
"""

import argparse
import datetime
import gc
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = ["chain", "grid", "feed", "nested", "drag", "sweep", "determined", "coupled"]
REL_TOL = 1e-6


# ---------------------------------------------------------------------------------------------
# linear-system/1 helpers (shared by parent and child)


def load_system(path):
    with open(path) as f:
        d = json.load(f)
    names = list(d.get("variables") or [])
    seen = set(names)
    for c in d["constraints"]:
        for v in c["terms"]:
            if v not in seen:
                seen.add(v)
                names.append(v)
    return d, names


def n_solves(d):
    return max(1, len(d.get("steps") or []))


class Evaluator:
    """Objective (spec formula) and required-constraint residuals for a system, at given values."""

    def __init__(self, d):
        self.soft = []
        self.req = []
        for c in d["constraints"]:
            terms = list(c["terms"].items())
            row = (terms, float(c["constant"]), c["op"])
            if c["strength"] == "required":
                self.req.append(row + (c["id"],))
            else:
                self.soft.append(row + (float(c["strength"]),))
        self.edits = [(e["variable"], float(e["strength"])) for e in d.get("edits") or []]

    def objective(self, val, suggested):
        """val: callable or mapping variable -> value; suggested: edit variable -> last suggestion."""
        get = val if callable(val) else val.__getitem__
        total = 0.0
        for terms, const, op, w in self.soft:
            e = const
            for v, a in terms:
                e += a * get(v)
            if op == "==":
                total += w * abs(e)
            elif op == ">=":
                if e < 0:
                    total -= w * e
            elif e > 0:
                total += w * e
        for v, w in self.edits:
            total += w * abs(get(v) - suggested.get(v, 0.0))
        return total

    def worst_required(self, values):
        """(relative violation, constraint id) of the worst required constraint."""
        worst = (0.0, None)
        for terms, const, op, cid in self.req:
            e = const
            scale = abs(const)
            for v, a in terms:
                x = a * values[v]
                e += x
                scale += abs(x)
            viol = abs(e) if op == "==" else (max(0.0, -e) if op == ">=" else max(0.0, e))
            rel = viol / max(1.0, scale)
            if rel > worst[0]:
                worst = (rel, cid)
        return worst


# ---------------------------------------------------------------------------------------------
# kiwi child (runs in its own process: `compare-kiwi.py --child MODE FILE`)


def kiwi_child(mode, path):
    d, names = load_system(path)
    import kiwisolver as kiwi
    if mode == "base":
        print(json.dumps({"ok": True}))
        return
    t0 = time.perf_counter()
    var = {n: kiwi.Variable(n) for n in names}
    cons = []
    for c in d["constraints"]:
        expr = kiwi.Expression([kiwi.Term(var[v], float(a)) for v, a in c["terms"].items()],
                               float(c["constant"]))
        s = c["strength"]
        cons.append(kiwi.Constraint(expr, c["op"], s if s == "required" else float(s)))
    edits = [(var[e["variable"]], float(e["strength"])) for e in d.get("edits") or []]
    steps = [[(var[v], float(x), v) for v, x in st["suggest"].items()] for st in d.get("steps") or []]
    objs_ms = (time.perf_counter() - t0) * 1e3
    check = mode == "check"
    ev = Evaluator(d) if check else None
    value = lambda n: var[n].value()
    out = {"objs_ms": objs_ms, "steps_ms": [], "objectives": []}
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        solver = kiwi.Solver()
        for c in cons:
            solver.addConstraint(c)
        for v, w in edits:
            solver.addEditVariable(v, w)
        solver.updateVariables()
        out["cold_ms"] = (time.perf_counter() - t0) * 1e3
        suggested = {}
        if check and not steps:
            out["objectives"].append(ev.objective(value, suggested))
        for st in steps:
            t0 = time.perf_counter()
            for v, x, _ in st:
                solver.suggestValue(v, x)
            solver.updateVariables()
            out["steps_ms"].append((time.perf_counter() - t0) * 1e3)
            if check:
                for _, x, n in st:
                    suggested[n] = x
                out["objectives"].append(ev.objective(value, suggested))
    except Exception as e:  # kiwi's UnsatisfiableConstraint, InternalSolverError, ...
        out = {"error": "%s: %s" % (type(e).__name__, str(e).splitlines()[0][:200] if str(e) else "")}
    finally:
        gc.enable()
    print(json.dumps(out))


# ---------------------------------------------------------------------------------------------
# process running with a timeout and per-child peak RSS


class Run:
    def __init__(self, rc, out, err, maxrss_kb, timed_out, wall_s):
        self.rc, self.out, self.err = rc, out, err
        self.maxrss_kb, self.timed_out, self.wall_s = maxrss_kb, timed_out, wall_s

    def first_error_line(self):
        for line in self.err.decode(errors="replace").splitlines():
            if line.strip():
                return line.strip()[:200]
        if self.rc < 0 or (GNU_TIME and self.rc > 128):
            return "killed by signal %d" % (-self.rc if self.rc < 0 else self.rc - 128)
        return "exit code %d" % self.rc


def _gnu_time():
    """/usr/bin/time if it is GNU time (supports -f/-o), else None."""
    path = "/usr/bin/time"
    if not os.access(path, os.X_OK):
        return None
    try:
        with tempfile.NamedTemporaryFile() as f:
            r = subprocess.run([path, "-f", "%M", "-o", f.name, "true"], capture_output=True, timeout=10)
            return path if r.returncode == 0 and f.read().strip().isdigit() else None
    except (OSError, subprocess.SubprocessError):
        return None


GNU_TIME = _gnu_time()


def run_child(cmd, timeout):
    """Run cmd with a timeout; returns its output and its peak RSS.

    Linux carries a process's peak RSS over fork and execve, so a child forked from this (large)
    Python process would report at least our own peak. The child is therefore started through GNU
    time (a ~2 MB process), which reports the peak RSS of the command alone; without GNU time the
    child's own rusage from wait4 is used (an overestimate for small children)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as rssf:
        full = ([GNU_TIME, "-f", "%M", "-o", rssf.name] if GNU_TIME else []) + list(cmd)
        start = time.monotonic()
        try:
            p = subprocess.Popen(full, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                 start_new_session=True)
        except OSError as e:
            return Run(127, b"", str(e).encode(), 0, False, 0.0)
        deadline = start + timeout
        delay = 0.0005
        timed_out = False
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                timed_out = True
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                pid, status, ru = os.wait4(p.pid, 0)
                break
            time.sleep(delay)
            delay = min(delay * 2, 0.05)
        wall = time.monotonic() - start
        p.returncode = os.waitstatus_to_exitcode(status)
        maxrss = ru.ru_maxrss
        if GNU_TIME and not timed_out:
            lines = rssf.read().split()
            if lines and lines[-1].isdigit():
                maxrss = int(lines[-1])
        out.seek(0)
        err.seek(0)
        return Run(p.returncode, out.read(), err.read(), maxrss, timed_out, wall)


# ---------------------------------------------------------------------------------------------
# measuring


def median_steps(per_rep):
    """per_rep: list of per-step lists (one per repetition) -> per-step medians."""
    if not per_rep or not per_rep[0]:
        return []
    n = min(len(r) for r in per_rep)
    return [statistics.median(r[k] for r in per_rep) for k in range(n)]


def step_note(steps_ms):
    return (", median step %.4f ms" % statistics.median(steps_ms)) if steps_ms else ""


def measure_kiwi(path, repeat, timeout, log):
    res = {"status": "ok"}
    colds, steps, rss = [], [], []
    for rep in range(repeat):
        mode = "check" if rep == 0 else "time"
        r = run_child([sys.executable, os.path.abspath(__file__), "--child", mode, path], timeout)
        if r.timed_out:
            if rep == 0:
                return {"status": "timeout", "error": "timeout (%g s)" % timeout}
            log("  kiwi repetition %d timed out; using %d repetitions" % (rep + 1, rep))
            break
        try:
            o = json.loads(r.out.decode().strip().splitlines()[-1])
        except (ValueError, IndexError):
            return {"status": "error", "error": "kiwi child: " + r.first_error_line()}
        if "error" in o:
            return {"status": "error", "error": "kiwi: " + o["error"]}
        if rep == 0:
            res["objectives"] = o["objectives"]
            res["objs_ms"] = o["objs_ms"]
        colds.append(o["cold_ms"])
        steps.append(o["steps_ms"])
        rss.append(r.maxrss_kb)
        log("  kiwi rep %d: cold %.3f ms%s" % (rep + 1, o["cold_ms"], step_note(o["steps_ms"])))
    base = run_child([sys.executable, os.path.abspath(__file__), "--child", "base", path], timeout)
    res["reps"] = len(colds)
    res["cold_ms"] = statistics.median(colds)
    res["steps_ms"] = median_steps(steps)
    res["step_ms"] = statistics.median(res["steps_ms"]) if res["steps_ms"] else None
    res["rss_kb"] = statistics.median(rss)
    res["base_rss_kb"] = base.maxrss_kb if base.rc == 0 else None
    res["mem_mb"] = (res["rss_kb"] - base.maxrss_kb) / 1024 if base.rc == 0 else None
    return res


def trellis_baseline(trellis, timeout):
    """Peak RSS (kB) of `trellis solve --timing` on a one-variable system (median of 3)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "tiny.json")
        with open(path, "w") as f:
            json.dump({"format": "linear-system/1", "variables": ["x"], "constraints": [
                {"id": "c0", "terms": {"x": 1.0}, "constant": -1.0, "op": "==", "strength": "required"}]}, f)
        runs = [run_child([trellis, "solve", "--timing", path], timeout) for _ in range(3)]
    ok = [r.maxrss_kb for r in runs if r.rc == 0 and not r.timed_out]
    if not ok:
        return None, runs[0].first_error_line()
    return statistics.median(ok), None


def measure_trellis(trellis, path, repeat, timeout, base_kb, log, warm=10):
    res = {"status": "ok"}
    colds, firsts, steps, rss, walls = [], [], [], [], []
    for rep in range(repeat):
        r = run_child([trellis, "solve", "--timing", "--repeat", str(warm), path], timeout)
        if r.timed_out:
            if rep == 0:
                return {"status": "timeout", "error": "timeout (%g s)" % timeout}
            break
        if r.rc == 2:
            return {"status": "error", "error": "unsatisfiable (exit 2): " + r.out.decode(errors="replace").strip()[:200]}
        if r.rc != 0:
            return {"status": "error", "error": r.first_error_line()}
        try:
            ans = json.loads(r.out)
            timing = ans["timing"]
            first = float(timing["solve_ms"])
            cold = float(timing["warm_solve_ms"])
            st = [float(x) for x in timing.get("warm_steps_ms") or []]
        except (ValueError, KeyError, TypeError) as e:
            return {"status": "error", "error": "bad answer (%s: %s)" % (type(e).__name__, e)}
        if rep == 0:
            res["answer"] = ans
        colds.append(cold)
        firsts.append(first)
        steps.append(st)
        rss.append(r.maxrss_kb)
        walls.append(r.wall_s * 1e3)
        log("  trellis rep %d: warm cold %.3f ms, first %.3f ms%s (process %.0f ms)"
            % (rep + 1, cold, first, step_note(st), r.wall_s * 1e3))
    res["reps"] = len(colds)
    res["cold_ms"] = statistics.median(colds)
    res["first_ms"] = statistics.median(firsts)
    res["steps_ms"] = median_steps(steps)
    res["step_ms"] = statistics.median(res["steps_ms"]) if res["steps_ms"] else None
    # Memory from plain solves (no --repeat): the warm repeats keep every repetition's answer
    # (and the allocator's high-water mark), which is not what one solve costs.
    plain = [run_child([trellis, "solve", path], timeout) for _ in range(min(repeat, 3))]
    plain = [m.maxrss_kb for m in plain if not m.timed_out and m.rc == 0 and m.maxrss_kb is not None]
    res["rss_kb"] = statistics.median(plain) if plain else statistics.median(rss)
    res["wall_ms"] = statistics.median(walls)
    res["mem_mb"] = (res["rss_kb"] - base_kb) / 1024 if base_kb is not None else None
    return res


def check_answers(d, names, kiwi, trellis):
    """Objective agreement (trellis vs kiwi) and trellis self-consistency; returns (text, details)."""
    details = {}
    problems = []
    expect = n_solves(d)
    ans = trellis.get("answer") if trellis.get("status") == "ok" else None
    if ans is not None:
        if ans.get("status") != "optimal":
            return "trellis status %r" % ans.get("status"), details
        solves = ans.get("solves") or []
        if len(solves) != expect:
            return "trellis gave %d solves, expected %d" % (len(solves), expect), details
        ev = Evaluator(d)
        suggested = {}
        steps = d.get("steps") or []
        worst_obj, worst_req = 0.0, (0.0, None)
        for k, s in enumerate(solves):
            if steps:
                suggested.update({v: float(x) for v, x in steps[k]["suggest"].items()})
            values = s.get("values") or {}
            missing = [n for n in names if n not in values]
            if missing:
                problems.append("trellis solve %d lacks %d values (e.g. %s)" % (k, len(missing), missing[0]))
                break
            own = ev.objective(values, suggested)
            rep = float(s["objective"])
            worst_obj = max(worst_obj, abs(own - rep) / max(1.0, abs(own), abs(rep)))
            worst_req = max(worst_req, ev.worst_required(values), key=lambda t: t[0])
        details["trellis_objective_vs_values"] = worst_obj
        details["trellis_worst_required"] = worst_req
        if worst_obj > REL_TOL:
            problems.append("trellis objective != its values (rel %.1e)" % worst_obj)
        if worst_req[0] > REL_TOL:
            problems.append("trellis violates %s (rel %.1e)" % (worst_req[1], worst_req[0]))
    kobj = kiwi.get("objectives") if kiwi.get("status") == "ok" else None
    if ans is not None and kobj is not None:
        tobj = [float(s["objective"]) for s in ans["solves"]]
        if len(kobj) != len(tobj):
            problems.append("kiwi %d solves vs trellis %d" % (len(kobj), len(tobj)))
        else:
            rel = [abs(a - b) / max(1.0, abs(a), abs(b)) for a, b in zip(kobj, tobj)]
            bad = [k for k, x in enumerate(rel) if x > REL_TOL]
            details["objective_rel_diff_max"] = max(rel)
            if bad:
                k = max(range(len(rel)), key=rel.__getitem__)
                problems.append("MISMATCH %d/%d solves (worst solve %d: kiwi %.10g, trellis %.10g)"
                                % (len(bad), len(rel), k, kobj[k], tobj[k]))
            elif not problems:
                return "ok (max rel %.0e)" % max(rel), details
    elif ans is not None and not problems:
        return "trellis self-consistent (kiwi: %s)" % kiwi.get("error", "no objective"), details
    if problems:
        return "; ".join(problems), details
    return "—", details


# ---------------------------------------------------------------------------------------------
# report


def fmt(x, unit=""):
    if x is None:
        return "—"
    ax = abs(x)
    if ax >= 1000:
        s = "%.0f" % x
    elif ax >= 100:
        s = "%.1f" % x
    elif ax >= 10:
        s = "%.2f" % x
    elif ax >= 1:
        s = "%.3f" % x
    elif ax == 0:
        s = "0"
    else:
        s = "%.3g" % x
    return s + unit


def ratio(a, b, floor=0.0):
    if a is None or b is None or b <= floor or a < 0:
        return "—"
    r = a / b
    return ("%.3gx" % r) if r < 1000 else ("%.0fx" % r)


def machine_info():
    cpu = "unknown"
    cores = 0
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cores += 1
                    cpu = line.split(":", 1)[1].strip()
    except OSError:
        pass
    try:
        uname = subprocess.run(["uname", "-a"], capture_output=True, text=True).stdout.strip()
    except OSError:
        uname = " ".join(platform.uname())
    try:
        import kiwisolver
        kv = kiwisolver.__version__
    except ImportError:
        kv = "not installed"
    try:
        load = "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = "?"
    return {"date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "uname": uname, "cpu": "%s (%d logical CPUs)" % (cpu, cores), "kiwisolver": kv,
            "python": platform.python_version(), "load": load, "nice": os.nice(0)}


HEADER = ("| scenario | vars / cons | kiwi cold ms | trellis cold ms | cold ratio (trellis/kiwi) "
          "| trellis first ms (fresh process) "
          "| kiwi median step ms | trellis median step ms | step ratio | kiwi MB | trellis MB "
          "| mem ratio | objective check |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|")


def table_row(name, size, kiwi, trellis, check):
    def cold(r):
        return fmt(r.get("cold_ms")) if r.get("status") == "ok" else r.get("error", "not run")

    def step(r):
        return fmt(r.get("step_ms")) if r.get("status") == "ok" else "—"

    def mem(r):
        if r.get("status") != "ok" or r.get("mem_mb") is None:
            return "—"
        return fmt(r["mem_mb"]) if r["mem_mb"] >= 0.1 else "<0.1"

    k_ok, t_ok = kiwi.get("status") == "ok", trellis.get("status") == "ok"
    both = k_ok and t_ok
    cells = [name, size, cold(kiwi), cold(trellis),
             ratio(trellis.get("cold_ms"), kiwi.get("cold_ms")) if both else "—",
             fmt(trellis.get("first_ms")) if t_ok else "—",
             step(kiwi), step(trellis),
             ratio(trellis.get("step_ms"), kiwi.get("step_ms")) if both else "—",
             mem(kiwi), mem(trellis),
             ratio(trellis.get("mem_mb"), kiwi.get("mem_mb"), floor=0.1) if both else "—",
             check]
    return "| " + " | ".join(" ".join(c.split()).replace("|", "/") for c in cells) + " |"


def step_detail_row(r):
    cells = [r["scenario"]]
    for side in ("kiwi", "trellis"):
        st = r[side].get("steps_ms") if r[side].get("status") == "ok" else None
        cells += [fmt(st[0]), fmt(statistics.median(st)), fmt(max(st))] if st else ["—"] * 3
    return "| " + " | ".join(cells) + " |"


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "--child":
        kiwi_child(sys.argv[2], sys.argv[3])
        return
    ap = argparse.ArgumentParser(description="Compare trellis with kiwisolver on Benchmarks/scenarios.")
    ap.add_argument("--trellis", help="path to the trellis binary (omit to measure kiwi only)")
    ap.add_argument("--scenarios", default=os.path.join(HERE, "scenarios"))
    ap.add_argument("--sizes", default="10,30,100,300,1000", help="comma-separated N (5000 also exists)")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--warm", type=int, default=10,
                    help="warm solves per trellis process (trellis solve --timing --repeat WARM)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per child process")
    ap.add_argument("--skip-kiwi", action="store_true", help="measure trellis only")
    ap.add_argument("--out", help="write the Markdown report here")
    ap.add_argument("--json", help="write the raw measurements (JSON) here")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    if args.repeat < 1:
        ap.error("--repeat must be >= 1")
    trellis = None
    if args.trellis:
        trellis = shutil.which(args.trellis) if os.sep not in args.trellis else os.path.abspath(args.trellis)
        if not trellis or not os.access(trellis, os.X_OK):
            ap.error("--trellis %s: not an executable file" % args.trellis)
    log = (lambda s: None) if args.quiet else (lambda s: print(s, file=sys.stderr, flush=True))

    info = machine_info()
    files = []
    for kind in args.kinds.split(","):
        for n in args.sizes.split(","):
            p = os.path.join(args.scenarios, "%s-%s.json" % (kind.strip(), n.strip()))
            if os.path.exists(p):
                files.append(p)
            else:
                log("skipping %s (no such file)" % p)
    if not files:
        ap.error("no scenario files selected")

    base_kb, base_err = None, None
    if trellis:
        base_kb, base_err = trellis_baseline(trellis, args.timeout)
        if base_err:
            log("trellis baseline run failed: %s" % base_err)

    rows, raw = [], []
    print(HEADER, flush=True)
    for path in files:
        name = os.path.basename(path)[:-5]
        d, names = load_system(path)
        size = "%d / %d" % (len(names), len(d["constraints"]))
        if d.get("steps"):
            size += " / %d steps" % len(d["steps"])
        log("%s (%s)" % (name, size))
        if args.skip_kiwi:
            kiwi = {"status": "skipped", "error": "not run"}
        else:
            kiwi = measure_kiwi(path, args.repeat, args.timeout, log)
        if not trellis:
            tr = {"status": "skipped", "error": "not run"}
        elif base_err:
            tr = {"status": "error", "error": base_err}
        else:
            tr = measure_trellis(trellis, path, args.repeat, args.timeout, base_kb, log, warm=args.warm)
        check, details = check_answers(d, names, kiwi, tr)
        row = table_row(name, size, kiwi, tr, check)
        rows.append(row)
        print(row, flush=True)
        tr.pop("answer", None)
        raw.append({"scenario": name, "variables": len(names), "constraints": len(d["constraints"]),
                    "steps": len(d.get("steps") or []), "kiwi": kiwi, "trellis": tr,
                    "check": check, "check_details": details})
        del d

    if args.out:
        with open(args.out, "w") as f:
            f.write("# Trellis vs kiwi: benchmark results\n\n")
            f.write("Generated by `Benchmarks/compare-kiwi.py` on %s.\n\n" % info["date"])
            f.write("- Machine: `%s`\n- CPU: %s\n- Load average at start: %s (niceness %d)\n"
                    % (info["uname"], info["cpu"], info["load"], info["nice"]))
            f.write("- kiwisolver %s (Python %s)\n- trellis: `%s`\n"
                    % (info["kiwisolver"], info["python"], trellis or "not run"))
            f.write("- Repetitions: %d (medians), timeout %g s per process\n\n" % (args.repeat, args.timeout))
            f.write(HEADER + "\n" + "\n".join(rows) + "\n\n")
            step_rows = [step_detail_row(r) for r in raw if r["steps"]]
            if step_rows:
                f.write("Steps in detail (ms; per-step medians over the repetitions; the first step of "
                        "drag/sweep moves the splitter from kiwi's initial suggestion 0):\n\n"
                        "| scenario | kiwi first | kiwi median | kiwi max | trellis first | trellis median "
                        "| trellis max |\n|---|---|---|---|---|---|---|\n" + "\n".join(step_rows) + "\n\n")
            f.write(
                "Cold = building the solver, adding every constraint and edit variable, and the first solve "
                "(kiwi: Solver() + addConstraint + addEditVariable + updateVariables, Python objects built "
                "beforehand; trellis: its own `timing.solve_ms`); JSON parsing excluded on both sides. "
                "Step = one suggestion + re-solve, median over the scenario's steps (the first drag/sweep "
                "step jumps from the initial suggestion 0). Memory = peak RSS minus a baseline process "
                "(kiwi: Python + kiwisolver + the parsed file; trellis: a one-variable system). "
                "Objective check: trellis's objective of every solve against kiwi's (spec formula at kiwi's "
                "values) within %g relative, plus trellis's own values against its objective and its "
                "required constraints. Ratios < 1 mean trellis is faster / smaller.\n" % REL_TOL)
        log("wrote %s" % args.out)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": info, "repeat": args.repeat, "timeout": args.timeout,
                       "trellis": trellis, "results": raw}, f, indent=1)
        log("wrote %s" % args.json)


if __name__ == "__main__":
    main()
