import Foundation

/// A forgiving ISO 8601 / RFC 3339 reader: `2016-01-17`, `2016-01-17T16:13`,
/// `2016-01-17 16:13:00.123`, with `T`, `t` or a space between date and time, and a zone of
/// `Z`, `+hh:mm`, `+hhmm`, `+hh` or none (UTC assumed).
enum ISO8601Parsing {
    static func date(from string: String) -> ParsedDate? {
        var text = DateTextCursor(string)
        guard let year = text.digits(4), text.skip(UInt8(ascii: "-")), let month = text.digits(2),
            text.skip(UInt8(ascii: "-")), let day = text.digits(2)
        else { return nil }
        if text.atEnd { return ParsedDate(year: year, month: month, day: day, offset: nil) }
        guard text.skip(UInt8(ascii: "T")) || text.skip(UInt8(ascii: "t")) || text.skip(UInt8(ascii: " ")),
            let hour = text.digits(2), text.skip(UInt8(ascii: ":")), let minute = text.digits(2)
        else { return nil }
        var second = 0
        var fraction = 0.0
        if text.skip(UInt8(ascii: ":")) {
            guard let s = text.digits(2) else { return nil }
            second = s
            if text.skip(UInt8(ascii: ".")) || text.skip(UInt8(ascii: ",")) {
                guard let f = Self.fraction(&text) else { return nil }
                fraction = f
            }
        }
        var offset: Int?
        if text.skip(UInt8(ascii: "Z")) || text.skip(UInt8(ascii: "z")) {
            offset = 0
        } else if !text.atEnd {
            offset = text.numericOffset(isoForms: true)
            guard offset != nil else { return nil }
        }
        guard text.atEnd else { return nil }
        return ParsedDate(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            fraction: fraction, offset: offset)
    }

    /// The digits after the decimal mark as a fraction of a second (digits past the
    /// fifteenth cannot change a `Double` of that size and are skipped).
    private static func fraction(_ text: inout DateTextCursor) -> Double? {
        var numerator = 0
        var denominator = 1
        var count = 0
        while let byte = text.current, NumberParsing.isDigit(byte) {
            if count < 15 {
                numerator = numerator * 10 + Int(byte - UInt8(ascii: "0"))
                denominator *= 10
            }
            count += 1
            text.index += 1
        }
        return count > 0 ? Double(numerator) / Double(denominator) : nil
    }
}
