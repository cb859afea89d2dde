#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif
import Foundation

/// Reads number text exactly as `JSONDecoder` reads it: integers from their digits, floating
/// point through the C library's correctly rounded `strtod`/`strtof`, `Decimal` from the digits.
///
/// Every function takes the number's UTF-8 text; the byte after the text is never a digit, a
/// sign, a dot or an exponent letter (the value map guarantees a delimiter or a NUL byte).
enum NumberParsing {
    /// The parts of a number's text that matter for choosing how to read it.
    struct Shape {
        /// The text is `-?digits` with nothing else.
        var isPlainInteger: Bool
        /// The text is negative.
        var isNegative: Bool
    }

    /// Checks `text` against the JSON number grammar `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`.
    /// Returns `nil` when it does not match.
    static func shape(of text: UnsafeBufferPointer<UInt8>) -> Shape? {
        var i = 0
        let n = text.count
        var shape = Shape(isPlainInteger: true, isNegative: false)
        if i < n && text[i] == UInt8(ascii: "-") { shape.isNegative = true; i += 1 }
        guard i < n, isDigit(text[i]) else { return nil }
        if text[i] == UInt8(ascii: "0") {
            i += 1
            if i < n && isDigit(text[i]) { return nil }
        } else {
            while i < n && isDigit(text[i]) { i += 1 }
        }
        if i < n && text[i] == UInt8(ascii: ".") {
            shape.isPlainInteger = false
            i += 1
            guard i < n, isDigit(text[i]) else { return nil }
            while i < n && isDigit(text[i]) { i += 1 }
        }
        if i < n && (text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E")) {
            shape.isPlainInteger = false
            i += 1
            if i < n && (text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-")) { i += 1 }
            guard i < n, isDigit(text[i]) else { return nil }
            while i < n && isDigit(text[i]) { i += 1 }
        }
        return i == n ? shape : nil
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// A plain integer (`-?digits`) as `T`, or `nil` when it is out of `T`'s range.
    @inline(__always)
    static func plainInteger<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as _: T.Type) -> T? {
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var magnitude: UInt64 = 0
        while i < text.count {
            let digit = UInt64(text[i] &- UInt8(ascii: "0"))
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            magnitude = sum
            i += 1
        }
        if negative {
            if magnitude == 0 { return 0 }
            guard T.isSigned else { return nil }
            // -magnitude must be >= T.min, whose magnitude is T.max + 1.
            guard magnitude <= UInt64(T.max) &+ 1 else { return nil }
            return T(truncatingIfNeeded: 0 &- magnitude)
        }
        return T(exactly: magnitude)
    }

    /// Any valid JSON number as the integer `T`, by `JSONDecoder`'s rules: plain integers
    /// exactly; anything else through `Double` when it is a whole number below 2^53, else
    /// through its decimal digits, truncated. `nil` when not representable.
    static func integer<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, shape: Shape, as type: T.Type) -> T? {
        if shape.isPlainInteger, let value = plainInteger(text, as: type) { return value }
        let double = self.double(text)
        guard let value = T(exactly: double) else { return nil }
        if double.magnitude < 9_007_199_254_740_992 { return value }
        return decimalInteger(text, as: type)
    }

    /// Whether every digit before the exponent is `0` (the number is zero, not an underflow).
    static func digitsAreZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text {
            if byte | 0x20 == UInt8(ascii: "e") { break }
            if isDigit(byte) && byte != UInt8(ascii: "0") { return false }
        }
        return true
    }

    /// The correctly rounded `Double` nearest the text (may be infinite or zero on overflow):
    /// exact integer arithmetic when the digits and exponent allow it (``FastDouble``), else
    /// the C library's `strtod`.
    @inline(__always) static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        if let value = FastDouble.parse(text) { return value }
        return text.baseAddress!.withMemoryRebound(to: CChar.self, capacity: text.count + 1) { strtod($0, nil) }
    }

    /// The correctly rounded `Float` nearest the text (may be infinite or zero on overflow).
    @inline(__always) static func float(_ text: UnsafeBufferPointer<UInt8>) -> Float {
        text.baseAddress!.withMemoryRebound(to: CChar.self, capacity: text.count + 1) { strtof($0, nil) }
    }

    /// A floating-point value that `JSONDecoder` accepts: finite, and zero only when the digits are.
    static func floatingPoint<T: BinaryFloatingPoint>(_ text: UnsafeBufferPointer<UInt8>, shape: Shape, as _: T.Type) -> T? {
        let value: T
        if T.self == Float.self {
            value = T(float(text))
        } else {
            value = T(double(text))
        }
        guard value.isFinite else { return nil }
        if value == 0 && !digitsAreZero(text) { return nil }
        return value
    }

    /// The `Decimal` of the text, read as `JSONDecoder` reads it: digits accumulate into the
    /// 128-bit mantissa until it would overflow, later digits are dropped (truncated), and the
    /// exponent must stay in -128...127. `nil` when it does not.
    static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> Decimal? {
        guard let parts = DecimalMantissa(text) else { return nil }
        var significand = Decimal(parts.low)
        if parts.high != 0 { significand += Decimal(parts.high) * (Decimal(UInt64.max) + 1) }
        if significand == 0 { return Decimal(0) }
        return Decimal(sign: parts.isNegative ? .minus : .plus, exponent: parts.exponent, significand: significand)
    }

    /// A whole number the way `JSONDecoder` converts a `Decimal` to an integer: the mantissa
    /// must fit in 64 bits, then the exponent is applied with truncation toward zero.
    static func decimalInteger<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as _: T.Type) -> T? {
        guard let parts = DecimalMantissa(text), parts.high == 0 else { return nil }
        var magnitude = parts.low
        if parts.exponent < 0 {
            for _ in 0 ..< -parts.exponent { magnitude /= 10 }
        } else {
            for _ in 0 ..< parts.exponent {
                let (next, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                magnitude = next
            }
        }
        guard let value = T(exactly: magnitude) else { return nil }
        if parts.isNegative {
            guard T.isSigned || value == 0 else { return nil }
            return 0 - value
        }
        return value
    }
}

extension NumberParsing {
    /// The number truncated toward zero to an integer, exactly (the lenient truncation rule);
    /// `nil` when the whole part is out of `T`'s range.
    static func truncatedInteger<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as _: T.Type) -> T? {
        guard var parts = DecimalMantissa(text) else {
            // An exponent beyond -128...127: tiny numbers truncate to zero, huge ones overflow.
            return isTiny(text) ? 0 : nil
        }
        while parts.exponent < 0 {
            parts.divideBy10()
            parts.exponent += 1
        }
        var magnitude = parts.low
        guard parts.high == 0 else { return nil }
        for _ in 0 ..< parts.exponent {
            let (next, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            magnitude = next
        }
        if parts.isNegative {
            if magnitude == 0 { return 0 }
            guard T.isSigned, magnitude <= UInt64(T.max) &+ 1 else { return nil }
            return T(truncatingIfNeeded: 0 &- magnitude)
        }
        return T(exactly: magnitude)
    }

    /// Whether the number's exponent is very negative (`1e-999`).
    private static func isTiny(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let e = text.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }), e + 1 < text.count else { return false }
        return text[e + 1] == UInt8(ascii: "-")
    }
}

/// A number's `Decimal` parts as `JSONDecoder` reads them: a 128-bit mantissa (`high`, `low`)
/// of the leading digits that fit, and a power of ten in -128...127.
struct DecimalMantissa {
    var isNegative = false
    var high: UInt64 = 0
    var low: UInt64 = 0
    var exponent = 0

    init?(_ text: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = text.count
        if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            isNegative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var full = false
        var afterPoint = false
        while i < n {
            let byte = text[i]
            if NumberParsing.isDigit(byte) {
                if !full && push(UInt64(byte &- UInt8(ascii: "0"))) {
                    if afterPoint { exponent -= 1 }
                } else {
                    full = true
                    if !afterPoint { exponent += 1 }
                }
            } else if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else {
                break
            }
            i += 1
        }
        if i < n {
            // The exponent part.
            i += 1
            var negativeExponent = false
            if i < n, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
                negativeExponent = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var value = 0
            while i < n, NumberParsing.isDigit(text[i]) {
                value = value * 10 + Int(text[i] &- UInt8(ascii: "0"))
                if value > 100_000 { return nil }
                i += 1
            }
            exponent += negativeExponent ? -value : value
        }
        guard exponent >= -128, exponent <= 127 else { return nil }
    }

    /// mantissa / 10, truncated.
    mutating func divideBy10() {
        let (quotientHigh, remainderHigh) = high.quotientAndRemainder(dividingBy: 10)
        let (quotientLow, _) = UInt64(10).dividingFullWidth((remainderHigh, low))
        high = quotientHigh
        low = quotientLow
    }

    /// mantissa × 10 + digit, unless that overflows 128 bits.
    private mutating func push(_ digit: UInt64) -> Bool {
        let (lowCarry, low10) = low.multipliedFullWidth(by: 10)
        let (high10, highOverflow) = high.multipliedReportingOverflow(by: 10)
        guard !highOverflow else { return false }
        let (highSum, overflow1) = high10.addingReportingOverflow(lowCarry)
        let (lowSum, carry) = low10.addingReportingOverflow(digit)
        let (highTotal, overflow2) = highSum.addingReportingOverflow(carry ? 1 : 0)
        guard !overflow1 && !overflow2 else { return false }
        high = highTotal
        low = lowSum
        return true
    }
}
