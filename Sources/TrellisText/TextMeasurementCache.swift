#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Pango's measurements, shared by every thread, keyed by everything they depend on (text,
/// font, width in Pango units, line limit, break mode). A layout pass asks again for the same
/// widths every time it runs, so a pass that changes nothing calls Pango not at all. When the
/// table holds ``capacity`` entries it is emptied and starts over.
///
/// A `pthread` mutex guards the table (not `Synchronization.Mutex`, whose futex-based lock lives
/// in the uninstrumented standard library, so ThreadSanitizer cannot see it order accesses).
enum TextMeasurementCache {
    /// The most entries kept.
    static let capacity = 20_000

    private static let table = LockedTable()

    /// The measurement of `key`. A text that fits unwrapped in the width is laid out exactly as
    /// unwrapped (Pango breaks no line that fits, and shortens none), so its unwrapped
    /// measurement is reused: single-line labels and short texts cost one Pango layout whatever
    /// widths the layout tries.
    static func measurement(of key: TextKey) -> TextMeasurement {
        if key.widthUnits >= 0 {
            let unwrapped = cached(key.unwrapped)
            if unwrapped.size.width * TextKey.unitsPerPoint <= Double(key.widthUnits) { return unwrapped }
        }
        return cached(key)
    }

    /// The cached measurement of `key`, measured by this thread's Pango context when missing.
    private static func cached(_ key: TextKey) -> TextMeasurement {
        if let known = table.value(for: key) { return known }
        let measured = PangoThreadContext.current.measure(key)
        table.insert(measured, for: key, capacity: capacity)
        return measured
    }
}

/// A dictionary behind a `pthread` mutex.
private final class LockedTable: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var entries: [TextKey: TextMeasurement] = [:]

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func value(for key: TextKey) -> TextMeasurement? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return entries[key]
    }

    func insert(_ value: TextMeasurement, for key: TextKey, capacity: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = value
    }
}
