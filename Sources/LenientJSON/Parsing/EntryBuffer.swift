/// The growable storage of a ``ValueMap``'s entries: three words per value, written once by
/// a scanner (or the tree builder) and then only read.
final class EntryBuffer {
    private(set) var base: UnsafeMutablePointer<Int>
    /// Words written so far.
    private(set) var count = 0
    private var capacity: Int
    /// Whether the text had a comma before a closing `]` or `}`: invalid JSON that
    /// `JSONDecoder` accepts, so such a document is decoded exactly as `JSONDecoder` would.
    var hasTrailingComma = false

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 48)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The number of entries written so far.
    @inline(__always) var entryCount: Int { count / ValueMap.entryWidth }

    @inline(__always) func append(_ first: Int, _ second: Int, _ third: Int) {
        if count &+ 3 > capacity { grow() }
        base[count] = first
        base[count &+ 1] = second
        base[count &+ 2] = third
        count &+= 3
    }

    @inline(__always) subscript(index: Int) -> Int {
        get { base[index] }
        set { base[index] = newValue }
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Int>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
