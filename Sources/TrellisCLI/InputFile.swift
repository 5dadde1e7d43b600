import Foundation
import TrellisLinearSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file, or standard input for `-`, as bytes.
enum InputFile {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// The file's bytes, read straight into one array (no `Data` in between, so the text is in
    /// memory once, not twice, while it is read).
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" {
            return readAll(STDIN_FILENO, sizeHint: 0) ?? [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            defer { close(descriptor) }
            var status = stat()
            let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
            if let bytes = readAll(descriptor, sizeHint: size) { return bytes }
        }
        // Any failure (missing file, a directory, no permission, …): Foundation's read gives
        // the same message as ever.
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ReadError(description: "\(path): cannot read: \((error as NSError).localizedDescription)")
        }
    }

    /// Reads until end of file into an array sized for `sizeHint` bytes (plus one, to see the end
    /// without growing), doubling when the input is longer; nil on a read error.
    private static func readAll(_ descriptor: Int32, sizeHint: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: max(sizeHint + 1, 64 * 1024))
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            count += got
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Reads and parses a `linear-system/1` document, turning every problem into the one-line
    /// input error (exit 1) that `trellis solve` and `trellis explain` print. The file's bytes
    /// are released when this returns: only the parsed system outlives it.
    static func linearSystem(at path: String) throws -> LinearSystem {
        let bytes: [UInt8]
        do {
            bytes = try read(path)
        } catch {
            throw CommandFailure(message: "\(error)", code: 1)
        }
        do {
            return try LinearSystem.parse(bytes)
        } catch {
            throw CommandFailure(message: "\(path): \(error)", code: 1)
        }
    }
}
