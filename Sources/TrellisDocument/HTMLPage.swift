import Trellis
import TrellisSupport

/// One self-contained HTML file showing a document's layout at every root width of a range: the
/// layout drawn as SVG (boxes coloured by depth, as ``SVGRenderer`` draws them), a slider for the
/// width and, with several heights, one for the height. No server, no network, no external file.
///
/// ```swift
/// let pieces = try WidthPieces(document: document, range: 320...1024)
/// let html = HTMLPage(rows: [pieces]).html
/// ```
///
/// The page embeds the ``WidthPieces`` as JSON; its script evaluates the piece holding the
/// slider's width (`a + b·width` in an exact piece, the nearest layout in a sampled one) and says
/// which of the two the current width is. A URL fragment such as `#width=433&height=600` chooses
/// the width (and height) when the page opens, and follows the sliders. Every drawn box is a
/// `rect` with `data-id`, `data-x`, `data-y`, `data-width` and `data-height` (the frame in the
/// root, unrounded); the status line carries `data-width`, `data-height`, `data-mode` (`exact`
/// or `sampled`) and `data-at`, the width whose layout is shown (the width itself when exact,
/// the nearest sample when sampled). Conflicting items are outlined in red, ambiguous ones dashed.
public struct HTMLPage: Sendable {
    /// The pieces at each root height, in increasing height (one row: no height slider).
    public var rows: [WidthPieces]
    /// The width shown when the page opens without a fragment (clamped to the range; default
    /// its lower end).
    public var initialWidth: Double?

    /// Creates a page.
    public init(rows: [WidthPieces], initialWidth: Double? = nil) {
        self.rows = rows.sorted { $0.rootHeight < $1.rootHeight }
        self.initialWidth = initialWidth
    }

    /// The space around the drawing, in pixels.
    static let margin = 24.0

    /// The page.
    public var html: String {
        let first = rows.first
        let name = first?.documentName ?? "layout"
        let range = first?.range ?? 1...1
        let title = "\(name) — \(NumberFormat.short(range.lowerBound))…\(NumberFormat.short(range.upperBound)) pt wide"
        let isInteger = range.lowerBound == range.lowerBound.rounded() && range.upperBound == range.upperBound.rounded()
        let heights = rows.map(\.rootHeight)
        let heightStep = heights.count > 1 ? zip(heights, heights.dropFirst()).map { $1 - $0 }.min() ?? 1 : 1
        let initial = min(max(initialWidth ?? range.lowerBound, range.lowerBound), range.upperBound)
        let data = Self.escapeScript(dataJSON(initialWidth: initial))
        let heightControl = rows.count > 1 ? """
            <label>root height <input type="range" id="height" min="\(Self.number(heights.first ?? 0))" \
            max="\(Self.number(heights.last ?? 0))" step="\(Self.number(heightStep))" value="\(Self.number(heights.first ?? 0))"></label>
            <output id="heightValue"></output>
            """ : ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="trellis layout --html">
            <title>\(SVGRenderer.escape(title))</title>
            <style>
            body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 16px; color: #0f172a; background: #ffffff; }
            h1 { font-size: 17px; margin: 0 0 8px 0; }
            .controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; font-size: 13px; }
            .controls input[type=range] { width: 420px; }
            .controls input[type=number] { width: 90px; }
            #status { font-size: 13px; margin: 8px 0 4px 0; }
            #status.exact b { color: #15803d; }
            #status.sampled b { color: #b45309; }
            #pieces { display: block; margin: 4px 0 8px 0; }
            #notes { font-size: 12px; white-space: pre-wrap; margin: 0; }
            #notes .conflict { color: \(SVGRenderer.conflictColor); }
            #notes .ambiguous { color: \(SVGRenderer.ambiguityColor); }
            .legend { font-size: 12px; color: #475569; }
            </style>
            </head>
            <body>
            <h1>\(SVGRenderer.escape(title))</h1>
            <div class="controls">
            <label>root width <input type="range" id="width" min="\(Self.number(range.lowerBound))" \
            max="\(Self.number(range.upperBound))" step="\(isInteger ? "1" : "any")" value="\(Self.number(initial))"></label>
            <input type="number" id="widthValue" min="\(Self.number(range.lowerBound))" max="\(Self.number(range.upperBound))" \
            step="any" value="\(Self.number(initial))">
            \(heightControl)
            </div>
            <p id="status"></p>
            <svg id="pieces" width="560" height="14" role="img" aria-label="exact and sampled parts of the range"></svg>
            <p class="legend">The strip above shows the width range: green where every frame is an exact affine \
            function of the root width (a + b·width), amber where the layout is not affine (text wrapping to another \
            line count, a layout set switching cases, a conflict) and was computed at every integer width. The black \
            mark is the current width.</p>
            <svg id="drawing" width="100" height="100" font-family="DejaVu Sans, Helvetica, Arial, sans-serif"></svg>
            <div id="notes"></div>
            <script type="application/json" id="trellis-data">\(data)</script>
            <script>
            \(Self.script)
            </script>
            </body>
            </html>

            """
    }

    // MARK: - Data

    private func dataJSON(initialWidth: Double) -> String {
        var palette: [String] = []
        for colours in SVGRenderer.palette {
            palette.append("[\(JSONText.quoted(colours.fill)), \(JSONText.quoted(colours.stroke))]")
        }
        let rowTexts = rows.map { row -> String in
            let items = row.items.map { item in
                "{\"id\": \(JSONText.quoted(item.name)), \"depth\": \(item.depth), \"guide\": \(item.isGuide), "
                    + "\"system\": \(item.isSystemGuide)" + (item.text.map { ", \"text\": " + Self.json($0) } ?? "") + "}"
            }
            let pieces = row.pieces.map { piece -> String in
                switch piece {
                case .exact(let lower, let upper, let offset, let slope, let marks, let notes):
                    return "{\"kind\": \"exact\", \"lower\": \(Self.json(lower)), \"upper\": \(Self.json(upper)), "
                        + "\"a\": \(Self.json(offset)), \"b\": \(Self.json(slope)), \"marks\": \(Self.json(marks)), "
                        + "\"notes\": \(Self.json(notes))}"
                case .sampled(let lower, let upper, let samples):
                    let texts = samples.map { sample in
                        "{\"w\": \(Self.json(sample.width)), \"f\": \(Self.json(sample.frames.values)), "
                            + "\"marks\": \(Self.json(sample.frames.marks)), \"notes\": \(Self.json(sample.frames.notes))}"
                    }
                    return "{\"kind\": \"sampled\", \"lower\": \(Self.json(lower)), \"upper\": \(Self.json(upper)), "
                        + "\"samples\": [\n" + texts.joined(separator: ",\n") + "]}"
                }
            }
            return "{\"height\": \(Self.json(row.rootHeight)), \"lower\": \(Self.json(row.range.lowerBound)), "
                + "\"upper\": \(Self.json(row.range.upperBound)), \"items\": [" + items.joined(separator: ", ") + "],\n"
                + "\"pieces\": [\n" + pieces.joined(separator: ",\n") + "]}"
        }
        return "{\"document\": \(JSONText.quoted(rows.first?.documentName ?? "")), "
            + "\"root\": \(JSONText.quoted(rows.first?.rootID ?? "")), \"margin\": \(Self.json(Self.margin)), "
            + "\"initialWidth\": \(Self.json(initialWidth)), \"displayScale\": \(Self.json(rows.first?.displayScale ?? 0)), \"palette\": [\(palette.joined(separator: ", "))], "
            + "\"conflictColor\": \(JSONText.quoted(SVGRenderer.conflictColor)), "
            + "\"ambiguityColor\": \(JSONText.quoted(SVGRenderer.ambiguityColor)), "
            + "\"ambiguityDash\": \(JSONText.quoted(SVGRenderer.ambiguityDash)),\n"
            + "\"rows\": [\n" + rowTexts.joined(separator: ",\n") + "]}"
    }

    /// A JSON number with every digit Swift needs to read it back (null when not finite).
    static func json(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let zeroed = value + 0
        return zeroed == zeroed.rounded() && abs(zeroed) < 1e15 ? String(Int64(zeroed)) : "\(zeroed)"
    }

    private static func json(_ values: [Double]) -> String { "[" + values.map { json($0) }.joined(separator: ",") + "]" }

    private static func json(_ marks: [LayoutPicture.Mark?]) -> String {
        "[" + marks.map { $0.map { "\"\($0.rawValue)\"" } ?? "null" }.joined(separator: ",") + "]"
    }

    private static func json(_ texts: [String]) -> String { "[" + texts.map(JSONText.quoted).joined(separator: ", ") + "]" }

    /// A text item for the page: the string, the font as CSS (family, size in points = CSS
    /// pixels, weight, style), the line limit, the line break mode and the alignment.
    static func json(_ text: LayoutDocument.TextEntry) -> String {
        var family: [Substring] = []
        var bold = false, italic = false
        for word in text.font.split(separator: " ") {
            switch word.lowercased() {
            case "bold", "heavy", "semi-bold", "ultra-bold": bold = true
            case "italic", "oblique": italic = true
            case "light", "medium", "book", "regular", "normal", "condensed", "ultra-light": break
            default: if Double(word) == nil { family.append(word) }
            }
        }
        let name = family.isEmpty ? "DejaVu Sans" : family.joined(separator: " ")
        return "{\"string\": \(JSONText.quoted(text.text)), \"family\": \(JSONText.quoted(name)), "
            + "\"size\": \(json(text.pointSize)), \"bold\": \(bold), \"italic\": \(italic), \"lines\": \(text.lines), "
            + "\"lineBreak\": \(JSONText.quoted(text.lineBreak)), \"alignment\": \(JSONText.quoted(text.alignment))}"
    }

    private static func number(_ value: Double) -> String { NumberFormat.short(value.isFinite ? value : 0) }

    /// JSON that cannot end the script element it sits in (`<` only occurs inside strings).
    static func escapeScript(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for character in json {
            if character == "<" { out += "\\u003c" } else { out.append(character) }
        }
        return out
    }

    // MARK: - Script

    /// Draws the layout for the sliders' values. Mirrors ``WidthPieces/frames(atWidth:)``.
    static let script = #"""
        "use strict";
        (function () {
          const data = JSON.parse(document.getElementById("trellis-data").textContent);
          const widthInput = document.getElementById("width");
          const widthValue = document.getElementById("widthValue");
          const heightInput = document.getElementById("height");
          const heightValue = document.getElementById("heightValue");
          const status = document.getElementById("status");
          const drawing = document.getElementById("drawing");
          const strip = document.getElementById("pieces");
          const notesBox = document.getElementById("notes");
          const margin = data.margin;

          function escapeText(text) {
            return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
          }
          // As NumberFormat.text(value, decimals: 2): rounded, no trailing zeros, no -0.
          function short(value) {
            const rounded = Math.round(value * 100) / 100 + 0;
            return String(Object.is(rounded, -0) ? 0 : rounded);
          }
          function rowFor(height) {
            let best = data.rows[0];
            for (const row of data.rows) {
              if (Math.abs(row.height - height) < Math.abs(best.height - height)) best = row;
            }
            return best;
          }
          // The piece showing `width`: an exact one containing it, else a sampled one, else the nearest end.
          function pieceFor(row, width) {
            for (const piece of row.pieces) {
              if (piece.kind === "exact" && piece.lower <= width && width <= piece.upper) return piece;
            }
            for (const piece of row.pieces) {
              if (piece.lower <= width && width <= piece.upper) return piece;
            }
            return width < row.pieces[0].lower ? row.pieces[0] : row.pieces[row.pieces.length - 1];
          }
          // As FrameSnapping.round: to the nearest 1/displayScale, halves away from zero, noise
          // below a millionth of a step ignored.
          function roundToGrid(position, scale) {
            const steps = position * scale;
            if (!isFinite(steps) || Math.abs(steps) >= 4503599627370496) return position;
            const settled = Math.sign(steps) * Math.round(Math.abs(steps) * 1e6) / 1e6;
            return Math.sign(settled) * Math.round(Math.abs(settled)) / scale + 0;
          }
          // As WidthPieces.frames(atWidth:): every item's edges but the root's rounded in root coordinates.
          function snapped(values) {
            const scale = data.displayScale;
            if (!(scale > 0) || !isFinite(scale)) return values;
            const out = values.slice();
            for (let i = 4; i + 3 < out.length; i += 4) {
              const v = out.slice(i, i + 4);
              if (v.some(function (n) { return n === null || !isFinite(n); })) continue;
              const x0 = roundToGrid(v[0], scale), y0 = roundToGrid(v[1], scale);
              const x1 = roundToGrid(v[0] + v[2], scale), y1 = roundToGrid(v[1] + v[3], scale);
              out[i] = x0; out[i + 1] = y0; out[i + 2] = Math.max(x1 - x0, 0); out[i + 3] = Math.max(y1 - y0, 0);
            }
            return out;
          }
          function layoutAt(row, width) {
            const piece = pieceFor(row, width);
            if (piece.kind === "exact") {
              const values = piece.a.map(function (a, index) { return a + piece.b[index] * width; });
              return { piece: piece, values: snapped(values), marks: piece.marks, notes: piece.notes, at: width };
            }
            let best = piece.samples[0];
            for (const sample of piece.samples) {
              if (Math.abs(sample.w - width) < Math.abs(best.w - width)) best = sample;
            }
            return { piece: piece, values: snapped(best.f), marks: best.marks, notes: best.notes, at: best.w };
          }
          function intersects(a, b) {
            return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          }
          // The id and size in a corner of the box that no later box covers: two lines, else one,
          // else the id, else the last part of a dotted id. A label is never drawn where something
          // covers it: a box with no free corner shows its id in its tooltip only.
          function label(name, size, box, obstacles) {
            const lineHeight = 12, charWidth = 11 * 0.64;
            const tail = name.split(".").pop();
            const variants = [[name, size], [name + " " + size], [name]];
            if (tail !== name) variants.push([tail]);
            for (const lines of variants) {
              const longest = Math.max.apply(null, lines.map(function (line) { return line.length; }));
              const w = longest * charWidth + 2, h = lines.length * lineHeight + 2;
              if (w > box.w - 4 || h > box.h) continue;
              for (let corner = 0; corner < 4; corner++) {
                const right = corner % 2 === 1, bottom = corner >= 2;
                const area = { x: right ? box.x + box.w - 3 - w : box.x + 3,
                               y: bottom ? Math.max(box.y, box.y + box.h - 1 - h) : Math.min(box.y + 1, box.y + box.h - h), w: w, h: h };
                if (!obstacles.some(function (o) { return intersects(o, area); })) {
                  return { lines: lines, x: right ? box.x + box.w - 3 : box.x + 3, y: area.y, end: right, area: area };
                }
              }
            }
            return null;
          }
          // A text item's text in its frame, in the page's fonts at the measured size (a point is a
          // CSS pixel), wrapped by the browser and clipped to the frame: Chromium and Pango break lines
          // alike with the same font, but a word near a line's end may go to the next line in one and
          // not the other, and line heights differ by up to a tenth.
          function textBlock(text, x, y, w, h) {
            const wraps = text.lineBreak === "wordWrap" || text.lineBreak === "charWrap";
            const align = text.alignment === "center" ? "center" : text.alignment === "trailing" ? "end" : "start";
            let style = "font-family: '" + text.family.replace(/['\\]/g, "") + "', 'DejaVu Sans', sans-serif; font-size: " + text.size
              + "px; line-height: 1.17; width: " + w + "px; height: " + h + "px; overflow: hidden; margin: 0; color: #0f172a; "
              + "text-align: " + align + "; white-space: " + (wraps ? "pre-wrap" : "pre") + ";"
              + (text.lineBreak === "charWrap" ? " word-break: break-all;" : " overflow-wrap: break-word;")
              + (text.lineBreak.indexOf("truncate") === 0 ? " text-overflow: ellipsis;" : "");
            if (text.bold) style += " font-weight: bold;";
            if (text.italic) style += " font-style: italic;";
            return '<foreignObject class="text" x="' + x + '" y="' + y + '" width="' + w + '" height="' + h + '"><div style="'
              + escapeText(style) + '">' + escapeText(text.string) + "</div></foreignObject>";
          }
          function draw(row, width, height) {
            const layout = layoutAt(row, width);
            const parts = [];
            const placed = [];     // the labels drawn so far: no later label covers one
            const order = [];
            row.items.forEach(function (item, index) { if (!item.guide) order.push(index); });
            row.items.forEach(function (item, index) { if (item.guide) order.push(index); });
            const boxes = order.map(function (index) {
              const v = layout.values.slice(4 * index, 4 * index + 4);
              if (v.some(function (n) { return n === null || !isFinite(n); })) return null;
              return { v: v, x: Math.min(v[0], v[0] + v[2]), y: Math.min(v[1], v[1] + v[3]), w: Math.abs(v[2]), h: Math.abs(v[3]) };
            });
            order.forEach(function (index, position) {
              const item = row.items[index], box = boxes[position];
              if (box === null) return;
              const v = box.v, x = box.x, y = box.y, w = box.w, h = box.h;
              // What may hide the label: views drawn later, for a guide the views it does not contain,
              // and every other guide's outline (a label sits inside a guide or outside it, never
              // across its dashes): its four edges, a stroke wide.
              const obstacles = [];
              boxes.forEach(function (other, at) {
                if (other === null || at === position || !intersects(other, box)) return;
                if (row.items[order[at]].guide) {
                  obstacles.push({ x: other.x - 0.5, y: other.y - 0.5, w: other.w + 1, h: 1 },
                                 { x: other.x - 0.5, y: other.y + other.h - 0.5, w: other.w + 1, h: 1 },
                                 { x: other.x - 0.5, y: other.y - 0.5, w: 1, h: other.h + 1 },
                                 { x: other.x + other.w - 0.5, y: other.y - 0.5, w: 1, h: other.h + 1 });
                  return;
                }
                const inside = other.x <= box.x && other.y <= box.y && other.x + other.w >= box.x + box.w
                  && other.y + other.h >= box.y + box.h;
                if (at > position || (item.guide && !inside)) obstacles.push(other);
              });
              const colours = data.palette[Math.max(0, item.depth) % data.palette.length];
              const mark = layout.marks[index];
              // The root's margins and safe-area guides: blue, long dashes; other guides grey dots.
              let stroke = item.system ? "#0284c7" : item.guide ? "#475569" : colours[1], strokeWidth = "1";
              let dash = item.system ? "6 3" : item.guide ? "1 3" : null;
              if (mark === "conflict") { stroke = data.conflictColor; strokeWidth = "3"; dash = null; }
              if (mark === "ambiguous") { stroke = data.ambiguityColor; strokeWidth = "2"; dash = data.ambiguityDash; }
              const kind = item.system ? "system guide" : item.guide ? "guide" : "view";
              const size = short(v[2]) + " × " + short(v[3]);
              let g = '<g class="' + kind + " depth-" + item.depth + (mark ? " " + mark : "") + '">';
              g += "<title>" + escapeText(item.id + " (" + kind + ") x " + short(v[0]) + ", y " + short(v[1]) + ", " + size
                + (mark ? ", " + mark : "")) + "</title>";
              g += '<rect data-id="' + escapeText(item.id) + '" data-x="' + v[0] + '" data-y="' + v[1]
                + '" data-width="' + v[2] + '" data-height="' + v[3] + '" x="' + (x + margin) + '" y="' + (y + margin + 28)
                + '" width="' + w + '" height="' + h + '" fill="' + (item.guide ? "none" : colours[0])
                + '" stroke="' + stroke + '" stroke-width="' + strokeWidth + '"' + (dash ? ' stroke-dasharray="' + dash + '"' : "") + "/>";
              if (item.text && !item.guide) {
                g += textBlock(item.text, x + margin, y + margin + 28, w, h);
                obstacles.push(box);        // a text item shows its text; its id is in its tooltip
              }
              const spot = label(item.id, size, box, obstacles.concat(placed));
              if (spot) {
                placed.push(spot.area);
                spot.lines.forEach(function (line, number) {
                  g += '<text x="' + (spot.x + margin) + '" y="' + (spot.y + margin + 28 + 12 * (number + 1) - 2) + '" font-size="'
                    + (number === 0 ? 11 : 10) + '"' + (number === 0 ? ' font-weight="bold"' : "") + (item.guide ? ' font-style="italic"' : "")
                    + (spot.end ? ' text-anchor="end"' : "")
                    + ' fill="' + (mark === "conflict" ? data.conflictColor : "#0f172a") + '">' + escapeText(line) + "</text>";
                });
              }
              parts.push(g + "</g>");
            });
            const caption = data.document + " — " + short(width) + " × " + short(row.height);
            drawing.setAttribute("width", String(width + 2 * margin));
            drawing.setAttribute("height", String(row.height + 2 * margin + 28));
            drawing.innerHTML = '<rect x="0" y="0" width="' + (width + 2 * margin) + '" height="' + (row.height + 2 * margin + 28)
              + '" fill="#ffffff"/><text x="' + margin + '" y="' + (margin + 16) + '" font-size="15" font-weight="bold">'
              + escapeText(caption) + "</text>" + parts.join("");

            const piece = layout.piece;
            status.className = piece.kind;
            status.setAttribute("data-mode", piece.kind);
            status.setAttribute("data-width", String(width));
            status.setAttribute("data-at", String(layout.at));
            status.setAttribute("data-height", String(row.height));
            if (piece.kind === "exact") {
              status.innerHTML = "<b>exact</b> at width " + escapeText(short(width)) + ": between " + escapeText(short(piece.lower))
                + " and " + escapeText(short(piece.upper)) + " every frame is a + b·width (the layout keeps its shape there).";
            } else {
              status.innerHTML = "<b>sampled</b> at width " + escapeText(short(width)) + ": between " + escapeText(short(piece.lower))
                + " and " + escapeText(short(piece.upper)) + " the layout is not affine (text wraps differently, a layout set "
                + "switches, or a conflict appears), so it was computed at every integer width; this is the layout at "
                + escapeText(short(layout.at)) + ".";
            }
            notesBox.innerHTML = layout.notes.map(function (note) {
              const kind = note.indexOf("ambiguous") === 0 ? "ambiguous" : "conflict";
              return '<div class="' + kind + '">' + escapeText(note) + "</div>";
            }).join("");

            const span = row.upper - row.lower || 1, stripWidth = 560;
            const cells = row.pieces.map(function (p) {
              const x0 = (p.lower - row.lower) / span * stripWidth, x1 = (p.upper - row.lower) / span * stripWidth;
              return '<rect class="' + p.kind + '" x="' + x0 + '" y="2" width="' + Math.max(x1 - x0, 0.5) + '" height="10" fill="'
                + (p.kind === "exact" ? "#86efac" : "#fcd34d") + '"/>';
            });
            const at = (width - row.lower) / span * stripWidth;
            strip.innerHTML = cells.join("") + '<rect x="' + (at - 1) + '" y="0" width="2" height="14" fill="#0f172a"/>';
          }

          function current() {
            const row = rowFor(heightInput ? Number(heightInput.value) : data.rows[0].height);
            let width = Number(widthValue.value);
            if (!isFinite(width)) width = row.lower;
            width = Math.min(Math.max(width, row.lower), row.upper);
            return { row: row, width: width };
          }
          function update(fromFragment) {
            const state = current();
            if (heightValue) heightValue.textContent = short(state.row.height);
            draw(state.row, state.width, state.row.height);
            if (!fromFragment) {
              const fragment = "#width=" + state.width + (heightInput ? "&height=" + state.row.height : "");
              try { history.replaceState(null, "", fragment); } catch (error) { /* file: URLs may refuse */ }
            }
          }
          function applyFragment() {
            const text = (location.hash || "").replace(/^#/, "") + "&" + (location.search || "").replace(/^\?/, "");
            let width = data.initialWidth;
            for (const part of text.split("&")) {
              const pair = part.split("=");
              if (pair[0] === "width" && isFinite(Number(pair[1])) && pair[1] !== "") width = Number(pair[1]);
              if (pair[0] === "height" && heightInput && isFinite(Number(pair[1])) && pair[1] !== "") heightInput.value = pair[1];
            }
            widthValue.value = String(width);
            widthInput.value = String(width);
            update(true);
          }
          widthInput.addEventListener("input", function () { widthValue.value = widthInput.value; update(false); });
          widthValue.addEventListener("input", function () { widthInput.value = widthValue.value; update(false); });
          if (heightInput) heightInput.addEventListener("input", function () { update(false); });
          window.addEventListener("hashchange", applyFragment);
          applyFragment();
        })();
        """#
}
