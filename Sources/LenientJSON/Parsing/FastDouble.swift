/// Correctly rounded `Double`s from JSON number text by exact integer arithmetic, for the
/// numbers that make up nearly all real documents: at most 19 significant digits and a
/// decimal exponent within ±19 (±22 for short mantissas). Everything else returns `nil` and is
/// left to `strtod`.
///
/// - Mantissa up to 2^53 and exponent within ±22: one IEEE multiplication or division of two
///   exactly representable values, which rounds correctly by itself (Clinger's fast path).
/// - Otherwise `m × 10^k` is formed exactly in 128 bits, and `m / 10^k` as a 64-bit quotient
///   and remainder; either is rounded to 53 bits, half to even, with the bits below as sticky.
enum FastDouble {
    /// Exactly representable powers of ten.
    private static let doublePowers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The powers of ten that fit in 64 bits, written out: a literal array is initialized
    /// statically, so reading it costs no lazy-initialization check (`swift_once`).
    private static let integerPowers: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
        1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// The value of valid JSON number text (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`), or `nil`
    /// when it needs more than this fast path can do exactly.
    @inline(__always)
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = text.count
        guard n > 0 else { return nil }
        let negative = text[0] == UInt8(ascii: "-")
        let integerStart = negative ? 1 : 0
        var (i, mantissa) = DigitRuns.read(text, from: integerStart, onto: 0)
        // Anything off the JSON grammar (JSON5's `+1`, `.5`, `5.`) is left to strtod.
        guard i > integerStart else { return nil }
        var digits = i &- integerStart
        var exponent = 0
        if i < n && text[i] == UInt8(ascii: ".") {
            let fractionStart = i &+ 1
            (i, mantissa) = DigitRuns.read(text, from: fractionStart, onto: mantissa)
            guard i > fractionStart else { return nil }
            digits &+= i &- fractionStart
            exponent = fractionStart &- i
        }
        // More than 19 digits may have wrapped the mantissa; leading zeros do not count.
        if digits > 19 && significantDigits(text, from: integerStart, to: i) > 19 { return nil }
        if i < n {
            // The exponent part: [eE][+-]?\d+
            guard text[i] | 0x20 == UInt8(ascii: "e") else { return nil }
            i &+= 1
            var negativeExponent = false
            if i < n, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
                negativeExponent = text[i] == UInt8(ascii: "-")
                i &+= 1
            }
            guard i < n else { return nil }
            var value = 0
            while i < n {
                let digit = text[i] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int(digit)
                if value > 10_000 { return nil }
                i &+= 1
            }
            exponent &+= negativeExponent ? -value : value
        }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        guard let magnitude = magnitude(mantissa, exponent) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// The digits in `start..<end` after any leading zeros (and the point).
    private static func significantDigits(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        var leading = true
        for index in start..<end {
            let byte = text[index]
            if byte == UInt8(ascii: ".") { continue }
            if leading && byte == UInt8(ascii: "0") { continue }
            leading = false
            count &+= 1
        }
        return count
    }

    /// `mantissa × 10^exponent`, correctly rounded, or `nil` outside the fast path's range.
    @inline(__always)
    static func magnitude(_ mantissa: UInt64, _ exponent: Int) -> Double? {
        if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            let value = Double(mantissa)
            return exponent < 0 ? value / doublePowers[-exponent] : value * doublePowers[exponent]
        }
        if exponent >= 0 && exponent <= 19 {
            let (high, low) = mantissa.multipliedFullWidth(by: integerPowers[exponent])
            if high == 0 {
                let shift = low.leadingZeroBitCount
                return rounded(low &<< UInt64(shift), sticky: false, binaryExponent: -shift)
            }
            let shift = high.leadingZeroBitCount
            let top = shift == 0 ? high : (high &<< UInt64(shift)) | (low &>> UInt64(64 &- shift))
            let dropped = shift == 0 ? low : low &<< UInt64(shift)
            return rounded(top, sticky: dropped != 0, binaryExponent: 64 &- shift)
        }
        if exponent < 0 && exponent >= -19 {
            // mantissa / 10^k = (m' / d') × 2^(dShift − mShift), both normalized to 64 bits,
            // so m'/d' lies in (1/2, 2); the quotient is taken with 64 significant bits.
            let divisor = integerPowers[-exponent]
            let mShift = mantissa.leadingZeroBitCount
            let dShift = divisor.leadingZeroBitCount
            let m = mantissa &<< UInt64(mShift)
            let d = divisor &<< UInt64(dShift)
            let dividend: (high: UInt64, low: UInt64)
            var binaryExponent = dShift &- mShift
            if m < d {
                dividend = (m, 0)  // m × 2^64, quotient in [2^63, 2^64)
                binaryExponent &-= 64
            } else {
                dividend = (m &>> 1, m &<< 63)  // m × 2^63, quotient in [2^63, 2^64)
                binaryExponent &-= 63
            }
            let (quotient, remainder) = d.dividingFullWidth(dividend)
            return rounded(quotient, sticky: remainder != 0, binaryExponent: binaryExponent)
        }
        return nil
    }

    /// `bits × 2^binaryExponent` rounded to 53 significant bits, half to even; `bits` has its
    /// top bit set and `sticky` tells whether anything nonzero lies below it. The result is a
    /// normal number (the callers' values lie between 10^-20 and 2^128), assembled from its bits.
    @inline(__always)
    private static func rounded(_ bits: UInt64, sticky: Bool, binaryExponent: Int) -> Double {
        var significand = bits &>> 11
        let rest = bits & 0x7FF
        var exponent = binaryExponent &+ 11
        if rest > 0x400 || (rest == 0x400 && (sticky || significand & 1 == 1)) {
            significand &+= 1
            if significand == 1 << 53 {
                significand = 1 << 52
                exponent &+= 1
            }
        }
        // significand × 2^exponent with significand in [2^52, 2^53): the biased exponent of
        // the leading bit is exponent + 52 + 1023, and the 52 bits below it are the fraction.
        let biased = UInt64(truncatingIfNeeded: exponent &+ 1075)
        return Double(bitPattern: biased &<< 52 | significand & 0x000F_FFFF_FFFF_FFFF)
    }
}
