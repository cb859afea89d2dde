import Foundation

/// The storage of report records that one ``LenientJSONDecoder`` keeps between its decodes: the
/// emptied buffer of a decode whose events only ``LenientJSONDecoder/statistics`` read, and how
/// many records its last decode whose report keeps them held, so that the next decode neither
/// frees and allocates that storage again nor grows an array by doubling.
///
/// `@unchecked Sendable` is sound: `spare` and `lastCount` are only read or written while
/// holding `lock`.
final class RecordBufferPool: @unchecked Sendable {
    private let lock = NSLock()
    /// Empty storage for records, with its capacity, kept from a decode whose events only
    /// statistics read, for the next such decode (``takeSpare()``).
    private var spare: [ReportCollector.Record] = []
    /// The most records the last decode with a report held at once: what the next such decode
    /// reserves room for (``newRecords()``).
    private var lastCount = 0

    /// The most records whose storage ``keepSpare(_:)`` keeps (some 9 MB).
    static let limit = 1 << 16

    /// The storage ``keepSpare(_:)`` kept (empty, with its capacity), taken so that no other
    /// decode uses it at the same time; an empty array when none is kept.
    func takeSpare() -> [ReportCollector.Record] {
        lock.withLock {
            var taken: [ReportCollector.Record] = []
            swap(&taken, &spare)
            return taken
        }
    }

    /// Keeps `records`' storage, emptied, for the next decode whose events only statistics read:
    /// that its records are not freed and allocated again at every decode (the allocator may
    /// give a buffer that large back to the system, and each decode would fault its pages in
    /// again). Storage for more than ``limit`` records is let go; of two, the larger is kept.
    func keepSpare(_ records: consuming [ReportCollector.Record]) {
        guard records.capacity <= Self.limit else { return }
        records.removeAll(keepingCapacity: true)
        lock.withLock { if records.capacity > spare.capacity { swap(&records, &spare) } }
    }

    /// Empty storage for the records of a decode whose report keeps them, with room for as many
    /// as the last such decode made (at most ``limit``): a service decodes documents of one
    /// shape, and an array grown by doubling copies its records and frees its old storage at
    /// every step.
    func newRecords() -> [ReportCollector.Record] {
        var records: [ReportCollector.Record] = []
        records.reserveCapacity(lock.withLock { lastCount })
        return records
    }

    /// Notes how many records a decode whose report keeps them held at most (``newRecords()``).
    func noteCount(_ count: Int) {
        let count = Swift.min(count, Self.limit)
        lock.withLock { lastCount = count }
    }
}
