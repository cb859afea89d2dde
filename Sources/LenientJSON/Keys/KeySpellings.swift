/// What normalized matching works out about a key spelling (its normalized form, that form's
/// hash, whether it has a letter), kept by the spelling's bytes for the rest of a decode.
///
/// A respelled document spells its keys a few ways each, the same ways in every object (a messy
/// twitter's 13,345 keys are 512 spellings), and its models ask for the same few keys again and
/// again: each object's keys were hashed as its summary was made (``NormalizedKeyHashes``), and
/// each lookup hashed its model key and compared the key found with it letter by letter. Kept
/// here, a spelling seen before costs a table probe: four words compared (messy twitter 48.56 M
/// instructions a decode before, 46.44 M after; Benchmarks `instructions lenient messy_twitter`).
///
/// Unsafe for that figure: the slots are plain memory and a spelling's words are unaligned loads.
/// A slot's index is masked to the table; a load reads only the spelling's own bytes
/// (``words(_:count:)``); a spelling the table does not keep (empty, or longer than ``longest``)
/// takes the rules' own path, which `KeySpellingsTests` runs.
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

    /// The slot that keeps what is worked out about UTF-8 `text`, made the first time it was
    /// asked for; `nil` for an empty spelling or one longer than ``longest``. Valid until the next
    /// lookup, which may take the slot for another spelling: read what is needed at once.
    @inline(__always)
    func slot(of text: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<Spelling>? {
        // An empty spelling would match an empty slot (length 0).
        guard let base = text.baseAddress, text.count > 0, text.count <= Self.longest else { return nil }
        let words = Self.words(base, count: text.count)
        let count = UInt8(truncatingIfNeeded: text.count)
        let mixed = (words.0 ^ words.1 &* 0x9E37_79B9_7F4A_7C15 ^ words.2 ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
        let set = slots + (Int(truncatingIfNeeded: mixed &>> 40) & setMask) &* 2
        if Self.holds(set, words, count) { return set }
        if Self.holds(set + 1, words, count) { return set + 1 }
        // The newer spelling first, the older second; the second goes.
        (set + 1).pointee = set.pointee
        set.pointee = Self.spelling(text, words)
        return set
    }

    /// ``NormalizedKeyHashes/hash(normalizing:)`` of `text`, kept where it can be.
    @inline(__always)
    func normalizedHash(of text: UnsafeBufferPointer<UInt8>) -> UInt32 {
        slot(of: text)?.pointee.hash ?? NormalizedKeyHashes.hash(normalizing: text)
    }

    /// ``KeyNormalization/hasLetter(_:)`` of `text` and ``normalizedHash(of:)``.
    @inline(__always)
    func letterAndHash(of text: UnsafeBufferPointer<UInt8>) -> (hasLetter: Bool, hash: UInt32) {
        guard let slot = slot(of: text) else {
            return (KeyNormalization.hasLetter(text), NormalizedKeyHashes.hash(normalizing: text))
        }
        return (slot.pointee.hasLetter, slot.pointee.hash)
    }

    /// ``KeyNormalization/normalizeAlike(_:_:)`` of `a` and `b`: their kept normalized forms
    /// compared, where both are kept.
    @inline(__always)
    func normalizeAlike(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = slot(of: a) else { return KeyNormalization.normalizeAlike(a, b) }
        // Read before `b`'s lookup, which may take the slot.
        let (form, count) = (first.pointee.normalized, first.pointee.normalizedCount)
        guard let second = slot(of: b) else { return KeyNormalization.normalizeAlike(a, b) }
        return count == second.pointee.normalizedCount && form.0 == second.pointee.normalized.0
            && form.1 == second.pointee.normalized.1 && form.2 == second.pointee.normalized.2
            && form.3 == second.pointee.normalized.3
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
