#!/usr/bin/env python3
"""End-to-end test of `trellis layout --html` in a real browser (`make e2e`).

For a few layout documents, writes the page with `trellis layout DOC --html`, opens it in headless
Chromium at several root widths (the page applies a `#width=W` fragment when it loads, as if the
slider had been moved there), reads the drawn boxes back from the DOM (`chromium --dump-dom`) and
compares each with `trellis layout DOC --width W --json` (frameInRoot, to 1e-6; the root's margins and
safe-area guides included), at the chosen widths and just either side of every break between the page's
pieces (where text wraps or a layout set switches), and at a snapped document's widths (the
page rounds frames to the display scale as the layout does). Also checks that no label is drawn
over another label, that
every box is drawn where its data says, that the page needs nothing from the network, and takes two
screenshots of the demo into OUT/demo-390.png and OUT/demo-768.png.

Python 3 standard library only; Debian's `chromium` package (no npm, no network).
"""

import argparse
import html.parser
import json
import os
import shutil
import subprocess
import sys

TOLERANCE = 1e-6
MARGIN = 24.0  # HTMLPage.margin
CAPTION = 28.0  # the caption line above the drawing


class Boxes(html.parser.HTMLParser):
    """The `rect` elements with a `data-id`, and the status line's attributes."""

    def __init__(self):
        super().__init__()
        self.rects = []
        self.status = {}
        self.scripts_with_src = 0
        self.labels = []  # (x, y of the first baseline, right-aligned, lines, box id) per box label
        self.guides = []  # (x, y, width, height, id) of each guide's outline, on the page
        self._group_texts = None
        self._group_class = None
        self._group_id = None
        self._in_text = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "g" and "class" in attributes and "depth-" in attributes["class"]:
            self._group_texts = []
            self._group_class = attributes["class"]
        if tag == "text" and self._group_texts is not None:
            self._in_text = (float(attributes["x"]), float(attributes["y"]), attributes.get("text-anchor") == "end")
            self._group_texts.append([self._in_text, ""])
        if tag == "rect" and "data-id" in attributes:
            self.rects.append(attributes)
            self._group_id = attributes["data-id"]
            if self._group_texts is not None and self._group_class and "guide" in self._group_class.split():
                self.guides.append(tuple(float(attributes[k]) for k in ("x", "y", "width", "height")) + (attributes["data-id"],))
        if tag == "p" and attributes.get("id") == "status":
            self.status = attributes
        if tag == "script" and "src" in attributes:
            self.scripts_with_src += 1

    def handle_data(self, data):
        if self._in_text is not None and self._group_texts:
            self._group_texts[-1][1] += data

    def handle_endtag(self, tag):
        if tag == "text":
            self._in_text = None
        if tag == "g" and self._group_texts is not None:
            if self._group_texts:
                (x, y, end), _ = self._group_texts[0]
                self.labels.append((x, y, end, [text for _, text in self._group_texts], self._group_id))
            self._group_texts = None

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)


def check_labels(document, width, dom):
    """No two labels overlap: each label's lines, as the page places them (11 px bold first line,
    10 px second, 0.64 em per character as the page's own estimate), against every other's."""
    areas = []
    for label in dom.labels:
        x, y, end, lines, owner = label
        w = max(len(line) for line in lines) * 11 * 0.64 + 2
        h = 12 * len(lines) + 2
        left = x - w if end else x
        areas.append((left, y - 10, w, h, lines[0], owner))
    failures = 0
    for a in areas:
        # A label sits inside a guide or outside it, never across its outline (a stroke wide).
        for gx, gy, gw, gh, guide in dom.guides:
            if a[5] == guide:
                continue
            touches = a[0] < gx + gw + 0.5 and gx - 0.5 < a[0] + a[2] and a[1] < gy + gh + 0.5 and gy - 0.5 < a[1] + a[3]
            inside = a[0] >= gx + 0.5 and a[0] + a[2] <= gx + gw - 0.5 and a[1] >= gy + 0.5 and a[1] + a[3] <= gy + gh - 0.5
            if touches and not inside:
                print(f"  FAIL {document} at {width}: label {a[4]!r} crosses the outline of guide {guide!r}")
                failures += 1
    for i, a in enumerate(areas):
        for b in areas[i + 1:]:
            if a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]:
                print(f"  FAIL {document} at {width}: label {a[4]!r} overlaps label {b[4]!r}")
                failures += 1
    return failures


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode not in (0, 2):  # 2: unsatisfiable, still laid out
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr}")
    return result.stdout


def chromium_command(chromium):
    command = [chromium, "--headless", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
               "--disable-extensions", "--disable-background-networking", "--disable-sync"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox
    return command


def dom_at(chromium, page, width, profile, height=None):
    url = "file://" + os.path.abspath(page) + f"#width={width!r}" + (f"&height={height!r}" if height is not None else "")
    command = chromium_command(chromium) + [f"--user-data-dir={profile}", "--dump-dom", url]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if result.returncode != 0 or "<html" not in result.stdout:
        sys.exit(f"chromium failed on {url}:\n{result.stderr[-2000:]}")
    parser = Boxes()
    parser.feed(result.stdout)
    return parser


def check(trellis, chromium, document, page, widths, extra, profile, mode=None, height=None):
    """Compares the boxes the page draws at each width with `trellis layout --width W --json` at the
    width the page says it shows (the width itself where exact, the nearest sample where sampled)."""
    failures = 0
    for width in widths:
        dom = dom_at(chromium, page, width, profile, height)
        if height is not None and float(dom.status.get("data-height", "nan")) != height:
            print(f"  FAIL {document} at height {height}: the page shows height {dom.status.get('data-height')}")
            failures += 1
        if float(dom.status.get("data-width", "nan")) != width:
            print(f"  FAIL {document} at {width}: the page shows width {dom.status.get('data-width')}")
            failures += 1
            continue
        shown_at = float(dom.status.get("data-at", "nan"))
        if dom.status.get("data-mode") == "exact" and shown_at != width:
            print(f"  FAIL {document} at {width}: exact, but shows the layout at {shown_at}")
            failures += 1
        if mode is not None and dom.status.get("data-mode") != mode:
            print(f"  FAIL {document} at {width}: expected {mode}, the page says {dom.status.get('data-mode')}")
            failures += 1
        sized = ["--height", repr(height)] if height is not None else []
        laid_out = json.loads(run([trellis, "layout", document, "--json", "--width", repr(shown_at)] + sized + extra))
        expected = {}
        root = laid_out["items"][0]["id"] if laid_out["items"] else None
        for item in laid_out["items"] or []:
            name = item["id"]
            if item["kind"] == "guide" and (name.endswith(".layoutMarginsGuide") or name.endswith(".safeAreaLayoutGuide")) \
                    and name.rsplit(".", 1)[0] != root:
                continue  # only the root's system guides are drawn
            expected[name] = item["frameInRoot"]
        drawn = {rect["data-id"]: rect for rect in dom.rects}
        if set(drawn) != set(expected):
            print(f"  FAIL {document} at {width}: drawn {sorted(drawn)} but laid out {sorted(expected)}")
            failures += 1
        worst = 0.0
        for name, frame in expected.items():
            rect = drawn.get(name)
            if rect is None:
                continue
            shown = [float(rect[f"data-{key}"]) for key in ("x", "y", "width", "height")]
            wanted = [frame[key] for key in ("x", "y", "width", "height")]
            # Where the box is drawn: its data, offset by the margin and the caption.
            drawn_at = [float(rect["x"]) - MARGIN, float(rect["y"]) - MARGIN - CAPTION,
                        float(rect["width"]), float(rect["height"])]
            normalised = [min(shown[0], shown[0] + shown[2]), min(shown[1], shown[1] + shown[3]),
                          abs(shown[2]), abs(shown[3])]
            difference = max(abs(a - b) for a, b in zip(shown, wanted))
            placement = max(abs(a - b) for a, b in zip(drawn_at, normalised))
            worst = max(worst, difference)
            if difference > TOLERANCE or placement > TOLERANCE:
                print(f"  FAIL {document} at {width}: {name} on the page {shown} (drawn {drawn_at}), "
                      f"trellis layout --json {wanted}")
                failures += 1
        failures += check_labels(document, width, dom)
        print(f"  {os.path.basename(document)} at width {width}{'' if height is None else f', height {height}'}: {len(drawn)} boxes, {dom.status.get('data-mode')}"
              f"{'' if shown_at == width else f' (the layout at {shown_at!r})'}, "
              f"largest difference {worst:.2e}")
    return failures


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("--trellis", default=".build/debug/trellis")
    arguments.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    arguments.add_argument("--out", default=".build/e2e")
    options = arguments.parse_args()
    os.makedirs(options.out, exist_ok=True)
    profile = os.path.abspath(os.path.join(options.out, "chromium-profile"))

    demo = os.path.join(options.out, "demo.json")
    with open(demo, "w", encoding="utf-8") as file:
        file.write(run([options.trellis, "demo", "--print-document"]))

    # (document, range, widths, extra options of both `trellis layout` runs)
    cases = [
        ("docs/examples/adaptive.json", "280...1200", [320, 433.5, 599, 600, 777.25, 1200], []),
        ("docs/examples/chat.json", "280...1200", [280, 390, 412.75, 768], []),
        ("docs/examples/settings.json", "280...1200", [300, 390, 1024], ["--text-model"]),
        ("docs/examples/toolbar.json", "280...1200", [281, 555.5, 900], []),
        ("docs/examples/terminal.json", "60...140", [60, 80, 99.5, 100, 120, 133.3], []),
        (demo, "320...1024", [320, 322.87, 390, 500.5, 767, 768, 1024], []),  # 322.87: issue 23
    ]
    failures = 0
    for document, width_range, widths, extra in cases:
        name = os.path.splitext(os.path.basename(document))[0]
        page = os.path.join(options.out, f"{name}.html")
        run([options.trellis, "layout", document, "--html", page, "--range", width_range] + extra)
        with open(page, encoding="utf-8") as file:
            text = file.read()
        if "http:" in text.lower() or "https:" in text.lower():
            print(f"  FAIL {page}: refers to http(s)")
            failures += 1
        # Also a width inside a sampled part, a quarter point before one of its samples: the page
        # must say "sampled" and show the layout computed at that sample.
        start = text.index('id="trellis-data">') + len('id="trellis-data">')
        data = json.loads(text[start:text.index("</script>", start)])
        inside = [sample["w"] - 0.25 for row in data["rows"] for piece in row["pieces"] if piece["kind"] == "sampled"
                  for sample in piece["samples"] if sample["w"] - 0.25 > piece["lower"]]
        sampled_widths = [inside[len(inside) // 2]] if inside else []
        # Just either side of every break between two pieces (WidthPieces finds each to 1e-6):
        # a ten-thousandth of a point, or closer than the neighbouring breaks. A sampled
        # stretch (if any is left) shows its nearest sample, which `check` follows.
        breaks = []
        for row in data["rows"]:
            pieces = row["pieces"]
            for before, after in zip(pieces, pieces[1:]):
                w = before["upper"]
                delta = min(1e-4, (w - before["lower"]) / 4, (after["upper"] - w) / 4)
                breaks += [w - delta, w + delta]
        print(f"{page} ({len(text)} bytes, range {width_range}, {len(inside)} widths sampled, "
              f"{len(breaks) // 2} breaks)")
        failures += check(options.trellis, options.chromium, document, page, widths + breaks, extra, profile)
        failures += check(options.trellis, options.chromium, document, page, sampled_widths, extra, profile, mode="sampled")

    # The height slider: a page over three heights, opened at the middle one.
    page = os.path.join(options.out, "adaptive-heights.html")
    run([options.trellis, "layout", "docs/examples/adaptive.json", "--html", page, "--range", "500...700",
         "--height-range", "400...600", "--height-step", "100"])
    print(f"{page} (heights 400, 500, 600)")
    failures += check(options.trellis, options.chromium, "docs/examples/adaptive.json", page, [610], [], profile,
                      height=500.0)

    for width in (390, 768):
        shot = os.path.abspath(os.path.join(options.out, f"demo-{width}.png"))
        url = "file://" + os.path.abspath(os.path.join(options.out, "demo.html")) + f"#width={width}"
        subprocess.run(chromium_command(options.chromium) + [f"--user-data-dir={profile}", f"--screenshot={shot}",
                                                              "--window-size=1120,1280", url],
                       capture_output=True, text=True, timeout=120, check=True)
        if not os.path.exists(shot) or os.path.getsize(shot) == 0:
            print(f"  FAIL no screenshot {shot}")
            failures += 1
        else:
            print(f"wrote {shot}")

    if failures:
        sys.exit(f"e2e: {failures} failures")
    print("e2e: every box drawn by the page is where trellis layout --json puts it")


if __name__ == "__main__":
    main()
