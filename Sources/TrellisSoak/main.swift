import Foundation

// `make soak`: memory stays flat over a long session. Drag steps on a solver and relayouts of a
// changing view tree, with the resident set size (VmRSS) reported at the start, after a warm-up,
// at every tenth of each phase, and at the end. Exits 1 when the end exceeds the warm-up RSS by
// more than the margin (or a check fails), 2 for bad arguments.
//
//   TrellisSoak [--drag-steps N] [--relayouts N] [--margin-mb M]
//
// Defaults: 1,000,000 drag steps, 10,000 relayouts, a 4 MB margin (a leak of 4 bytes per drag
// step or 400 bytes per relayout). The warm-up is the first 1% of each phase (at least one
// step): caches and the allocator's pools fill then. Besides the RSS, every relayout checks that
// the views and constraints removed the pass before were freed (RelayoutSoak).

func report(_ label: String, since start: ContinuousClock.Instant) -> Int {
    let rss = ResidentMemory.kilobytes() ?? 0
    let seconds = (ContinuousClock.now - start) / .seconds(1)
    print("\(label.padding(toLength: 44, withPad: " ", startingAt: 0)) RSS \(ResidentMemory.text(rss))  (\(String(format: "%.1f", seconds)) s)")
    return rss
}

func soak(_ options: SoakOptions) throws -> Bool {
    guard ResidentMemory.kilobytes() != nil else { throw SoakFailure("/proc/self/status has no VmRSS: Linux only") }
    let clock = ContinuousClock.now
    let startRSS = report("start", since: clock)
    let drag = try DragSoak()
    let relayout = RelayoutSoak()
    let dragWarmUp = max(1, options.dragSteps / 100), relayoutWarmUp = max(1, options.relayouts / 100)
    for _ in 0..<dragWarmUp { try drag.run() }
    for _ in 0..<relayoutWarmUp { try relayout.run() }
    let warmRSS = report("after warm-up (\(dragWarmUp) steps, \(relayoutWarmUp) passes)", since: clock)

    let dragStart = ContinuousClock.now
    let dragInterval = max(1, options.dragSteps / 10)
    for step in dragWarmUp..<options.dragSteps {
        try drag.run()
        if (step + 1) % dragInterval == 0 { _ = report("drag steps \(step + 1)", since: clock) }
    }
    let dragSeconds = (ContinuousClock.now - dragStart) / .seconds(1)

    let relayoutStart = ContinuousClock.now
    let relayoutInterval = max(1, options.relayouts / 10)
    for pass in relayoutWarmUp..<options.relayouts {
        try relayout.run()
        if (pass + 1) % relayoutInterval == 0 { _ = report("relayouts \(pass + 1)", since: clock) }
    }
    let relayoutSeconds = (ContinuousClock.now - relayoutStart) / .seconds(1)
    let endRSS = report("end", since: clock)

    let growth = Double(endRSS - warmRSS) / 1024
    print(String(format: "drag: %d steps in %.1f s (%.2f µs/step); relayout: %d passes in %.1f s (%.2f ms/pass)",
                 options.dragSteps, dragSeconds, dragSeconds * 1e6 / Double(options.dragSteps - dragWarmUp),
                 options.relayouts, relayoutSeconds, relayoutSeconds * 1e3 / Double(options.relayouts - relayoutWarmUp)))
    print("RSS start \(ResidentMemory.text(startRSS)), after warm-up \(ResidentMemory.text(warmRSS)), "
        + "end \(ResidentMemory.text(endRSS)): " + String(format: "%+.1f MB since warm-up (margin %.1f MB)", growth,
                                                             options.marginMegabytes))
    return growth <= options.marginMegabytes
}

let options: SoakOptions
do {
    options = try SoakOptions(Array(CommandLine.arguments.dropFirst()))
} catch {
    print("\(error)")
    exit(2)
}
do {
    if try soak(options) {
        print("soak passed: memory flat")
    } else {
        print("soak FAILED: RSS grew by more than the margin")
        exit(1)
    }
} catch {
    print("soak FAILED: \(error)")
    exit(1)
}
