import Foundation

/// Writes the decimal text of a tree's numbers straight into a byte array, without building a
/// `String`: `JSONSerialization` hands out most fractional numbers as `NSDecimalNumber`, and
/// `description` was most of the cost of a tree's numbers.
enum NumberText {
    /// Whether `Decimal`'s storage has the layout read below (exponent byte, length and flags
    /// byte, two reserved bytes, eight little-endian 16-bit mantissa words), checked once
    /// against a known value; when it does not, ``append(_:to:)`` uses `description`.
    static let layoutIsKnown: Bool = {
        let sample = Decimal(sign: .minus, exponent: -3, significand: Decimal(0x1_2345_6789))
        guard MemoryLayout<Decimal>.size == 20, let mantissa = mantissa(of: sample) else { return false }
        return mantissa.high == 0 && mantissa.low == 0x1_2345_6789
    }()

    /// The 128-bit mantissa, or `nil` when the storage says something else than expected.
    @inline(__always) static func mantissa(of decimal: Decimal) -> (high: UInt64, low: UInt64)? {
        withUnsafeBytes(of: decimal) { raw -> (high: UInt64, low: UInt64)? in
            guard raw.count == 20 else { return nil }
            func word(_ index: Int) -> UInt64 {
                UInt64(raw[4 + 2 * index]) | UInt64(raw[5 + 2 * index]) << 8
            }
            let length = Int(raw[1] & 0x0F)
            var low: UInt64 = 0, high: UInt64 = 0
            for index in 0..<4 { low |= word(index) << (16 * UInt64(index)) }
            for index in 0..<4 { high |= word(index + 4) << (16 * UInt64(index)) }
            // Words past `length` are zero in a well-formed value.
            if length <= 4, high != 0 { return nil }
            return (high, low)
        }
    }

    /// Appends the decimal text of an integer, `-` first when `isNegative`.
    static func appendInteger(magnitude: UInt64, isNegative: Bool, to bytes: inout [UInt8]) {
        if magnitude == 0 { return bytes.append(UInt8(ascii: "0")) }
        if isNegative { bytes.append(UInt8(ascii: "-")) }
        appendDigits(high: 0, low: magnitude, to: &bytes)
    }

    /// Appends the text of `decimal` (as `description` writes it) to `bytes`; `digits` is scratch space, reused across
    /// calls.
    static func append(_ decimal: Decimal, to bytes: inout [UInt8], digits: inout [UInt8]) {
        if decimal.isNaN { return bytes.append(contentsOf: "NaN".utf8) }
        guard layoutIsKnown, let mantissa = mantissa(of: decimal) else {
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
