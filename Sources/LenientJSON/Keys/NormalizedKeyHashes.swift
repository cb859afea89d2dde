/// The hash of each object key's normalized form (``KeyNormalization``), computed the first time normalized
/// matching reads the key and kept for the rest of the decode, and per object a summary that
/// lets most lookups stop early.
///
/// A document whose keys are spelled unlike the model's (`first_name` for `firstName`) misses
/// the exact lookup of nearly every property, and each miss compares the model key with the
/// keys of the object. With the hashes kept, each of those comparisons is one load and one
/// compare instead of a normalization of the key's text; only a key whose hash is equal is
/// compared byte by byte. An object whose keys all hash differently (``ObjectSummary``) can
/// have at most one key matching a model key, so its search stops at the first equal hash and
/// starts after the key matched last (models read keys mostly in document order), and a
/// filter of its hashes answers most lookups of absent keys at once. A valid document whose
/// keys match never makes this table.
///
/// A value of plain pointers, so that reading it from the map retains nothing: the map owns
/// the memory (``ValueMap/keyHashes()``) and frees it with ``deallocate()``.
struct NormalizedKeyHashes {
    /// What normalized matching knows about one object.
    struct ObjectSummary {
        /// The object entry this summary describes (-1: none yet).
        var object: Int
        /// The key entry where the next search starts; -1 when two keys of the object hash
        /// alike (then every search reads all keys, to see each candidate); -2 while the
        /// summary is not made yet (see ``searchesBeforeSummary``).
        var cursor: Int
        /// The searches made in the object so far, while it has no summary.
        var searches: Int
        /// Whether a search found a key spelled otherwise than the model's: the object is
        /// respelled, and exact lookups go through the summary too (see ``distinctSummary(of:)``).
        var isRespelled = false
        /// Bit `hash >> 25` of each key's hash: a hash whose bit is clear is no key's.
        var filter: (UInt64, UInt64)

        /// Whether a key of the object may have hash `hash`.
        @inline(__always) func mayContain(_ hash: UInt32) -> Bool {
            let bit = hash >> 25
            return bit < 64 ? filter.0 & (1 &<< UInt64(bit)) != 0 : filter.1 & (1 &<< UInt64(bit &- 64)) != 0
        }

        /// Adds `hash` to the filter.
        @inline(__always) mutating func insert(_ hash: UInt32) {
            let bit = hash >> 25
            if bit < 64 { filter.0 |= 1 &<< UInt64(bit) } else { filter.1 |= 1 &<< UInt64(bit &- 64) }
        }
    }

    /// One hash per entry of the map (only key entries are ever filled; 0 is "not computed
    /// yet"), made with the first summary: a valid document, whose objects are never respelled,
    /// does not pay four bytes per value for it.
    private let hashes: UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>
    private let count: Int
    /// Object summaries, by object entry modulo the slot count.
    private let summaries: UnsafeMutablePointer<ObjectSummary>
    private static let summarySlots = 256
    /// What normalized matching works out about each key spelling, made with the first summary,
    /// as ``hashes`` are (``spellings``).
    private let spellingTable: UnsafeMutablePointer<KeySpellings?>
    /// Searches in one object before its summary is made, if a search found a respelled key
    /// in it. Hashing every key of an object costs more than a few searches comparing keys as
    /// they are read (most differ at the first letter), so an object whose searches only look
    /// for absent Optionals (a valid document) never pays for it; a respelled document searches
    /// each object once per property.
    static let searchesBeforeSummary = 1

    init(entryCount: Int) {
        count = entryCount
        hashes = .allocate(capacity: 1)
        hashes.initialize(to: nil)
        summaries = .allocate(capacity: Self.summarySlots)
        summaries.initialize(
            repeating: ObjectSummary(object: -1, cursor: -2, searches: 0, filter: (0, 0)), count: Self.summarySlots)
        spellingTable = .allocate(capacity: 1)
        spellingTable.initialize(to: nil)
    }

    /// Frees the memory; called once, by the map that made the table.
    func deallocate() {
        hashes.pointee?.deallocate()
        hashes.deallocate()
        summaries.deallocate()
        spellingTable.pointee?.deallocate()
        spellingTable.deallocate()
    }

    /// The key spellings met so far, with their normalized forms and hashes: made at the first
    /// summary, so that a decode that never makes one (a valid document) never makes the table.
    /// Read only where a summary is made or used.
    var spellings: KeySpellings {
        if let table = spellingTable.pointee { return table }
        let table = KeySpellings(entryCount: count)
        spellingTable.pointee = table
        return table
    }

    /// The hash of key entry `entry`, from `compute` the first time it is asked for.
    @inline(__always)
    func hash(of entry: Int, _ compute: () throws -> UInt32) rethrows -> UInt32 {
        guard let hashes = hashes.pointee, entry >= 0 && entry < count else { return try compute() }
        let cached = hashes[entry]
        if cached != 0 { return cached }
        let hash = try compute()
        hashes[entry] = hash
        return hash
    }

    /// The summary of `object`, made by `make` at its search after ``searchesBeforeSummary``
    /// once it is known to be respelled, or `nil` before that.
    @inline(__always)
    func summary(of object: Int, _ make: () throws -> ObjectSummary) rethrows -> UnsafeMutablePointer<ObjectSummary>? {
        let slot = summaries + (object & (Self.summarySlots &- 1))
        if slot.pointee.object != object {
            slot.pointee = ObjectSummary(object: object, cursor: -2, searches: 0, filter: (0, 0))
        }
        if slot.pointee.cursor == -2 {
            slot.pointee.searches &+= 1
            guard slot.pointee.searches > Self.searchesBeforeSummary, slot.pointee.isRespelled else { return nil }
            if hashes.pointee == nil {
                let table = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
                table.initialize(repeating: 0, count: count)
                hashes.pointee = table
            }
            let isRespelled = slot.pointee.isRespelled
            slot.pointee = try make()
            slot.pointee.isRespelled = isRespelled
        }
        return slot
    }

    /// The summary of `object` if it has one, its keys hash distinctly and it is respelled,
    /// without counting a search. (In an object whose keys are spelled as the model's, the
    /// exact search from its cursor is cheaper than hashing the model key.)
    @inline(__always)
    func distinctSummary(of object: Int) -> UnsafeMutablePointer<ObjectSummary>? {
        let slot = summaries + (object & (Self.summarySlots &- 1))
        return slot.pointee.object == object && slot.pointee.cursor >= 0 && slot.pointee.isRespelled ? slot : nil
    }

    /// Records that a search in `object` found a key spelled otherwise than the model's.
    @inline(__always)
    func noteRespelled(_ object: Int) {
        let slot = summaries + (object & (Self.summarySlots &- 1))
        if slot.pointee.object == object { slot.pointee.isRespelled = true }
    }

    /// The hash of UTF-8 `text`'s normalized form (FNV-1a over the bytes that normalization
    /// keeps, lowercased); never 0. An already normalized key hashes to the same value as
    /// every spelling that normalizes to it.
    static func hash(normalizing text: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in text {
            let folded = KeyNormalization.foldedOrZero(byte)
            if folded != 0 { hash = (hash ^ UInt32(folded)) &* 16_777_619 }
        }
        return hash == 0 ? 1 : hash
    }
}
