/// The entries a decode's lookups read (a member's value, or with a key path a value inside a
/// member), for ``LenientJSONDecoder/reportsUnusedKeys``: a set to ask whether an entry was
/// read, and the order in which entries first joined it, so that the reads of an abandoned
/// attempt can be taken back (``removeLast(downTo:)``). Raw memory, freed by ``deallocate()``:
/// a read costs a bit test, and a store the first time, and calls nothing.
struct ReadEntries {
    /// Every entry read so far.
    let set: EntrySet
    /// Room for every entry of the document, each of which joins the set at most once: the
    /// log never grows (pages the decode does not reach are never touched).
    private let order: UnsafeMutablePointer<Int>
    private let capacity: Int
    /// How many entries were read, for a mark to take back to.
    private(set) var count = 0

    /// No entries read, of a document of `entries` entries.
    init(entries: Int) {
        capacity = Swift.max(entries, 1)
        set = EntrySet(count: capacity)
        order = .allocate(capacity: capacity)
    }

    /// Frees the memory; the reads are not used again.
    func deallocate() {
        set.deallocate()
        order.deallocate()
    }

    /// Notes that `entry` was read.
    @inline(__always)
    mutating func insert(_ entry: Int) {
        guard set.insert(entry), count < capacity else { return }
        order[count] = entry
        count &+= 1
    }

    /// Takes back the entries that joined the set after the first `mark`.
    mutating func removeLast(downTo mark: Int) {
        guard count > mark else { return }
        if mark == 0, count > set.wordCount {
            // Most of the document read: clearing every word is quicker than clearing bits.
            set.removeAll()
            count = 0
            return
        }
        while count > mark {
            count &-= 1
            set.remove(order[count])
        }
    }
}
