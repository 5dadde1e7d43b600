import Synchronization

/// A process-unique, `Sendable` identity of a layout item, used to key ``LayoutSnapshot`` frames.
///
/// Unlike `ObjectIdentifier` it is never reused after the item is gone, so a snapshot computed
/// earlier can never be applied to the wrong item.
///
/// ```swift
/// let key = title.key
/// snapshot[key]          // title's frame in the snapshot
/// ```
public struct LayoutItemKey: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The creation number of the item (1, 2, 3, … in the order items are created in this process).
    public let rawValue: UInt64

    /// Wraps a creation number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    private static let counter = Atomic<UInt64>(0)

    /// A new, unused key.
    static func next() -> LayoutItemKey {
        LayoutItemKey(rawValue: counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    /// Orders keys by creation.
    public static func < (lhs: LayoutItemKey, rhs: LayoutItemKey) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Reads like `#12`.
    public var description: String { "#\(rawValue)" }
}
