/// Runs of ASCII digits, eight bytes at a time (the number scanner and ``FastDouble``).
enum DigitRuns {
    /// The high bit of each byte of the little-endian `word` that is not an ASCII digit,
    /// exact up to and including the lowest one set.
    @inline(__always) static func nonDigits(_ word: UInt64) -> UInt64 {
        // A digit is 0x30...0x39: high nibble 3, and still 3 after adding 6. A byte of 0xFA or
        // more carries into the next byte, but is itself flagged first.
        let high = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
        let shifted = ((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
        let differing = high | shifted
        // The high bit of each nonzero byte, without carries between bytes.
        return (((differing & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | differing) & 0x8080_8080_8080_8080
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

    /// `mantissa × 10^count` plus the value of the `count` digits at `start`, wrapping on
    /// overflow (the caller counts significant digits to know whether it did).
    @inline(__always)
    static func accumulate(_ mantissa: UInt64, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> UInt64 {
        var value = mantissa
        var index = start
        let end = start &+ count
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while index &+ 8 <= end {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            value = value &* 100_000_000 &+ eightDigits(word)
            index &+= 8
        }
        while index < end {
            value = value &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
            index &+= 1
        }
        return value
    }

    /// The value of eight ASCII digits, the first in the lowest byte.
    @inline(__always) static func eightDigits(_ word: UInt64) -> UInt64 {
        var value = word & 0x0F0F_0F0F_0F0F_0F0F
        value = (value &* (10 << 8 + 1)) &>> 8  // pairs of digits
        value = ((value & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) &>> 16  // groups of four
        return ((value & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) &>> 32
    }
}
