/// Runs of ASCII digits, eight bytes at a time (the number scanner, ``FastDouble`` and plain
/// integers).
enum DigitRuns {
    /// The high bit of each byte of the little-endian `word` that is not an ASCII digit,
    /// exact for every byte.
    @inline(__always) static func nonDigits(_ word: UInt64) -> UInt64 {
        // After the XOR a digit is 0x00...0x09. A byte of 0x0A...0x7F reaches the high bit when
        // 0x76 is added to it (its high bit is cleared first, so no byte carries into the next);
        // a byte of 0x80 or more has the high bit already.
        let x = word ^ 0x3030_3030_3030_3030
        return (((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080
    }

    /// The index of the first byte at or after `start` that is not a digit (`end` if none).
    @inline(__always)
    static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while index &+ 8 <= end {
            let flagged = nonDigits(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if flagged != 0 { return index &+ (flagged.trailingZeroBitCount &>> 3) }
            index &+= 8
        }
        while index < end && bytes[index] &- UInt8(ascii: "0") < 10 { index &+= 1 }
        return index
    }

    /// The digits at `start` in one pass, eight bytes at a time: the index of the first byte
    /// that is not a digit (`bytes.count` if none) and `mantissa × 10^digits` plus their value,
    /// wrapping on overflow (the caller counts significant digits to know whether it did).
    /// Reads only inside `bytes`: fewer than eight bytes before the end are read as the
    /// buffer's last eight, shifted.
    @inline(__always)
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, onto mantissa: UInt64) -> (
        end: Int, value: UInt64
    ) {
        let end = bytes.count
        var index = start
        var value = mantissa
        guard index < end, let address = bytes.baseAddress else { return (index, value) }
        let base = UnsafeRawPointer(address)
        while index &+ 8 <= end {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let flagged = nonDigits(word)
            if flagged != 0 {
                let count = flagged.trailingZeroBitCount &>> 3
                return (index &+ count, appending(word, digits: count, to: value))
            }
            value = value &* 100_000_000 &+ eightDigits(word)
            index &+= 8
        }
        guard index < end else { return (index, value) }
        if end >= 8 {
            // The last eight bytes moved down so that `index` is the lowest; the zero bytes
            // shifted in above them are not digits, so the run ends by the buffer's end.
            let last = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self))
            let word = last &>> UInt64((index &- (end &- 8)) &<< 3)
            let count = nonDigits(word).trailingZeroBitCount &>> 3
            return (index &+ count, appending(word, digits: count, to: value))
        }
        while index < end && bytes[index] &- UInt8(ascii: "0") < 10 {
            value = value &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
            index &+= 1
        }
        return (index, value)
    }

    /// `value × 10^digits` plus the value of the first `digits` (0...8) bytes of `word`.
    @inline(__always)
    private static func appending(_ word: UInt64, digits: Int, to value: UInt64) -> UInt64 {
        guard digits > 0 else { return value }
        // The digits moved to the top bytes: the zero bytes below them read as leading zeros.
        let digitsValue = eightDigits(word &<< UInt64((8 &- digits) &<< 3))
        return value &* tenPowers[digits] &+ digitsValue
    }

    /// 10^0 ... 10^8.
    private static let tenPowers: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// The value of eight ASCII digits, the first in the lowest byte.
    @inline(__always) static func eightDigits(_ word: UInt64) -> UInt64 {
        var value = word & 0x0F0F_0F0F_0F0F_0F0F
        value = (value &* (10 << 8 + 1)) &>> 8  // pairs of digits
        value = ((value & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) &>> 16  // groups of four
        return ((value & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) &>> 32
    }
}
