/// The colours of the debugging pictures: `TrellisDocument`'s `SVGRenderer.palette` and
/// `TrellisText`'s `PictureRenderer.palette` (wireframe PNG, PDF and SVG) are these, so that a box
/// has the same colour in each. The layout model (`Trellis`) has no colours.
package enum PicturePalette {
    /// Fill and outline colours per depth (the root is depth 0); deeper levels cycle.
    package static let depths: [(fill: String, stroke: String)] = [
        ("#f8fafc", "#64748b"),   // slate
        ("#dbeafe", "#2563eb"),   // blue
        ("#dcfce7", "#16a34a"),   // green
        ("#fef3c7", "#d97706"),   // amber
        ("#fce7f3", "#db2777"),   // pink
        ("#ede9fe", "#7c3aed"),   // violet
        ("#cffafe", "#0891b2"),   // cyan
        ("#ffedd5", "#ea580c"),   // orange
    ]
}
