import RealModule
import Testing
import Trellis

/// Whether two numbers agree to 1e-6 (solver results carry floating-point noise).
package func approx(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool {
    a.isApproximatelyEqual(to: b, absoluteTolerance: tolerance)
}

/// Whether two rectangles agree component-wise to 1e-6.
package func approx(_ a: Rect, _ b: Rect, tolerance: Double = 1e-6) -> Bool {
    approx(a.minX, b.minX, tolerance: tolerance) && approx(a.minY, b.minY, tolerance: tolerance)
        && approx(a.width, b.width, tolerance: tolerance) && approx(a.height, b.height, tolerance: tolerance)
}

/// Where two lists of frames disagree: their counts, or the first pair of frames further
/// apart than `tolerance`, as a message; nil when they agree. The incremental paths' suites
/// compare a warm tree's frames with a fresh tree's cold layout this way, within 1e-9 (a step
/// and a solve from scratch may round a non-dyadic coefficient differently in the last place;
/// a stale row would be points away).
package func frameMismatch(_ actual: [Rect], _ expected: [Rect], tolerance: Double = 1e-9) -> String? {
    guard actual.count == expected.count else { return "\(actual.count) frames against \(expected.count)" }
    for index in actual.indices where !approx(actual[index], expected[index], tolerance: tolerance) {
        return "view \(index): \(actual[index]) against \(expected[index])"
    }
    return nil
}

/// Expects `actual` to be `Rect(x:y:width:height:)` up to 1e-6.
package func expectFrame(_ actual: Rect?, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let expected = Rect(x: x, y: y, width: width, height: height)
    guard let actual else {
        Issue.record("no frame, expected \(expected)", sourceLocation: sourceLocation)
        return
    }
    #expect(approx(actual, expected), "frame \(actual), expected \(expected)", sourceLocation: sourceLocation)
}

/// Expects a view's frame.
package func expectFrame(_ view: View, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    expectFrame(view.frame, x, y, width, height, sourceLocation: sourceLocation)
}

/// A root view with a frame at the origin.
package func makeRoot(_ id: String = "root", width: Double = 400, height: Double = 300) -> View {
    let root = View(id: id)
    root.frame = Rect(x: 0, y: 0, width: width, height: height)
    return root
}

/// Views added to `parent`, named by `ids`.
package func addViews(_ ids: [String], to parent: View) -> [View] {
    ids.map { id in
        let view = View(id: id)
        parent.addSubview(view)
        return view
    }
}

/// Runs the layout and returns the error it throws, if any.
package func layoutError(_ root: View) -> LayoutError? {
    do {
        try root.layoutIfNeeded()
        return nil
    } catch let error as LayoutError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}
