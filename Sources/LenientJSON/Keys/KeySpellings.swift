/// What normalized matching works out about a key spelling (its normalized form, that form's
/// hash, whether it has a letter), kept by the spelling's bytes for the rest of a decode.
///
/// A respelled document spells its keys a few ways each, the same ways in every object (a messy
/// twitter's 13,345 keys are 512 spellings), and its models ask for the same few keys again and
/// again: each object's keys were hashed as its summary was made (``NormalizedKeyHashes``), and
/// each lookup hashed its model key and compared the key found with it letter by letter. Kept
/// here, a spelling seen before costs a table probe: four words compared.
///
/// A set-associative table of two slots a set, each slot keeping a spelling of up to
/// ``longest`` bytes as four zero-padded words and its length, so that a slot answers for
/// exactly the bytes it was made from: two spellings that share a set only evict each other.
/// A longer spelling is worked out each time (``normalizedHash(of:)`` of ``KeyNormalization``'s
/// rules, as before). Plain memory, no reference: the ``NormalizedKeyHashes`` that owns it frees
/// it (``deallocate()``). `KeySpellingsTests` compares every answer with the rules' own.
struct KeySpellings {
    /// One spelling and what normalized matching works out about it.
    struct Spelling {
        /// The spelling's bytes, eight to a word, the first the lowest; zero past its length.
        var bytes: (UInt64, UInt64, UInt64, UInt64)
        /// The normalized form's bytes, as ``bytes``.
        var normalized: (UInt64, UInt64, UInt64, UInt64)
        /// The spelling's length in bytes; 0 in a slot that holds none.
        var count: UInt8
        /// The normalized form's length in bytes.
        var normalizedCount: UInt8
        /// Whether the spelling has a letter (``KeyNormalization/hasLetter(_:)``).
        var hasLetter: Bool
        /// ``NormalizedKeyHashes/hash(normalizing:)`` of the spelling.
        var hash: UInt32

        /// Whether `other` normalizes alike: ``KeyNormalization/normalizeAlike(_:_:)``, compared
        /// as the normalized forms' words.
        func normalizesAlike(_ other: Spelling) -> Bool {
            normalizedCount == other.normalizedCount && normalized.0 == other.normalized.0
                && normalized.1 == other.normalized.1 && normalized.2 == other.normalized.2
                && normalized.3 == other.normalized.3
        }
    }

    /// The longest spelling kept: 99 % of a messy twitter's keys, all of a messy citm_catalog's.
    static let longest = 32

    private let slots: UnsafeMutablePointer<Spelling>
    /// The number of sets less one (a power of two less one).
    private let setMask: Int

    /// A table for a document of `entryCount` entries: a set per sixteen entries, from 8 to 1,024
    /// sets (about 150 KB; a messy twitter's 660 spellings, its keys' and its models', fill a third of
    /// them, and 512 sets made its decode 0.7 % dearer than 1,024 for its evictions).
    init(entryCount: Int) {
        var sets = 8
        while sets < 1024 && sets &* 16 < entryCount { sets &<<= 1 }
        setMask = sets &- 1
        slots = .allocate(capacity: sets &* 2)
        // Initialized slot by slot: zeroing the bytes with `memset` took five times the instructions.
        slots.initialize(
            repeating: Spelling(
                bytes: (0, 0, 0, 0), normalized: (0, 0, 0, 0), count: 0, normalizedCount: 0, hasLetter: false, hash: 0),
            count: sets &* 2)
    }

    /// Frees the memory; called once, by the table that made this one.
    func deallocate() {
        slots.deallocate()
    }

    /// What is worked out about UTF-8 `text`, kept from the first time it was asked for; `nil`
    /// for an empty spelling or one longer than ``longest``.
    @inline(__always)
    func spelling(of text: UnsafeBufferPointer<UInt8>) -> Spelling? {
        // An empty spelling would match an empty slot (length 0).
        guard let base = text.baseAddress, text.count > 0, text.count <= Self.longest else { return nil }
        let words = Self.words(base, count: text.count)
        let count = UInt8(truncatingIfNeeded: text.count)
        let mixed = (words.0 ^ words.1 &* 0x9E37_79B9_7F4A_7C15 ^ words.2 ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
        let set = slots + (Int(truncatingIfNeeded: mixed &>> 40) & setMask) &* 2
        if Self.holds(set, words, count) { return set.pointee }
        if Self.holds(set + 1, words, count) { return (set + 1).pointee }
        let made = Self.spelling(text, words)
        // The newer spelling first, the older second; the second goes.
        (set + 1).pointee = set.pointee
        set.pointee = made
        return made
    }

    /// ``NormalizedKeyHashes/hash(normalizing:)`` of `text`, kept where it can be.
    @inline(__always)
    func normalizedHash(of text: UnsafeBufferPointer<UInt8>) -> UInt32 {
        spelling(of: text)?.hash ?? NormalizedKeyHashes.hash(normalizing: text)
    }

    /// Whether `slot` holds the spelling whose words are `words` and length `count`.
    @inline(__always)
    private static func holds(
        _ slot: UnsafeMutablePointer<Spelling>, _ words: (UInt64, UInt64, UInt64, UInt64), _ count: UInt8
    ) -> Bool {
        slot.pointee.count == count && slot.pointee.bytes.0 == words.0 && slot.pointee.bytes.1 == words.1
            && slot.pointee.bytes.2 == words.2 && slot.pointee.bytes.3 == words.3
    }

    /// What is worked out about `text` (of at most ``longest`` bytes, whose words are `words`), by
    /// the rules themselves.
    private static func spelling(_ text: UnsafeBufferPointer<UInt8>, _ words: (UInt64, UInt64, UInt64, UInt64))
        -> Spelling
    {
        var normalized: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var normalizedCount = 0
        withUnsafeMutableBytes(of: &normalized) { form in
            for byte in text {
                let folded = KeyNormalization.foldedOrZero(byte)
                if folded != 0 {
                    form[normalizedCount] = folded
                    normalizedCount &+= 1
                }
            }
        }
        // The bytes were stored in memory order; read as numbers, they are little-endian words.
        normalized = (
            UInt64(littleEndian: normalized.0), UInt64(littleEndian: normalized.1), UInt64(littleEndian: normalized.2),
            UInt64(littleEndian: normalized.3)
        )
        return Spelling(
            bytes: words, normalized: normalized, count: UInt8(truncatingIfNeeded: text.count),
            normalizedCount: UInt8(truncatingIfNeeded: normalizedCount), hasLetter: KeyNormalization.hasLetter(text),
            hash: NormalizedKeyHashes.hash(normalizing: text))
    }

    /// The `count` bytes at `base` (at most ``longest``) as four words, eight bytes each, the first
    /// the lowest, zero past `count`: equal words and lengths are equal bytes. Reads no byte
    /// outside the `count`: a word cut by the end is read as the last eight bytes, shifted.
    @inline(__always)
    static func words(_ base: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        guard count >= 8 else {
            var word: UInt64 = 0
            var index = 0
            while index < count {
                word |= UInt64(base[index]) &<< UInt64(index &* 8)
                index &+= 1
            }
            return (word, 0, 0, 0)
        }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func word(_ number: Int) -> UInt64 {
            let start = number &* 8
            if start &+ 8 <= count {
                return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            }
            if start >= count { return 0 }
            // The last eight bytes, of which the first `start + 8 - count` were read already.
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            return last &>> UInt64((start &+ 8 &- count) &* 8)
        }
        return (word(0), word(1), word(2), word(3))
    }
}
