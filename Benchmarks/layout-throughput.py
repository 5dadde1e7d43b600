#!/usr/bin/env python3
"""Throughput of `trellis layout a.json b.json ... --jobs N` on one core and on two.

Writes K different layout documents (feeds of cells with an avatar, a title and a wrapped body
text, K sizes), then times, as whole processes, `taskset -c 0 trellis layout DOCS --jobs 1` and
`taskset -c 0,1 trellis layout DOCS --jobs 2`, alternating, several runs each, with text
measured by the built-in model (--text-model: layout alone) and by Pango. Prints the medians,
documents per second, the speed-up, and the load average before and after (the machine is
shared: a busy second core shows as a lower speed-up).

    swift build -c release --product trellis -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
    python3 Benchmarks/layout-throughput.py --trellis .build/release/trellis
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

WORDS = ("layout constraint solver view frame text wraps across lines when the screen is narrow "
         "and stays on one line when it is wide enough for all of it").split()


def document(index, cells):
    """A feed of `cells` cells, different for every index (widths, texts, spacing)."""
    views, constraints = [], []
    above = None
    for c in range(cells):
        cell = f"cell{c}"
        words = WORDS[(index + c) % 7:] + WORDS[: (index * 3 + c) % 11]
        views += [
            {"id": cell},
            {"id": f"{cell}.avatar", "parent": cell, "intrinsicSize": {"width": 40, "height": 40}},
            {"id": f"{cell}.title", "parent": cell, "text": " ".join(words[:3 + c % 4]), "font": "DejaVu Sans Bold 15"},
            {"id": f"{cell}.body", "parent": cell, "text": " ".join(words), "font": "DejaVu Sans 14", "lines": 0},
            {"id": f"{cell}.like", "parent": cell, "intrinsicSize": {"width": 48, "height": 28}},
        ]
        constraints += [
            f"{cell}~.leading.trailing == root~",
            f"{cell}~.top == {above}~.bottom" if above else f"{cell}~.top == root~.top",
            f"{cell}.avatar~.top.leading == {cell}~ + {8 + index % 5}",
            f"{cell}.title~.leading == {cell}.avatar~.trailing + 8",
            f"{cell}.title~.top == {cell}.avatar~",
            f"{cell}.title~.trailing <= {cell}~.trailing - 12",
            f"{cell}.body~.leading == {cell}.title~",
            f"{cell}.body~.top == {cell}.title~.bottom + 4",
            f"{cell}.body~.trailing == {cell}~.trailing - 12",
            f"{cell}.like~.leading == {cell}.body~",
            f"{cell}.like~.top == {cell}.body~.bottom + 8",
            f"{cell}~.bottom == {cell}.like~.bottom + 12",
        ]
        above = cell
    return {"format": "layout-document/1",
            "root": {"id": "root", "width": 320 + index % 9 * 40, "height": 800},
            "views": views, "constraints": constraints}


def run(command):
    start = time.perf_counter()
    completed = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if completed.returncode != 0:
        raise SystemExit(f"{' '.join(command[:4])} ...: exit {completed.returncode}: {completed.stderr.decode()[:300]}")
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trellis", default=".build/release/trellis")
    parser.add_argument("--documents", type=int, default=64, help="K documents (default 64)")
    parser.add_argument("--cells", type=int, default=20, help="cells per document, 5 views each (default 20)")
    parser.add_argument("--runs", type=int, default=5, help="runs per configuration (default 5)")
    args = parser.parse_args()

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as directory:
        files = []
        for index in range(args.documents):
            path = os.path.join(directory, f"doc{index}.json")
            with open(path, "w") as handle:
                json.dump(document(index, args.cells + index % 5), handle)
            files.append(path)
        rows = []
        for mode, extra in (("text model", ["--text-model"]), ("Pango", [])):
            one = ["taskset", "-c", "0", args.trellis, "layout", *files, *extra, "--jobs", "1"]
            two = ["taskset", "-c", "0,1", args.trellis, "layout", *files, *extra, "--jobs", "2"]
            # Outputs agree (the multi-document output does not depend on --jobs).
            a = subprocess.run(one, capture_output=True).stdout
            b = subprocess.run(two, capture_output=True).stdout
            if a != b:
                raise SystemExit(f"{mode}: --jobs 1 and --jobs 2 printed different output")
            times = {1: [], 2: []}
            for _ in range(args.runs):
                times[1].append(run(one))
                times[2].append(run(two))
            t1, t2 = statistics.median(times[1]), statistics.median(times[2])
            rows.append((mode, t1, t2))
    load_after = os.getloadavg()

    views = sum(5 * (args.cells + i % 5) + 1 for i in range(args.documents))
    print(f"{args.documents} documents, {views} views in all; median of {args.runs} runs (whole process)")
    print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    print()
    print("| text | 1 core, --jobs 1 | 2 cores, --jobs 2 | documents/s (1 → 2) | speed-up |")
    print("|---|---|---|---|---|")
    for mode, t1, t2 in rows:
        print(f"| {mode} | {t1 * 1000:.0f} ms | {t2 * 1000:.0f} ms | "
              f"{args.documents / t1:.0f} → {args.documents / t2:.0f} | {t1 / t2:.2f}× |")


if __name__ == "__main__":
    main()
