import Benchmark
import Foundation
import Trellis
import TrellisLinearSystem
import TrellisDocument

// Solver-level scenarios read from `Benchmarks/scenarios/*.json` (made by
// `generate-scenarios.py`; the same files `compare-kiwi.py` gives kiwi), and layout-level
// versions of the same shapes built through the Tails DSL.

let scenarioDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scenarios")

func loadScenario(_ name: String) -> LinearSystem {
    let url = scenarioDirectory.appendingPathComponent("\(name).json")
    guard let data = try? Data(contentsOf: url), let system = try? LinearSystem.parse([UInt8](data)) else {
        fatalError("cannot read scenario \(url.path); run python3 Benchmarks/generate-scenarios.py")
    }
    return system
}

/// The system without its steps: one cold solve.
func coldOnly(_ system: LinearSystem) -> LinearSystem {
    var copy = system
    copy.steps = []
    return copy
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )

    // Cold solves: parse excluded, everything from the parsed system to values out.
    for kind in ["chain", "grid", "feed", "nested", "determined", "coupled"] {
        for size in [10, 100, 1000, 5000] {
            let system = loadScenario("\(kind)-\(size)")
            Benchmark("solve/\(kind)-\(size)", configuration: .init(maxIterations: size >= 5000 ? 5 : 200)) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try system.solve())
                }
            }
        }
    }

    // Drag: one session per scenario, opened (cold solve and first step) before measuring;
    // each measured iteration is the scenario's next suggested value and a solve.
    for size in [10, 100, 300, 1000, 5000] {
        let session: DragSession
        do {
            session = try DragSession(loadScenario("drag-\(size)"))
        } catch {
            fatalError("drag-\(size): \(error)")
        }
        Benchmark("drag-step/\(size)", configuration: .init(maxIterations: 10_000)) { benchmark in
            for _ in benchmark.scaledIterations {
                try session.step()
            }
        }
    }

    // Layout level: view trees through the DSL.
    for size in [10, 100, 1000] {
        Benchmark("layout/chain-\(size)", configuration: .init(maxIterations: 200)) { benchmark in
            for _ in benchmark.scaledIterations {
                let root = LayoutScenes.chain(size)
                try root.layoutIfNeeded()
                blackHole(root)
            }
        }
        Benchmark("layout/feed-\(size)", configuration: .init(maxIterations: 200)) { benchmark in
            for _ in benchmark.scaledIterations {
                let root = LayoutScenes.feed(cells: max(1, size / 5))
                try root.layoutIfNeeded()
                blackHole(root)
            }
        }
        Benchmark("layout/unchanged-feed-\(size)", configuration: .init(maxIterations: 10_000)) { benchmark in
            let root = LayoutScenes.feed(cells: max(1, size / 5))
            try root.layoutIfNeeded()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try root.layoutIfNeeded()
            }
            benchmark.stopMeasurement()
        }
        Benchmark("layout/update-constant-feed-\(size)", configuration: .init(maxIterations: 1_000)) { benchmark in
            let root = LayoutScenes.feed(cells: max(1, size / 5))
            let gap = root.subviews[0].subviews[0]   // the first cell's avatar: its top constant moves
            let group = Tails.install(gap~.width == 40 ~~ .defaultHigh)
            try root.layoutIfNeeded()
            // Warm: the first change of a constant solves once (its row becomes a parameter row);
            // the steady state of an animation is what is measured.
            group.update(constant: 35)
            try root.layoutIfNeeded()
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                group.update(constant: 36 + Double(iteration % 8))
                try root.layoutIfNeeded()
            }
            benchmark.stopMeasurement()
        }
        Benchmark("layout/resize-feed-\(size)", configuration: .init(maxIterations: 1_000)) { benchmark in
            let root = LayoutScenes.feed(cells: max(1, size / 5))
            try root.layoutIfNeeded()
            // Warm: the first resize solves once (the root's width becomes a parameter row); the
            // steady state of a window being resized is what is measured.
            root.frame = Rect(x: 0, y: 0, width: 359, height: 800)
            try root.layoutIfNeeded()
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                root.frame = Rect(x: 0, y: 0, width: 360 + Double(iteration % 40), height: 800)
                try root.layoutIfNeeded()
            }
            benchmark.stopMeasurement()
        }
    }

    // Documents: the feed of compare-peers.py as `trellis layout` reads it. `parse` is the JSON
    // text to a checked `LayoutDocument` (it builds the layout once to check it), `build` the
    // views and active constraints from a parsed document, `cold` the first layout pass of a
    // built one: `trellis layout --timing`'s parse_ms, build_ms and cold_ms.
    for rows in [100, 1000] {
        for stacks in [false, true] {
            let name = "feed-\(stacks ? "stacks" : "plain")-\(rows)"
            let bytes = DocumentFeeds.feed(rows: rows, stacks: stacks)
            Benchmark("document/parse-\(name)", configuration: .init(maxIterations: 100)) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try LayoutDocument.parse(bytes, name: "feed.json"))
                }
            }
            Benchmark("document/build-\(name)", configuration: .init(maxIterations: 100)) { benchmark in
                let document = try LayoutDocument.parse(bytes, name: "feed.json")
                var layouts: [DocumentLayout] = []     // freed after the measurement
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    layouts.append(try document.makeLayout())
                }
                benchmark.stopMeasurement()
                blackHole(layouts)
            }
            // One cold pass per run (a built layout is laid out once).
            Benchmark("document/cold-\(name)", configuration: .init(maxIterations: 100)) { benchmark in
                let layout = try LayoutDocument.parse(bytes, name: "feed.json").makeLayout()
                benchmark.startMeasurement()
                try layout.root.layoutIfNeeded()
                benchmark.stopMeasurement()
                blackHole(layout)
            }
        }
    }
}
