/// The hash of a key's spelling (its UTF-8 bytes) in a path pattern (``CodingPathNode``'s
/// `patternHash`): every named key of every event that statistics count is hashed, so the hash
/// reads eight bytes at a step, each folded into the state by one full-width multiplication,
/// rather than `Hasher`'s SipHash, which cost more than the rest of counting an event.
///
/// Each word read is mixed with a seed drawn once per process (as `Hasher`'s), so that which
/// spellings collide cannot be known from the input alone (SpellingHashTests).
enum SpellingHash {
    /// The process's seed.
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5370_656C_6C69_6E67 as UInt64)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }()

    /// The hash of `bytes`.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let seed = Self.seed
        let count = bytes.count
        var hash = seed ^ 0x2D35_8DCC_AA6C_78A5
        var offset = 0
        while offset &+ 8 <= count {
            hash = mix(hash, word(bytes, at: offset), seed)
            offset &+= 8
        }
        let left = count &- offset
        if left >= 4 {
            // Two loads of four bytes that may overlap: every byte left, in a place fixed by `left`.
            let low = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            hash = mix(hash, low | high << 32, seed)
        } else if left > 0 {
            let tail =
                UInt64(bytes[offset]) | UInt64(bytes[offset &+ left >> 1]) << 8 | UInt64(bytes[count &- 1]) << 16
            hash = mix(hash, tail, seed)
        }
        return mix(hash, UInt64(count), seed)
    }

    /// The eight bytes at `offset`, the first the lowest.
    private static func word(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// `hash` with `word` folded in: the high and low halves of their full-width product, each
    /// first mixed with a constant or the seed, so that no bit of either passes through as it was.
    private static func mix(_ hash: UInt64, _ word: UInt64, _ seed: UInt64) -> UInt64 {
        let product = (hash ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: word ^ seed)
        return product.high ^ product.low
    }
}
