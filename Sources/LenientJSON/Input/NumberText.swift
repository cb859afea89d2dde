import Foundation

/// Writes the decimal text of a tree's numbers straight into a byte array, without building a
/// `String`: `JSONSerialization` hands out most fractional numbers as `NSDecimalNumber`, and
/// `description` was most of the cost of a tree's numbers.
enum NumberText {
    #if canImport(Darwin)
        /// The 128-bit mantissa, read through `Decimal`'s public `_mantissa` words and `_length`
        /// (not its bytes); `nil` when they say something else than a well-formed value would.
        @inline(__always) static func mantissa(of decimal: Decimal) -> (high: UInt64, low: UInt64)? {
            let words = decimal._mantissa
            let low: UInt64 = UInt64(words.0) | UInt64(words.1) << 16 | UInt64(words.2) << 32 | UInt64(words.3) << 48
            let high: UInt64 = UInt64(words.4) | UInt64(words.5) << 16 | UInt64(words.6) << 32 | UInt64(words.7) << 48
            // Words past `_length` are zero in a well-formed value.
            if decimal._length <= 4, high != 0 { return nil }
            return (high, low)
        }
    #else
        /// The mantissa where it fits in 64 bits, through public API: the significand (the
        /// digits as an integer) read by `NSDecimalNumber` as a `UInt64`. `nil` for a wider one,
        /// whose text ``append(_:to:digits:)`` takes from `description`. Outside Darwin,
        /// swift-foundation keeps `_mantissa` and `_length` internal.
        @inline(__always) static func mantissa(of decimal: Decimal) -> (high: UInt64, low: UInt64)? {
            let significand = decimal.significand
            guard significand <= largestNarrowMantissa else { return nil }
            return (0, NSDecimalNumber(decimal: significand).uint64Value)
        }

        /// The largest mantissa ``mantissa(of:)`` reads.
        private static let largestNarrowMantissa = Decimal(UInt64.max)
    #endif

    /// Appends the decimal text of an integer, `-` first when `isNegative`.
    static func appendInteger(magnitude: UInt64, isNegative: Bool, to bytes: inout [UInt8]) {
        if magnitude == 0 { return bytes.append(UInt8(ascii: "0")) }
        if isNegative { bytes.append(UInt8(ascii: "-")) }
        appendDigits(high: 0, low: magnitude, to: &bytes)
    }

    /// Appends the text of `decimal` (as `description` writes it) to `bytes`; `digits` is
    /// scratch space, reused across calls.
    static func append(_ decimal: Decimal, to bytes: inout [UInt8], digits: inout [UInt8]) {
        if decimal.isNaN { return bytes.append(literal: "NaN") }
        guard let mantissa = mantissa(of: decimal) else {
            return bytes.append(contentsOf: decimal.description.utf8)
        }
        if mantissa == (0, 0) { return bytes.append(UInt8(ascii: "0")) }
        digits.removeAll(keepingCapacity: true)
        appendDigits(high: mantissa.high, low: mantissa.low, to: &digits)
        if decimal.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        let exponent = decimal.exponent
        if exponent >= 0 {
            bytes.append(contentsOf: digits)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: exponent))
        } else if -exponent < digits.count {
            let point = digits.count + exponent
            bytes.append(contentsOf: digits[..<point])
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: digits[point...])
        } else {
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -exponent - digits.count))
            bytes.append(contentsOf: digits)
        }
    }

    /// Appends the decimal digits of the nonzero 128-bit integer `high << 64 | low`, most
    /// significant first.
    static func appendDigits(high: UInt64, low: UInt64, to digits: inout [UInt8]) {
        let start = digits.count
        var high = high, low = low
        let chunkBase: UInt64 = 10_000_000_000_000_000_000  // 10^19, the largest power in 64 bits
        repeat {
            var chunk: UInt64
            if high == 0 {
                chunk = low
                low = 0
            } else {
                let (quotientHigh, remainderHigh) = high.quotientAndRemainder(dividingBy: chunkBase)
                let (quotientLow, remainder) = chunkBase.dividingFullWidth((remainderHigh, low))
                chunk = remainder
                high = quotientHigh
                low = quotientLow
            }
            // Least significant digit first; every chunk but the leading one has 19 digits.
            let isLeading = high == 0 && low == 0
            var written = 0
            repeat {
                digits.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: chunk % 10))
                chunk /= 10
                written += 1
            } while isLeading ? chunk != 0 : written < 19
        } while high != 0 || low != 0
        digits[start...].reverse()
    }
}
