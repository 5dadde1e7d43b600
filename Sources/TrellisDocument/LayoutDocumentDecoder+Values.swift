import Trellis
import TrellisSupport

// Decoding values shared by every kind of entry: ids, numbers in range, insets, priorities.
extension LayoutDocumentDecoder {
    /// The suffixes an id may not end with: they would be read as a reference to another item.
    static let reservedSegments: Set<String> = ItemResolver.suffixes
    /// The longest id accepted.
    static let maximumIDLength = 128

    // MARK: - Values

    enum Range {
        case positive, nonNegative, any
    }

    /// Whether `id` is dotted segments of ASCII letters, digits and `_`, each starting with a letter
    /// or `_`, at most ``maximumIDLength`` characters (one pass over its bytes: every valid id is ASCII).
    static func isValidID(_ id: String) -> Bool {
        // (Over the bytes' buffer: the view's iterator cost a document's build more than the check.)
        id.utf8.withContiguousStorageIfAvailable(isValidID) ?? isValidID(Array(id.utf8))
    }

    private static func isValidID(_ utf8: some Collection<UInt8>) -> Bool {
        guard !utf8.isEmpty, utf8.count <= maximumIDLength else { return false }
        var atSegmentStart = true
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "."):
                if atSegmentStart { return false }
                atSegmentStart = true
            case UInt8(ascii: "_"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                atSegmentStart = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if atSegmentStart { return false }
            default:
                return false
            }
        }
        return !atSegmentStart
    }

    func identifier(_ value: JSONValue?, path: @autoclosure () -> [Step],
                    subject: @autoclosure () -> String) throws(LayoutDocumentError) -> String {
        guard let value else {
            throw failure(Array(path().dropLast()), "\(subject()): missing field \"id\"")
        }
        guard case .string(let id) = value else {
            throw failure(path(), "\(subject()): id must be a string, found \(value.kind)")
        }
        guard Self.isValidID(id) else {
            let shown = LayoutDocument.ConstraintEntry.shortened(id)
            throw failure(path(), "\(subject()): invalid id \"\(shown)\": use letters, digits and _, optionally in "
                + "dotted segments (cell1.title), each starting with a letter or _, at most \(Self.maximumIDLength) characters")
        }
        if let last = Self.reservedLastSegment(of: id) {
            throw failure(path(), "\(subject()): an id may not end with .\(last) (it names the \(last) of another item)")
        }
        return id
    }

    /// The last segment of `id` when it is a reserved one (`superview`, …), else nil.
    static func reservedLastSegment(of id: String) -> Substring? {
        // The last segment (ids are ASCII: found on the bytes), compared with the few reserved ones
        // only when it is as long as one of them (nearly never: no substring made, no comparison).
        let utf8 = id.utf8
        let length = utf8.withContiguousStorageIfAvailable { bytes in
            var start = bytes.count
            while start > 0, bytes[start - 1] != UInt8(ascii: ".") { start -= 1 }
            return bytes.count - start
        }
        if let length, !reservedSegmentLengths.contains(length) { return nil }
        let last = utf8.lastIndex(of: UInt8(ascii: ".")).map { Substring(utf8[utf8.index(after: $0)...]) } ?? id[...]
        return reservedSegments.contains(where: { $0 == last }) ? last : nil
    }

    /// The lengths, in bytes, of ``reservedSegments``.
    private static let reservedSegmentLengths: [Int] = reservedSegments.map(\.utf8.count)

    /// A `true`/`false` field (`path` names the field itself).
    func flag(_ value: JSONValue, path: @autoclosure () -> [Step], subject: @autoclosure () -> String,
              field: @autoclosure () -> String) throws(LayoutDocumentError) -> Bool {
        guard case .bool(let on) = value else {
            throw failure(path(), "\(subject()): \(field()) must be true or false, found \(value.kind)")
        }
        return on
    }

    func number(_ value: JSONValue, path: @autoclosure () -> [Step], subject: @autoclosure () -> String,
                field: @autoclosure () -> String, range: Range)
        throws(LayoutDocumentError) -> Double
    {
        guard case .number(let number) = value else {
            throw failure(path(), "\(subject()): \(field()) must be a number, found \(value.kind)")
        }
        let limit = LayoutDocument.maximumMagnitude
        switch range {
        case .positive where !(number > 0 && number <= limit):
            throw failure(path(), "\(subject()): \(field()) must be positive and at most 1e6, not \(NumberFormat.short(number))")
        case .nonNegative where !(number >= 0 && number <= limit):
            throw failure(path(), "\(subject()): \(field()) must be between 0 and 1e6, not \(NumberFormat.short(number))"
                + (number < 0 ? " (leave a component out for no intrinsic size on that axis)" : ""))
        case .any where !(abs(number) <= limit):
            throw failure(path(), "\(subject()): \(field()) must be between -1e6 and 1e6, not \(NumberFormat.short(number))")
        default:
            return number + 0
        }
    }

    func insets(_ value: JSONValue, path: @autoclosure () -> [Step], subject: @autoclosure () -> String,
                field: @autoclosure () -> String) throws(LayoutDocumentError)
        -> EdgeInsets
    {
        switch value {
        case .number:
            return EdgeInsets(try number(value, path: path(), subject: subject(), field: field(), range: .any))
        case .object(let members):
            try checkKeys(members, allowed: ["top", "left", "bottom", "right"], path: path(), subject: "\(subject()): \(field())")
            var sides: [Double] = []
            for side in ["top", "left", "bottom", "right"] {
                if let sideValue = value[side] {
                    sides.append(try number(sideValue, path: path() + [.key(side)], subject: subject(),
                                            field: "\(field()).\(side)", range: .any))
                } else {
                    sides.append(0)
                }
            }
            return EdgeInsets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
        default:
            throw failure(path(), "\(subject()): \(field()) must be a number or an object with top, left, bottom, right, "
                + "found \(value.kind)")
        }
    }

    func priorities(_ value: JSONValue, path: @autoclosure () -> [Step], subject: @autoclosure () -> String,
                    field: @autoclosure () -> String,
                    default fallback: LayoutDocument.AxisPriorities) throws(LayoutDocumentError)
        -> LayoutDocument.AxisPriorities
    {
        func priority(_ value: JSONValue, _ at: @autoclosure () -> [Step], _ name: @autoclosure () -> String)
            throws(LayoutDocumentError) -> Priority
        {
            guard case .number(let number) = value else {
                throw failure(at(), "\(subject()): \(name()) must be a priority (a number in 1...1000), found \(value.kind)")
            }
            guard number >= 1, number <= 1000 else {
                throw failure(at(), "\(subject()): \(name()) priority \(NumberFormat.short(number)) is outside 1...1000")
            }
            return Priority(Float(number))
        }
        switch value {
        case .number:
            let both = try priority(value, path(), field())
            return .init(horizontal: both, vertical: both)
        case .object(let members):
            try checkKeys(members, allowed: ["horizontal", "vertical"], path: path(), subject: "\(subject()): \(field())")
            var result = fallback
            if let h = value["horizontal"] { result.horizontal = try priority(h, path() + [.key("horizontal")], "\(field()).horizontal") }
            if let v = value["vertical"] { result.vertical = try priority(v, path() + [.key("vertical")], "\(field()).vertical") }
            return result
        default:
            throw failure(path(), "\(subject()): \(field()) must be a priority or an object with horizontal and vertical, "
                + "found \(value.kind)")
        }
    }
}
