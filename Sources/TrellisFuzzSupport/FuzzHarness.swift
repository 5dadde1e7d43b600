// What the libFuzzer targets (TrellisFuzzSolve, TrellisFuzzDocument) share: in a fuzz build
// (`-DTRELLIS_FUZZ`, see Tests/Fuzz/README.md), starting libFuzzer's driver; in any other build,
// reading the inputs a replay is given. Each target keeps only its checks and its entry points
// (their C names differ per target).

#if TRELLIS_FUZZ
/// libFuzzer's driver (in the runtime `-sanitize=fuzzer` links).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// Starting libFuzzer from a target's entry point.
package enum FuzzDriver {
    /// Runs libFuzzer's driver on the process's arguments, calling `testOneInput` for each input.
    /// SwiftPM links an executable's entry point under `<Target>_main` (`main` is an alias of it),
    /// so the fuzzer's own `main` is not used: each target calls this from there.
    package static func run(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                            _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
    }
}
#else
import Foundation

/// Reading what a replay tool is given.
package enum FuzzReplay {
    /// The bytes of every file named; a directory stands for its files, in name order.
    /// - Throws: `CocoaError(.fileNoSuchFile)` for a path that does not exist, or what reading a
    ///   file throws.
    package static func inputs(_ paths: [String]) throws -> [[UInt8]] {
        var inputs: [[UInt8]] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            }
            let files = isDirectory.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 }
                : [path]
            for file in files { inputs.append(Array(try Data(contentsOf: URL(fileURLWithPath: file)))) }
        }
        return inputs
    }
}
#endif
