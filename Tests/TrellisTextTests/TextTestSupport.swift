/// A text no other test measures (the measurement cache is shared by the whole process).
func uniqueText(_ base: String, _ tag: String) -> String { "\(base) [\(tag)]" }

/// A sentence long enough to wrap several times in a phone-wide column.
let paragraph = "Trellis lays out views with constraints solved as weighted linear programs, "
    + "and Pango measures the text: every word here is shaped, broken into lines and measured "
    + "in points, so the layout can wrap it at whatever width the constraints leave."
