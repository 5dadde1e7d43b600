/// The Tails DSL: write constraints as relations between item attributes, then install them.
///
/// ```swift
/// Tails.install(
///     title~.top == root~.top + 20,                      // `~` turns an item into its attributes
///     title~.left == title.superview~,                   // right side attributes inferred from the left
///     title~.width == 50,
///     icon~.top.left.width == title~,                    // chained attributes
///     card~.edges == root~ + EdgeInsets(top: 10, left: 20, bottom: 40, right: 20),
///     card~.size == Size(width: 60, height: 40),
///     badge~.center == card~ - Point(x: 0, y: 20),
///     label~.width <= icon~ * 2 ~~ .defaultLow,          // multiplier, priority
///     footer~.edges == EdgeInsets(8),                    // constant-only right side = the superview's same attributes
///     a~.width + b~.width == root~.width - 20            // any linear expression
/// )
/// try root.layoutIfNeeded()
/// ```
///
/// `install` activates the constraints; `make` builds them inactive. Both return a
/// ``ConstraintGroup`` to activate, deactivate or update them later. See ``LayoutRelation`` for how
/// attributes are paired, ``LayoutConstant`` for how constants map to attributes, and
/// ``LayoutError`` for how misuse is reported (never by crashing).
///
/// Each constraint records where it was written: with the result-builder form, the line of each
/// relation; with the variadic form, the line of the call and the relation's position (`#3`);
/// `.labeled(_:)` records its own line.
public enum Tails {
    /// Builds and activates the constraints of `relations`.
    @discardableResult
    public static func install(_ relations: LayoutRelation..., file: String = #fileID,
                               line: UInt = #line) -> ConstraintGroup {
        activated(make(relations, file: file, line: line))
    }

    /// Builds and activates the constraints of an array of relations.
    @discardableResult
    public static func install(_ relations: [LayoutRelation], file: String = #fileID,
                               line: UInt = #line) -> ConstraintGroup {
        activated(make(relations, file: file, line: line))
    }

    /// Builds and activates the constraints written in `content`, one relation per line.
    ///
    /// ```swift
    /// Tails.install {
    ///     title~.top == root~.top + 20
    ///     title~.centerX == root~
    /// }
    /// ```
    @discardableResult
    public static func install(@ConstraintBuilder _ content: () -> [LayoutRelation]) -> ConstraintGroup {
        activated(make(content))
    }

    /// Builds the constraints of `relations` without activating them.
    public static func make(_ relations: LayoutRelation..., file: String = #fileID,
                            line: UInt = #line) -> ConstraintGroup {
        make(relations, file: file, line: line)
    }

    /// Builds the constraints of an array of relations without activating them.
    public static func make(_ relations: [LayoutRelation], file: String = #fileID,
                            line: UInt = #line) -> ConstraintGroup {
        if relations.count == 1, relations[0].location != nil {      // a layout document's entries: no copy
            return ConstraintGroup(AttributePairing.constraints(for: relations[0]))
        }
        let numbered = relations.count > 1
        var constraints: [LayoutConstraint] = []
        for (index, relation) in relations.enumerated() {
            var stamped = relation
            if stamped.location == nil {
                stamped.location = CodeLocation(fileID: file, line: line, element: numbered ? index + 1 : nil)
            }
            constraints.append(contentsOf: AttributePairing.constraints(for: stamped))
        }
        return ConstraintGroup(constraints)
    }

    /// Builds the constraints written in `content` without activating them.
    public static func make(@ConstraintBuilder _ content: () -> [LayoutRelation]) -> ConstraintGroup {
        ConstraintGroup(content().flatMap(AttributePairing.constraints(for:)))
    }

    private static func activated(_ group: ConstraintGroup) -> ConstraintGroup {
        group.noteInstalled()
        group.activate()
        return group
    }
}
