import Foundation
import TrellisSolver

/// Reads a whole file, or standard input for `-`, as bytes.
enum InputFile {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ReadError(description: "\(path): cannot read: \((error as NSError).localizedDescription)")
        }
    }

    /// Reads and parses a `linear-system/1` document, turning every problem into the one-line
    /// input error (exit 1) that `trellis solve` and `trellis explain` print.
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
