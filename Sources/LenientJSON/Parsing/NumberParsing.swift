import Foundation

/// Reads number text exactly as `JSONDecoder` reads it: integers from their digits, floating
/// point through the C library's correctly rounded `strtod`/`strtof` in the C locale
/// (``CLocaleNumbers``), `Decimal` from the digits. Integers of every width, `Int128` and
/// `UInt128` included, are read without a conversion that can trap.
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

    /// Checks `text` against the JSON number grammar (``grammarPrefix(of:from:to:)``, all of
    /// it). Returns `nil` when it does not match.
    static func shape(of text: UnsafeBufferPointer<UInt8>) -> Shape? {
        let match = grammarPrefix(of: text, from: 0, to: text.count)
        guard match.isValid, match.end == text.count else { return nil }
        return Shape(isPlainInteger: match.isInteger, isNegative: text[0] == UInt8(ascii: "-"))
    }

    /// The JSON number grammar `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`, the one rule both the
    /// scanner and the typed readers (through ``shape(of:)``) check numbers by: reads
    /// `bytes[start..<end]` as far as the grammar goes, and returns where it stopped, whether
    /// what it read is a number (`false` where a part is cut short: `-`, `1.`, `1e+`), and
    /// whether that number is a plain integer (no fraction or exponent). Bytes after `end`
    /// that could continue a number make the text no number (the caller's check).
    @inline(__always)
    static func grammarPrefix(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (
        end: Int, isValid: Bool, isInteger: Bool
    ) {
        var index = start
        var integer = true
        @inline(__always) func isDigit(_ at: Int) -> Bool { at < end && bytes[at] &- UInt8(ascii: "0") < 10 }
        @inline(__always) func digitsEnd(_ at: Int) -> Int { DigitRuns.end(of: bytes, from: at, to: end) }
        if index < end && bytes[index] == UInt8(ascii: "-") { index &+= 1 }
        if index < end && bytes[index] == UInt8(ascii: "0") {
            index &+= 1
        } else if isDigit(index) {
            index = digitsEnd(index)
        } else {
            return (index, false, integer)
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            integer = false
            index &+= 1
            guard isDigit(index) else { return (index, false, integer) }
            index = digitsEnd(index)
        }
        if index < end && bytes[index] | 0x20 == UInt8(ascii: "e") {
            integer = false
            index &+= 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index &+= 1 }
            guard isDigit(index) else { return (index, false, integer) }
            index = digitsEnd(index)
        }
        return (index, true, integer)
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// A plain integer (`-?digits`) as `T`, or `nil` when it is out of `T`'s range. The
    /// digits accumulate in `T`'s own width (128 bits for `Int128`), as `JSONDecoder` reads them.
    @inline(__always)
    static func plainInteger<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as _: T.Type) -> T? {
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        let digits = text.count &- i
        if digits <= 19 {
            // Up to 19 digits fit in 64 bits: read them (eight at a time when there are that
            // many), then check the range once.
            var wide: UInt64 = 0
            if digits >= 8 {
                wide = DigitRuns.read(text, from: i, onto: 0).value
            } else {
                while i < text.count {
                    wide = wide &* 10 &+ UInt64(text[i] &- UInt8(ascii: "0"))
                    i &+= 1
                }
            }
            guard let magnitude = T.Magnitude(exactly: wide) else { return nil }
            return negative ? negated(magnitude, as: T.self) : T(exactly: magnitude)
        }
        var magnitude: T.Magnitude = 0
        while i < text.count {
            let digit = T.Magnitude(truncatingIfNeeded: text[i] &- UInt8(ascii: "0"))
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            magnitude = sum
            i += 1
        }
        return negative ? negated(magnitude, as: T.self) : T(exactly: magnitude)
    }

    /// `-magnitude` as `T`, or `nil` when it is below `T.min` (any nonzero magnitude for an
    /// unsigned `T`). Exact for every width: the bound is `T.min.magnitude`, never `T.max + 1`
    /// converted to a narrower type.
    @inline(__always)
    static func negated<T: FixedWidthInteger, M: FixedWidthInteger & UnsignedInteger>(_ magnitude: M, as _: T.Type)
        -> T?
    {
        guard let wide = T.Magnitude(exactly: magnitude), wide <= T.min.magnitude else { return nil }
        return T(truncatingIfNeeded: 0 &- wide)
    }

    /// Any valid JSON number as the integer `T`, by `JSONDecoder`'s rules: plain integers
    /// exactly; anything else through `Double` when it is a whole number below 2^53, else
    /// through its decimal digits, truncated. `nil` when not representable.
    static func integer<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, shape: Shape, as type: T.Type) -> T? {
        if shape.isPlainInteger, let value = plainInteger(text, as: type) { return value }
        if let double = self.double(text) {
            guard let value = T(exactly: double) else { return nil }
            if double.magnitude < 9_007_199_254_740_992 { return value }
        }
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
    /// `strtod` in the C locale. `nil` when the text is not read exactly and completely.
    @inline(__always) static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = FastDouble.parse(text) { return value }
        return CLocaleNumbers.double(text)
    }

    /// The correctly rounded `Float` nearest the text (may be infinite or zero on overflow),
    /// rounded once from the decimal text (never through `Double`, which would round twice).
    /// `nil` when the text is not read exactly and completely.
    @inline(__always) static func float(_ text: UnsafeBufferPointer<UInt8>) -> Float? {
        CLocaleNumbers.float(text)
    }

    /// A floating-point value that `JSONDecoder` accepts: finite, and zero only when the digits are.
    @inline(__always)
    static func floatingPoint<T: BinaryFloatingPoint>(_ text: UnsafeBufferPointer<UInt8>, shape: Shape, as _: T.Type)
        -> T?
    {
        let read: T?
        if T.self == Float.self {
            read = float(text).map { T($0) }
        } else {
            read = double(text).map { T($0) }
        }
        guard let value = read, value.isFinite else { return nil }
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
        let value = Decimal(sign: parts.isNegative ? .minus : .plus, exponent: parts.exponent, significand: significand)
        guard value.isNaN else { return value }
        // `Decimal` compacts the significand's trailing zeros into its exponent, which can
        // then pass 127 (NaN) although the number fits with the zeros kept in the mantissa, as
        // JSONDecoder keeps them. The public API has no way to build that form but parsing:
        // the text is a valid JSON number here, read in the POSIX locale.
        return Decimal(string: String(decoding: text, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX"))
    }

    /// A whole number the way `JSONDecoder` converts a `Decimal` to an integer: the mantissa
    /// must fit in 64 bits, then the exponent is applied with truncation toward zero.
    /// Like `Decimal`, the mantissa holds no trailing zeros (`12345678901234567890.0` is
    /// 12345678901234567890 × 10^0, which fits).
    static func decimalInteger<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as _: T.Type) -> T? {
        guard var parts = DecimalMantissa(text) else { return nil }
        parts.dropTrailingZeros()
        guard parts.high == 0 else { return nil }
        var magnitude = parts.low
        if parts.exponent < 0 {
            for _ in 0 ..< -parts.exponent { magnitude /= 10 }
        } else {
            for _ in 0..<parts.exponent {
                let (next, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                magnitude = next
            }
        }
        guard let value = T(exactly: magnitude) else { return nil }
        if parts.isNegative {
            guard T.isSigned || value == 0 else { return nil }
            return 0 &- value
        }
        return value
    }
}

extension NumberParsing {
    /// The number truncated toward zero to an integer, exactly (the lenient truncation rule),
    /// for any width: the whole part's digits are read straight from the text into `T`'s
    /// magnitude, so nothing is dropped or rounded on the way. `nil` when the whole part is
    /// out of `T`'s range. `text` matches the JSON number grammar.
    static func truncatedInteger<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as _: T.Type) -> T? {
        let layout = DigitLayout(text)
        var magnitude: T.Magnitude = 0
        var taken = 0
        func take(_ digit: T.Magnitude) -> Bool {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            magnitude = sum
            taken += 1
            return !overflow1 && !overflow2
        }
        // The digits before the point, in order, then the zeros the exponent appends.
        digits: for range in [layout.whole, layout.fraction] {
            for index in range {
                guard taken < layout.wholeDigits else { break digits }
                guard take(T.Magnitude(truncatingIfNeeded: text[index] &- UInt8(ascii: "0"))) else { return nil }
            }
        }
        while taken < layout.wholeDigits, magnitude != 0 {
            guard take(0) else { return nil }
        }
        return layout.isNegative ? negated(magnitude, as: T.self) : T(exactly: magnitude)
    }

    /// Whether the number has a nonzero digit after its point (once the exponent has moved
    /// it): `1.5` and `15e-1` do, `1.0`, `1e2` and `100e-2` do not.
    static func hasFraction(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let layout = DigitLayout(text)
        var position = 0
        for range in [layout.whole, layout.fraction] {
            for index in range {
                if position >= layout.wholeDigits, text[index] != UInt8(ascii: "0") { return true }
                position += 1
            }
        }
        return false
    }
}

/// Where a number's digits lie in its text, and how many of them come before the point once
/// the exponent has moved it. `text` matches the JSON number grammar.
private struct DigitLayout {
    var isNegative = false
    /// The digits before the written point, and after it.
    var whole: Range<Int>
    var fraction: Range<Int>
    /// How many digits (of `whole` then `fraction`) lie before the point after the exponent
    /// moved it: more than there are when it appends zeros, negative when it adds leading ones.
    /// An exponent far beyond any width only needs to stay far.
    var wholeDigits: Int

    init(_ text: UnsafeBufferPointer<UInt8>) {
        let n = text.count
        var i = 0
        if n > 0 && text[0] == UInt8(ascii: "-") {
            isNegative = true
            i = 1
        }
        let wholeStart = i
        while i < n, NumberParsing.isDigit(text[i]) { i += 1 }
        whole = wholeStart..<i
        fraction = i..<i
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < n, NumberParsing.isDigit(text[i]) { i += 1 }
            fraction = fractionStart..<i
        }
        wholeDigits = whole.count
        if i < n, text[i] | 0x20 == UInt8(ascii: "e") {
            wholeDigits += NumberParsing.exponent(text, after: i)
        }
    }
}

extension NumberParsing {
    /// The exponent of a number whose `e` or `E` is at `marker`: its optional sign and digits,
    /// the magnitude saturating at 1,000,000 (far beyond any representable value).
    static func exponent(_ text: UnsafeBufferPointer<UInt8>, after marker: Int) -> Int {
        var i = marker + 1
        var isNegative = false
        if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
            isNegative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var magnitude = 0
        while i < text.count, isDigit(text[i]) {
            magnitude = Swift.min(magnitude * 10 + Int(text[i] &- UInt8(ascii: "0")), 1_000_000)
            i += 1
        }
        return isNegative ? -magnitude : magnitude
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
            let value = NumberParsing.exponent(text, after: i)
            guard value.magnitude <= 100_000 else { return nil }
            exponent += value
        }
        guard exponent >= -128, exponent <= 127 else { return nil }
    }

    /// Divides the mantissa by 10 while it ends in a zero, raising the exponent to match.
    mutating func dropTrailingZeros() {
        while high != 0 || low != 0 {
            let (quotientHigh, remainderHigh) = high.quotientAndRemainder(dividingBy: 10)
            let (quotientLow, remainder) = UInt64(10).dividingFullWidth((remainderHigh, low))
            guard remainder == 0 else { return }
            high = quotientHigh
            low = quotientLow
            exponent += 1
        }
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
