import Foundation

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
}
