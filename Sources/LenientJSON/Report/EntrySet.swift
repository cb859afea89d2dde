/// A set of a document's entries, one bit each: which values lookups read, and which objects
/// were looked at already (`Report/UnusedKeyTracker.swift`). Raw memory, so that adding an
/// entry costs no uniqueness check; its owner frees it with ``deallocate()``. An entry outside
/// the document is never in the set.
struct EntrySet {
    private let words: UnsafeMutablePointer<UInt64>
    /// How many words of 64 entries the set has.
    let wordCount: Int

    /// An empty set of entries `0..<count`.
    init(count: Int) {
        wordCount = (Swift.max(count, 0) &+ 63) / 64
        words = .allocate(capacity: Swift.max(wordCount, 1))
        words.initialize(repeating: 0, count: Swift.max(wordCount, 1))
    }

    /// Frees the set's memory; the set is not used again.
    func deallocate() {
        words.deallocate()
    }

    /// Adds `entry`; whether it was not in the set before (`false` for an entry outside the
    /// document, which is not added).
    @inline(__always) @discardableResult
    func insert(_ entry: Int) -> Bool {
        guard entry >= 0, entry >> 6 < wordCount else { return false }
        let bit: UInt64 = 1 << UInt64(entry & 63)
        let old = words[entry >> 6]
        words[entry >> 6] = old | bit
        return old & bit == 0
    }

    /// Empties the set.
    func removeAll() {
        words.update(repeating: 0, count: wordCount)
    }

    /// Takes `entry` out of the set.
    func remove(_ entry: Int) {
        guard entry >= 0, entry >> 6 < wordCount else { return }
        words[entry >> 6] &= ~(1 << UInt64(entry & 63))
    }

    func contains(_ entry: Int) -> Bool {
        guard entry >= 0, entry >> 6 < wordCount else { return false }
        return words[entry >> 6] & (1 << UInt64(entry & 63)) != 0
    }

    /// Whether some entry of `range` is in the set.
    func containsAny(in range: Range<Int>) -> Bool {
        let lower = Swift.max(range.lowerBound, 0)
        let upper = Swift.min(range.upperBound, wordCount &* 64)
        guard lower < upper else { return false }
        let first = lower >> 6
        let last = (upper &- 1) >> 6
        for index in first...last {
            var word = words[index]
            if index == first { word &= ~0 << UInt64(lower & 63) }
            if index == last { word &= ~0 >> UInt64(63 &- ((upper &- 1) & 63)) }
            if word != 0 { return true }
        }
        return false
    }
}
