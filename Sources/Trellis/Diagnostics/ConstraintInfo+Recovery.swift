/// The one recovery policy of every entry point — `View.layoutIfNeeded(recoveringFromConflicts:)`,
/// `trellis layout` and `trellis explain --recover`: which member of a minimal conflict gives way.
extension ConstraintInfo {
    /// The priority a broken conflict member is relaxed to: 999, as in Auto Layout's recovery.
    public static let recoveryPriority: Priority = 999

    /// The member of a minimal conflict that recovery breaks (relaxes to ``recoveryPriority``),
    /// or nil when no member may be broken. The rule, in order:
    ///
    /// 1. The root's frame (`root frame` rows) is never broken: it is given from outside.
    /// 2. A constraint that was written (in Swift, or an entry of a layout document) gives way
    ///    before one the layout pass made (content size held at priority 1000).
    /// 3. Among written constraints, the one **written last** gives way: the latest source
    ///    location (file, then line, then element of a composite), then the one made last.
    /// 4. Among content-size constraints, compression resistance before hugging, then the
    ///    view whose name sorts last.
    ///
    /// Recovery relaxes that one member, lays out again, and repeats while another conflict
    /// appears; so the same conflicting screen breaks the same constraint from Swift, from
    /// `trellis layout` and from `trellis explain --recover`.
    ///
    /// ```swift
    /// // root 320 wide; box~.width == 400 written after box~.leading.trailing == root~
    /// ConstraintInfo.memberToBreak(in: conflict)?.text   // "box.width == 400"
    /// ```
    public static func memberToBreak(in conflict: [ConstraintInfo]) -> ConstraintInfo? {
        let written = conflict.filter { !$0.isImplicit }
        if let last = written.max(by: writtenEarlier) { return last }
        let contentSize = conflict.filter { (info: ConstraintInfo) -> Bool in
            info.isImplicit && info.priority.isRequired && (info.label == "compression resistance" || info.label == "content hugging")
        }
        return contentSize.max { a, b in
            let aFirst = a.label == "compression resistance" ? 1 : 0, bFirst = b.label == "compression resistance" ? 1 : 0
            return aFirst != bFirst ? aFirst < bFirst : a.text < b.text
        }
    }

    /// Whether `a` was written before `b`: by source location, then by the order they were made.
    private static func writtenEarlier(_ a: ConstraintInfo, _ b: ConstraintInfo) -> Bool {
        switch (a.location, b.location) {
        case let (x?, y?):
            if x.fileID != y.fileID { return x.fileID < y.fileID }
            if x.line != y.line { return x.line < y.line }
            if (x.element ?? -1) != (y.element ?? -1) { return (x.element ?? -1) < (y.element ?? -1) }
        case (nil, _?): return true
        case (_?, nil): return false
        case (nil, nil): break
        }
        return a.id < b.id
    }
}
