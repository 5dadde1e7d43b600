/// The result builder of `Tails.install { … }` and `Tails.make { … }`: one relation per line,
/// with `if`, `if`/`else`, `switch` and `for` allowed. Each relation records the line it is on.
///
/// ```swift
/// Tails.install {
///     title~.top == root~.top + 20
///     if compact {
///         title~.leading == root~.leading + 8
///     } else {
///         title~.centerX == root~
///     }
///     for (above, below) in zip(rows, rows.dropFirst()) {
///         below~.top == above~.bottom + 4
///     }
/// }
/// ```
@resultBuilder
public enum ConstraintBuilder {
    /// A relation, stamped with the line it was written on (unless it was labeled with a location already).
    public static func buildExpression(_ relation: LayoutRelation, file: String = #fileID,
                                       line: UInt = #line) -> [LayoutRelation] {
        var stamped = relation
        if stamped.location == nil { stamped.location = CodeLocation(fileID: file, line: line) }
        return [stamped]
    }

    /// Relations from an array, stamped with the line of the array.
    public static func buildExpression(_ relations: [LayoutRelation], file: String = #fileID,
                                       line: UInt = #line) -> [LayoutRelation] {
        relations.enumerated().map { index, relation in
            var stamped = relation
            if stamped.location == nil { stamped.location = CodeLocation(fileID: file, line: line, element: index + 1) }
            return stamped
        }
    }

    /// The relations of a block, in order.
    public static func buildBlock(_ components: [LayoutRelation]...) -> [LayoutRelation] {
        components.flatMap { $0 }
    }

    /// An `if` without `else`.
    public static func buildOptional(_ component: [LayoutRelation]?) -> [LayoutRelation] {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [LayoutRelation]) -> [LayoutRelation] {
        component
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [LayoutRelation]) -> [LayoutRelation] {
        component
    }

    /// A `for` loop.
    public static func buildArray(_ components: [[LayoutRelation]]) -> [LayoutRelation] {
        components.flatMap { $0 }
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ component: [LayoutRelation]) -> [LayoutRelation] {
        component
    }
}
