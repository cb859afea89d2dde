import Foundation

/// A cursor over the UTF-8 bytes of a date string, shared by the fallback readers.
struct DateTextCursor {
    let bytes: [UInt8]
    var index = 0

    init(_ string: String) { bytes = Array(string.utf8) }

    var atEnd: Bool { index == bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Exactly `count` decimal digits, as a number.
    mutating func digits(_ count: Int) -> Int? {
        digits(count...count)
    }

    /// Between `counts.lowerBound` and `counts.upperBound` decimal digits (as many as there are).
    mutating func digits(_ counts: ClosedRange<Int>) -> Int? {
        var value = 0
        var taken = 0
        while taken < counts.upperBound, let byte = current, NumberParsing.isDigit(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            taken += 1
            index += 1
        }
        return taken >= counts.lowerBound ? value : nil
    }

    /// Consumes `byte` if it is next.
    mutating func skip(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// Consumes spaces and tabs; `true` when there was at least one.
    @discardableResult
    mutating func skipBlanks() -> Bool {
        let start = index
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
        return index > start
    }

    /// The ASCII letters that come next, lowercased.
    mutating func word() -> String {
        var letters: [UInt8] = []
        while let byte = current, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) {
            letters.append(byte | 0x20)
            index += 1
        }
        return String(decoding: letters, as: UTF8.self)
    }

    /// A `+hhmm` or `-hhmm` offset in seconds east of UTC; with `isoForms`, also `+hh:mm`, and
    /// `+hh` at the end of the text. `nil`, with the cursor unmoved, when there is none.
    mutating func numericOffset(isoForms: Bool) -> Int? {
        let start = index
        guard let sign = current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        index += 1
        var minutes: Int? = nil
        let hours = digits(2)
        if hours != nil {
            if let m = digits(2) {
                minutes = m
            } else if isoForms, skip(UInt8(ascii: ":")) {
                minutes = digits(2)
            } else if isoForms, atEnd {
                minutes = 0
            }
        }
        guard let hours, let minutes, hours < 24, minutes < 60 else {
            index = start
            return nil
        }
        let seconds = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }
}
