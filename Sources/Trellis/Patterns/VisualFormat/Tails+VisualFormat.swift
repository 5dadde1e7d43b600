extension Tails {
    /// The relations described by a visual format string — Apple's Visual Format Language, plus
    /// weights — ready to install.
    ///
    /// ```swift
    /// let relations = try Tails.visual("H:|-[icon(24)]-[title]-(>=8@750)-[badge]-|",
    ///                                  views: ["icon": icon, "title": title, "badge": badge],
    ///                                  options: .alignAllCenterY)
    /// Tails.install(relations)
    /// ```
    ///
    /// **Grammar** (Apple's): `H:` or `V:` (default `H:`), `|` for the superview at either end,
    /// views in brackets with optional size predicates `[name(24)]`, `[name(>=50,<=100@750)]`,
    /// `[name(==other)]`, and connections between them: none (`[a][b]`, touching), `-` (the
    /// standard spacing: `standardSpacing` between views, `standardEdgeSpacing` to the superview),
    /// `-8-`, `-gap-` (a metric), `-(>=8@750)-`. Predicates are `==`, `<=`, `>=` with a number or a
    /// metric, and `@priority`.
    ///
    /// **Weights** (Mortar's, as proportions): `[a(~2)]` and `-(~1)-` make every weighted view
    /// size and gap of the format proportional to its weight —
    /// `|-(~1)-[a(~2)]-(~1)-|` gives `a` half of the superview, centred.
    /// Every gap is one row over the neighbours' edges (`b.leading - a.trailing`): no spacer views.
    ///
    /// `H:` formats run leading to trailing (RTL layouts mirror them) unless `options` says
    /// `.directionLeftToRight` or `.directionRightToLeft`; `V:` formats run top to bottom. The
    /// alignment options align every view of the format with the next. Relations with no
    /// `@priority` take ``defaultPriority``. Each relation is labeled with the fragment it comes
    /// from (`[icon(24)]-[title]`) and records this call's line.
    ///
    /// - Parameters:
    ///   - format: The format string.
    ///   - metrics: Values for the names used as numbers (spacings, sizes, priorities, weights).
    ///   - views: The items named in the format (views or layout guides).
    ///   - options: Alignment, direction and baseline spacing.
    ///   - standardSpacing: What `-` means between views (8, as in UIKit).
    ///   - standardEdgeSpacing: What `-` means next to `|` (20, as in UIKit).
    ///   - file: The file recorded for diagnostics (the caller's, by default).
    ///   - line: The line recorded for diagnostics (the caller's, by default).
    /// - Throws: ``VisualFormatError`` pointing at the column: a syntax error, an unknown view or
    ///   metric, a priority outside 1...1000, a weight that is not positive, `|` for a view without
    ///   superview, or options that do not fit the format.
    public static func visual(_ format: String, metrics: [String: Double] = [:], views: [String: LayoutItem],
                              options: VisualFormatOptions = [], standardSpacing: Double = 8,
                              standardEdgeSpacing: Double = 20, file: String = #fileID,
                              line: UInt = #line) throws(VisualFormatError) -> [LayoutRelation] {
        let location = CodeLocation(fileID: file, line: line)
        var parser = VisualFormatParser(format: format, metrics: metrics, views: views, location: location)
        let parsed = try parser.parse()
        return try VisualFormatLowering(parsed: parsed, parser: parser, options: options, standardSpacing: standardSpacing,
                                        standardEdgeSpacing: standardEdgeSpacing, location: location).relations()
    }
}
