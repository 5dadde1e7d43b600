/// The widths of the SVG pictures' label text: DejaVu Sans (the first family the SVG asks for, and
/// a wide one — Helvetica and Arial, the fallbacks, are narrower), so a label's rectangle holds its
/// text in any of them.
///
/// The advances of printable ASCII are those of DejaVu Sans and DejaVu Sans Bold 2.37 (thousandths
/// of an em, rounded up); any other character counts as wide as the widest glyph (1.104 em), and
/// every width has 2 % added for rendering differences.
enum SVGTextMetrics {
    /// The widest advance of any character, in ems.
    static let widest = 1.104

    /// How wide `text` is at `fontSize` pixels, regular or bold.
    static func width(of text: String, fontSize: Double, bold: Bool) -> Double {
        let table = bold ? boldAdvances : regularAdvances
        var thousandths = 0
        for scalar in text.unicodeScalars {
            let value = Int(scalar.value)
            if value >= 32 && value < 127 {
                thousandths += table[value - 32]
            } else if scalar == "×" {
                thousandths += 838
            } else if scalar == "…" {
                thousandths += 1000
            } else {
                thousandths += Int(widest * 1000)
            }
        }
        return Double(thousandths) / 1000 * fontSize * 1.02
    }

    /// DejaVu Sans, U+0020 to U+007E.
    private static let regularAdvances: [Int] = [
        318, 401, 460, 838, 637, 951, 780, 275, 391, 391, 500, 838, 318, 361, 318, 337,
        637, 637, 637, 637, 637, 637, 637, 637, 637, 637, 337, 337, 838, 838, 838, 531,
        1000, 685, 687, 699, 771, 632, 576, 775, 752, 295, 295, 656, 558, 863, 749, 788,
        604, 788, 695, 635, 611, 732, 685, 989, 686, 611, 686, 391, 337, 391, 838, 500,
        500, 613, 635, 550, 635, 616, 353, 635, 634, 278, 278, 580, 278, 975, 634, 612,
        635, 635, 412, 521, 393, 634, 592, 818, 592, 592, 525, 637, 337, 637, 838,
    ]

    /// DejaVu Sans Bold, U+0020 to U+007E.
    private static let boldAdvances: [Int] = [
        349, 457, 521, 838, 696, 1002, 873, 307, 458, 458, 523, 838, 380, 416, 380, 366,
        696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 581,
        1000, 774, 763, 734, 831, 684, 684, 821, 837, 373, 373, 775, 638, 996, 837, 851,
        733, 851, 771, 721, 683, 813, 774, 1104, 771, 725, 726, 458, 366, 458, 838, 500,
        500, 675, 716, 593, 716, 679, 436, 716, 712, 343, 343, 666, 343, 1042, 712, 688,
        716, 716, 494, 596, 479, 712, 652, 924, 646, 652, 583, 712, 366, 712, 838,
    ]
}
