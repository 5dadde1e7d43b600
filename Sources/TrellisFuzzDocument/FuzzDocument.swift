// libFuzzer target: the `layout-document/1` reader and the layout behind it.
//
// Built for fuzzing only with `-DTRELLIS_FUZZ` (see Tests/Fuzz/README.md):
//
//     swift build -c release --scratch-path .build-fuzz --product TrellisFuzzDocument \
//         -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -DTRELLIS_FUZZ
//
// Any other build makes a replay tool instead: `TrellisFuzzDocument FILE|DIRECTORY...`.
//
// A finding is a crash or a broken promise: `LayoutDocument.parse` and `layout()` throw only
// `LayoutDocumentError` (their typed throws make that a compile-time fact), a parsed document
// always builds (`makeLayout()` does not throw for it), and every frame laid out is finite.

import Trellis
import TrellisDocument
import TrellisFuzzSupport

enum FuzzDocument {
    /// Documents bigger than this are parsed but not laid out (a fuzzer input should run in milliseconds).
    static let maximumConstraints = 400

    static func run(_ bytes: [UInt8]) {
        let document: LayoutDocument
        do {
            document = try LayoutDocument.parse(bytes, name: "fuzz.json")
        } catch {
            _ = error.description
            return
        }
        guard document.constraints.count <= maximumConstraints, document.views.count <= 1_000 else { return }
        let layout: DocumentLayout
        do {
            layout = try document.makeLayout()
        } catch {
            fatalError("a parsed document did not build: \(error)")
        }
        let result: DocumentLayoutResult
        do {
            result = try layout.layout()
        } catch {
            _ = error.description
            return
        }
        precondition(result.isSatisfiable == result.conflicts.isEmpty)
        for entry in result.snapshot?.entries ?? [] {
            let frame = entry.frame
            precondition(frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite,
                         "\(entry.name): \(frame)")
        }
    }
}

#if TRELLIS_FUZZ
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDocument.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// SwiftPM links an executable's entry point under this name: start libFuzzer's driver from here.
@_cdecl("TrellisFuzzDocument_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { data, size in fuzzerTestOneInput(data, size) }
}
#else
/// Replays inputs through the fuzz checks: `TrellisFuzzDocument [--repeat N] FILE|DIRECTORY...`.
@main
enum Replay {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var repeats = 1
        if arguments.first == "--repeat", arguments.count > 1 {
            repeats = Int(arguments[1]) ?? 1
            arguments.removeFirst(2)
        }
        if arguments.isEmpty {
            print("usage: TrellisFuzzDocument [--repeat N] FILE|DIRECTORY...  (replays inputs through the fuzz checks)")
            return
        }
        let inputs = try FuzzReplay.inputs(arguments)
        for _ in 0..<max(1, repeats) {
            for bytes in inputs { FuzzDocument.run(bytes) }
        }
        print("replayed \(inputs.count) inputs \(max(1, repeats)) times: no finding")
    }
}
#endif
