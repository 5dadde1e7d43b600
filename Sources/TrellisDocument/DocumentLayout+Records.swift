import Trellis

extension DocumentLayout {
    /// The ``Record`` of each constraint a document made, found by the constraint's identity.
    ///
    /// The building steps make the constraints one after another and record them in the order
    /// they were made, so the records are kept in one array sorted by ``LayoutConstraint/ID`` and
    /// found by bisection: a fraction of a dictionary's memory (a dictionary of 13,000 records
    /// reserved 32,768 buckets) and no hashing while a document is built. A record out of order
    /// (a constraint made before one already recorded) sorts the array once, when it is sealed.
    struct Records {
        private var records: [Record] = []
        private var isSorted = true

        /// Room for `count` records.
        mutating func reserveCapacity(_ count: Int) { records.reserveCapacity(count) }

        /// Adds a record (a constraint recorded twice keeps its last record).
        mutating func append(_ record: Record) {
            if let last = records.last, last.constraint.id >= record.constraint.id {
                isSorted = false
            }
            records.append(record)
        }

        /// The records sorted by identity, each constraint once (its last record): ready for lookups.
        func sealed() -> Records {
            guard !isSorted else { return self }
            var latest: [LayoutConstraint.ID: Int] = [:]
            for (index, record) in records.enumerated() { latest[record.constraint.id] = index }
            var copy = Records()
            copy.records = latest.values.map { records[$0] }.sorted { $0.constraint.id < $1.constraint.id }
            return copy
        }

        /// The record of the constraint with identity `id`, if the document made it.
        subscript(id: LayoutConstraint.ID) -> Record? {
            var low = 0, high = records.count
            while low < high {
                let middle = (low + high) / 2
                let probe = records[middle].constraint.id
                if probe == id { return records[middle] }
                if probe < id { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }
}
