/// The growable storage of a ``ValueMap``'s entries: three 32-bit words (12 bytes) per value,
/// written once by a scanner (or the tree builder) and then only read.
///
/// 32 bits hold every byte offset and entry index of a document below ``maxBytes`` (4 GiB;
/// larger input is refused before it is scanned). A container's header word keeps its kind
/// and flags in the low byte and its child count above them, up to ``countLimit``; a container
/// with more children stores the limit, and ``ValueMap/childCount(_:)`` counts them.
final class EntryBuffer {
    private(set) var base: UnsafeMutablePointer<UInt32>
    /// The number of entries written so far.
    private(set) var entryCount = 0
    /// Entries that fit in `base`.
    private var capacity: Int

    /// The largest child count a container's header word holds (24 bits).
    static let countLimit = 0xFF_FFFF
    /// The largest input, in bytes, whose offsets and entry indices fit in 32 bits (with room
    /// for the entries a ``ValueMap`` appends).
    static let maxBytes = Int(UInt32.max) - 16

    /// Storage for `capacity` words (a third as many entries; at least 16).
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 48) / ValueMap.entryWidth
        base = .allocate(capacity: self.capacity &* ValueMap.entryWidth)
    }

    deinit { base.deallocate() }

    /// Words written so far.
    var count: Int { entryCount &* ValueMap.entryWidth }

    /// Appends an entry; every value fits in 32 bits (see ``maxBytes``).
    @inline(__always) func append(_ first: Int, _ second: Int, _ third: Int) {
        if entryCount == capacity { grow() }
        let word = base + entryCount &* 3
        word[0] = UInt32(truncatingIfNeeded: first)
        word[1] = UInt32(truncatingIfNeeded: second)
        word[2] = UInt32(truncatingIfNeeded: third)
        entryCount &+= 1
    }

    /// Completes container `entry` once its last descendant is written: its header (kind and
    /// flags, `childCount` up to ``countLimit``) and the entry of its next sibling.
    @inline(__always) func close(_ entry: Int, header: Int, childCount: Int) {
        base[entry &* 3] = UInt32(truncatingIfNeeded: header | Swift.min(childCount, Self.countLimit) &<< 8)
        base[entry &* 3 &+ 2] = UInt32(truncatingIfNeeded: entryCount)
    }

    /// The flags of the entry written last.
    @inline(__always) var lastFlags: Int { Int(base[entryCount &* 3 &- 3] & 0xF0) }

    /// Drops the entries from `count` on (a partial document's map, read by a snapshot with
    /// entries of its own after the complete ones: `Partial/PartialScanner+ValueMap.swift`).
    func truncate(to count: Int) {
        entryCount = Swift.min(Swift.max(count, 0), entryCount)
    }

    /// A buffer of its own holding the first `count` entries of this one.
    func copy(count: Int? = nil) -> EntryBuffer {
        let kept = Swift.min(count ?? entryCount, entryCount)
        let copy = EntryBuffer(capacity: Swift.max(kept, 16) &* ValueMap.entryWidth)
        copy.base.initialize(from: base, count: kept &* ValueMap.entryWidth)
        copy.entryCount = kept
        return copy
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity * 3)
        newBase.moveInitialize(from: base, count: entryCount * 3)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
