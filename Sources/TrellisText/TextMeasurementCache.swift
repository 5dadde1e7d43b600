import Synchronization

/// Pango's measurements, shared by every thread, keyed by everything they depend on (text,
/// font, width in Pango units, line limit, break mode); a `Mutex` guards the table. A layout
/// pass asks again for the same widths every time it runs, so a pass that changes nothing calls
/// Pango not at all. When the table holds ``capacity`` entries it is emptied and starts over.
enum TextMeasurementCache {
    /// The most entries kept.
    static let capacity = 20_000

    private static let table = Mutex<[TextKey: TextMeasurement]>([:])

    /// The measurement of `key`: cached, or measured by this thread's Pango context and cached.
    static func measurement(of key: TextKey) -> TextMeasurement {
        if let known = table.withLock({ $0[key] }) { return known }
        let measured = PangoThreadContext.current.measure(key)
        table.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = measured
        }
        return measured
    }
}
