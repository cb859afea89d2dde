/// Where the next key search starts in a large object searched in place.
///
/// Synthesized `init(from:)` reads keys in declaration order, which is usually the order the
/// server wrote them, so a search that starts after the key found last mostly succeeds at
/// once. That is only correct when the object has no duplicate keys (the first of duplicates
/// must win, as in `JSONDecoder`), so each object is checked once before its cursor is used.
extension DecoderImpl {
    /// Objects with more members than this (keys and values) get a cursor; smaller ones are
    /// cheaper to search from the start.
    static let cursorThreshold = 16

    /// The cursor of `object`: a pointer to the entry of the key where the next search
    /// starts, or `nil` when the object is small or may hold duplicate keys.
    @inline(__always)
    func keyCursor(for object: Int) -> UnsafeMutablePointer<Int>? {
        guard map.childCount(object) > Self.cursorThreshold else { return nil }
        let slot = keyCursors + ((object & (Self.keyCursorSlots &- 1)) &<< 1)
        if slot[0] != object {
            slot[0] = object
            slot[1] = map.keysAreDistinct(object) ? object &+ 1 : -1
        }
        return slot[1] < 0 ? nil : slot + 1
    }
}

extension ValueMap {
    /// Whether no two keys of `object` could be equal. Keys are compared by a signature of
    /// their length and first and last eight bytes; two keys with the same signature count
    /// as possibly equal, which only costs the cursor.
    func keysAreDistinct(_ object: Int) -> Bool {
        let keyCount = childCount(object) / 2
        var capacity = 16
        while capacity < keyCount * 2 { capacity &<<= 1 }
        let shift = UInt64(64 - capacity.trailingZeroBitCount)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { table -> Bool in
            table.initialize(repeating: 0)
            var child = object &+ 1
            let end = length(object)
            while child < end {
                let signature = keySignature(child) | 1  // 0 marks an empty slot
                var index = Int(truncatingIfNeeded: (signature &* 0x9E37_79B9_7F4A_7C15) >> shift)
                while table[index] != 0 {
                    if table[index] == signature { return false }
                    index = (index &+ 1) & (capacity &- 1)
                }
                table[index] = signature
                child = next(after: child &+ 1)
            }
            return true
        }
    }

    /// A 64-bit digest of key entry `child`'s raw bytes: equal keys have equal signatures.
    @inline(__always)
    private func keySignature(_ child: Int) -> UInt64 {
        let start = offset(child)
        let count = length(child)
        let base = UnsafeRawPointer(bytes.baseAddress!)
        var head: UInt64
        var tail: UInt64 = 0
        if count >= 8 {
            head = base.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            tail = base.loadUnaligned(fromByteOffset: start &+ count &- 8, as: UInt64.self)
        } else if start &+ 8 <= bytes.count {
            // The key's bytes and the closing quote and beyond, masked to the key.
            head = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            head &= (1 &<< UInt64(count &* 8)) &- 1
        } else {
            head = 0
            for i in 0 ..< count { head |= UInt64(bytes[start &+ i]) &<< UInt64(i &* 8) }
        }
        return (head ^ (tail &* 0xFF51_AFD7_ED55_8CCD)) &+ UInt64(count) &* 0xC4CE_B9FE_1A85_EC53
    }
}
