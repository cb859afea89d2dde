import Foundation

/// A number in JSON5 syntax: an optional sign, then `Infinity`, `NaN`, hex (`0x1F`) or a
/// decimal that may start or end with its point (`.5`, `5.`).
struct JSON5Number {
    enum Form { case decimal, hex, infinity, nan }
    let text: UnsafeBufferPointer<UInt8>
    let form: Form
    let isNegative: Bool
    /// The text after the sign.
    let body: UnsafeBufferPointer<UInt8>

    init?(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        var i = 0
        var negative = false
        if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        isNegative = negative
        body = UnsafeBufferPointer(rebasing: text[i...])
        if body.elementsEqual("Infinity".utf8) { form = .infinity; return }
        if body.elementsEqual("NaN".utf8) { form = .nan; return }
        if body.count > 2, body[0] == UInt8(ascii: "0"), body[1] | 0x20 == UInt8(ascii: "x") {
            guard body.dropFirst(2).allSatisfy({ StringDecoding.hexValue($0) != nil }) else { return nil }
            form = .hex
            return
        }
        // Decimal: digits with an optional point on either side, then an optional exponent.
        var j = 0
        var mantissaDigits = 0
        while j < body.count, NumberParsing.isDigit(body[j]) { j += 1; mantissaDigits += 1 }
        if mantissaDigits > 1, body[0] == UInt8(ascii: "0") { return nil }
        if j < body.count, body[j] == UInt8(ascii: ".") {
            j += 1
            while j < body.count, NumberParsing.isDigit(body[j]) { j += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return nil }
        if j < body.count, body[j] | 0x20 == UInt8(ascii: "e") {
            j += 1
            if j < body.count, body[j] == UInt8(ascii: "+") || body[j] == UInt8(ascii: "-") { j += 1 }
            guard j < body.count, NumberParsing.isDigit(body[j]) else { return nil }
            while j < body.count, NumberParsing.isDigit(body[j]) { j += 1 }
        }
        guard j == body.count else { return nil }
        form = .decimal
    }

    /// The hex digits' value in `M`, or `nil` when it needs more bits than `M` has.
    func hexMagnitude<M: FixedWidthInteger & UnsignedInteger>(as _: M.Type) -> M? {
        var value: M = 0
        for byte in body.dropFirst(2) {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
            if overflow { return nil }
            value = shifted | M(truncatingIfNeeded: StringDecoding.hexValue(byte) ?? 0)
        }
        return value
    }

    /// The hex digits' value in 64 bits (how `JSONDecoder` reads hex into floating point).
    var hexMagnitude: UInt64? { hexMagnitude(as: UInt64.self) }

    var isPlainInteger: Bool { form == .decimal && body.allSatisfy(NumberParsing.isDigit) }

    func integer<T: FixedWidthInteger>(as type: T.Type) -> T? {
        switch form {
        case .infinity, .nan: return nil
        case .hex:
            // In `T`'s own width, as JSONDecoder reads hex integers (128 bits for Int128).
            guard let magnitude = hexMagnitude(as: T.Magnitude.self) else { return nil }
            return isNegative ? NumberParsing.negated(magnitude, as: type) : T(exactly: magnitude)
        case .decimal:
            if isPlainInteger, let plain = NumberParsing.plainInteger(body, as: T.Magnitude.self) {
                return isNegative ? NumberParsing.negated(plain, as: type) : T(exactly: plain)
            }
            if let value = double {
                guard let exact = T(exactly: value) else { return nil }
                if value.magnitude < 9_007_199_254_740_992 { return exact }
            }
            return NumberParsing.decimalInteger(text, as: type)
        }
    }

    /// The value as `Double` (`-NaN` keeps its sign bit, as `strtod` gives it to JSONDecoder);
    /// `nil` when decimal text is not read completely.
    var double: Double? {
        switch form {
        case .infinity: return isNegative ? -.infinity : .infinity
        case .nan: return isNegative ? -.nan : .nan
        case .hex:
            let magnitude = Double(hexMagnitude ?? UInt64.max)
            return isNegative ? -magnitude : magnitude
        case .decimal:
            return NumberParsing.double(text)
        }
    }

    func floatingPoint<T: BinaryFloatingPoint>(as type: T.Type) -> T? {
        switch form {
        case .infinity: return isNegative ? -T.infinity : T.infinity
        case .nan: return isNegative ? -T.nan : T.nan
        case .hex:
            // As JSONDecoder: through Int64 (negative) or UInt64, and only when exact.
            guard let magnitude = hexMagnitude else { return nil }
            if isNegative {
                guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
                return T(exactly: Int64(truncatingIfNeeded: 0 &- magnitude))
            }
            return T(exactly: magnitude)
        case .decimal:
            let read: T? =
                T.self == Float.self
                ? NumberParsing.float(text).map { T($0) } : NumberParsing.double(text).map { T($0) }
            guard let value = read, value.isFinite else { return nil }
            if value == 0 && body.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
                // Digits after an exponent letter may be non-zero for a true zero (0e5).
                let mantissa = body.prefix { $0 | 0x20 != UInt8(ascii: "e") }
                if mantissa.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) { return nil }
            }
            return value
        }
    }

    func decimal() -> Decimal? {
        switch form {
        case .infinity, .nan: return Decimal.nan
        case .hex:
            guard let magnitude = hexMagnitude else { return nil }
            return isNegative ? -Decimal(magnitude) : Decimal(magnitude)
        case .decimal:
            return NumberParsing.decimal(text)
        }
    }
}
