import Trellis
import TrellisLinearSystem

/// Finds where values are in a JSON text that ``JSONValue/parse(_:)`` has accepted, so errors
/// about a document's entries can name a line and column.
///
/// Lines and columns are 1-based and count bytes, as ``JSONParseError`` does.
struct JSONLocator {
    /// A step of a path into a document.
    enum Step: Hashable {
        case key(String)
        case index(Int)
    }

    /// A position in the text.
    struct Position: Hashable {
        let offset: Int
        let line: Int
        let column: Int
    }

    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The position of the value at `path`, or nil if there is none.
    func position(of path: [Step]) -> Position? {
        offset(of: path).map(position(at:))
    }

    /// The position of the value at `path` inside the value that starts at `start`.
    func position(of path: [Step], inValueAt start: Position) -> Position? {
        guard let offset = offset(of: path, from: start.offset) else { return nil }
        // Count lines from `start` only.
        var line = start.line, lineStart = start.offset - (start.column - 1)
        for i in start.offset..<offset where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return Position(offset: offset, line: line, column: offset - lineStart + 1)
    }

    /// The positions of every element of the array at `path` (empty if it is not an array).
    func elementPositions(of path: [Step]) -> [Position] {
        guard var i = offset(of: path), byte(i) == UInt8(ascii: "[") else { return [] }
        var offsets: [Int] = []
        i = skipWhitespace(i + 1)
        if byte(i) == UInt8(ascii: "]") { return [] }
        while i < bytes.count {
            offsets.append(i)
            i = skipWhitespace(endOfValue(i))
            guard byte(i) == UInt8(ascii: ",") else { break }
            i = skipWhitespace(i + 1)
        }
        return positions(at: offsets)
    }

    /// The column of each Unicode scalar of the string value whose opening quote is at `start`,
    /// plus one for the closing quote; nil when the raw string is plain ASCII without escapes (its
    /// `n`-th scalar is then at `start.column + n`).
    func scalarColumns(inStringAt start: Position) -> [Int]? {
        var i = start.offset + 1
        var columns: [Int] = []
        var plain = true
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            columns.append(start.column + (i - start.offset))
            let lead = bytes[i]
            if lead == UInt8(ascii: "\\") {
                plain = false
                if byte(i + 1) == UInt8(ascii: "u") {
                    let high: Set<UInt8> = [UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b"),
                                            UInt8(ascii: "A"), UInt8(ascii: "B")]
                    let isHighSurrogate = i + 3 < bytes.count && (bytes[i + 2] | 0x20) == UInt8(ascii: "d")
                        && high.contains(bytes[i + 3])
                    i += isHighSurrogate ? 12 : 6
                } else {
                    i += 2
                }
            } else if lead < 0x80 {
                i += 1
            } else {
                plain = false
                i += lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            }
        }
        columns.append(start.column + (min(i, bytes.count) - start.offset))
        return plain ? nil : columns
    }

    // MARK: - Walking

    private func byte(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }

    private func skipWhitespace(_ start: Int) -> Int {
        var i = start
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return i
    }

    private func offset(of path: [Step], from start: Int = 0) -> Int? {
        var i = skipWhitespace(start)
        for step in path {
            switch step {
            case .key(let wanted):
                guard byte(i) == UInt8(ascii: "{") else { return nil }
                i = skipWhitespace(i + 1)
                var found = false
                while byte(i) == UInt8(ascii: "\"") {
                    let keyEnd = endOfString(i)
                    let key = decodeString(i, keyEnd)
                    i = skipWhitespace(keyEnd)
                    guard byte(i) == UInt8(ascii: ":") else { return nil }
                    i = skipWhitespace(i + 1)
                    if key == wanted { found = true; break }
                    i = skipWhitespace(endOfValue(i))
                    guard byte(i) == UInt8(ascii: ",") else { return nil }
                    i = skipWhitespace(i + 1)
                }
                if !found { return nil }
            case .index(let wanted):
                guard byte(i) == UInt8(ascii: "["), wanted >= 0 else { return nil }
                i = skipWhitespace(i + 1)
                if byte(i) == UInt8(ascii: "]") { return nil }
                var index = 0
                while index < wanted {
                    i = skipWhitespace(endOfValue(i))
                    guard byte(i) == UInt8(ascii: ",") else { return nil }
                    i = skipWhitespace(i + 1)
                    index += 1
                }
            }
        }
        return i < bytes.count ? i : nil
    }

    /// The offset just after the string that starts (with its quote) at `start`.
    private func endOfString(_ start: Int) -> Int {
        var i = start + 1
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
            if bytes[i] == UInt8(ascii: "\"") { return i + 1 }
            i += 1
        }
        return bytes.count
    }

    private func decodeString(_ start: Int, _ end: Int) -> String? {
        let slice = Array(bytes[start..<min(end, bytes.count)])
        if !slice.contains(UInt8(ascii: "\\")) { return String(decoding: slice.dropFirst().dropLast(), as: UTF8.self) }
        if case .string(let text)? = try? JSONValue.parse(slice) { return text }
        return nil
    }

    /// The offset just after the value that starts at `start`.
    private func endOfValue(_ start: Int) -> Int {
        guard let first = byte(start) else { return bytes.count }
        switch first {
        case UInt8(ascii: "\""):
            return endOfString(start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = start
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""): i = endOfString(i); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return bytes.count
        default:
            var i = start
            while i < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D]
                .contains(bytes[i]) { i += 1 }
            return i
        }
    }

    // MARK: - Lines and columns

    private func position(at offset: Int) -> Position {
        positions(at: [offset])[0]
    }

    /// Positions of ascending offsets, in one pass over the text.
    private func positions(at offsets: [Int]) -> [Position] {
        var result: [Position] = []
        result.reserveCapacity(offsets.count)
        var line = 1, lineStart = 0, i = 0
        for offset in offsets {
            let target = min(offset, bytes.count)
            while i < target {
                if bytes[i] == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
                i += 1
            }
            result.append(Position(offset: target, line: line, column: target - lineStart + 1))
        }
        return result
    }
}
