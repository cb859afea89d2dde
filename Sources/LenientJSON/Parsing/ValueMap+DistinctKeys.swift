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
            for (key, _) in members(of: object) {
                let signature = keySignature(key) | 1  // 0 marks an empty slot
                var index = Int(truncatingIfNeeded: (signature &* 0x9E37_79B9_7F4A_7C15) >> shift)
                while table[index] != 0 {
                    if table[index] == signature { return false }
                    index = (index &+ 1) & (capacity &- 1)
                }
                table[index] = signature
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
            for i in 0..<count { head |= UInt64(bytes[start &+ i]) &<< UInt64(i &* 8) }
        }
        return (head ^ (tail &* 0xFF51_AFD7_ED55_8CCD)) &+ UInt64(count) &* 0xC4CE_B9FE_1A85_EC53
    }
}
