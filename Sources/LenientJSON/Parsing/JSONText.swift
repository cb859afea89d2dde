/// The small rules of JSON text that more than one reader needs, each in one place: what is
/// whitespace, how a column is counted, how a string is escaped. The scanner, the streaming
/// boundary finder, locations, JSON paths and `JSONValue` call these (JSONTextRuleTests).
enum JSONText {
    /// Whether `byte` is JSON whitespace: space, line feed, carriage return or tab (RFC 8259,
    /// the set `JSONDecoder` skips).
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `byte` moves a location one column on: columns count Unicode scalars, so every
    /// byte but a UTF-8 continuation byte does (a line feed starts a new line instead; see
    /// ``SourceLocation/advance(past:)``).
    @inline(__always) static func startsColumn(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }

    /// Appends `string` to `text` escaped for a literal quoted by `quote` (`"` in JSON, `'` in
    /// a JSON path's `['…']`): the quote and `\` with a backslash, line feed, carriage return
    /// and tab as `\n`, `\r`, `\t`, other control characters as `\u00XX`. The quotes
    /// themselves are the caller's.
    static func appendEscaped(_ string: String, quote: Unicode.Scalar, to text: inout String) {
        for scalar in string.unicodeScalars {
            switch scalar {
            case quote, "\\":
                text += "\\"
                text.unicodeScalars.append(scalar)
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
    }
}

extension SourceLocation {
    /// Moves past `byte`: a line feed starts the next line, a byte that starts a Unicode
    /// scalar moves one column on (``JSONText/startsColumn(_:)``). Every location is counted
    /// by this rule.
    @inline(__always) mutating func advance(past byte: UInt8) {
        if byte == 0x0A {
            line &+= 1
            column = 1
        } else if JSONText.startsColumn(byte) {
            column &+= 1
        }
    }

    /// Moves past bytes `start..<end` of `bytes` by ``advance(past:)``'s rule, eight bytes at a
    /// time: a report's lines and columns are one walk over the text, and a byte at a time it
    /// cost about twelve instructions a byte, more than the rest of a messy twitter's summary
    /// (Benchmarks `instructions lenient-report-summary`). `JSONTextRuleTests` checks it against
    /// ``advance(past:)`` on text with every kind of byte.
    mutating func advance(over bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard let base = bytes.baseAddress, start < end else { return }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var index = start
        while end - index >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // The high bit of each continuation byte (10xxxxxx), which starts no column.
            let continuations = word & high & ~(word << 1)
            // The high bit of each line feed: exact per byte (no borrow crosses bytes).
            let feed = word ^ (ones &* 0x0A)
            let feeds = ~(((feed & low) &+ low) | feed) & high
            if feeds == 0 {
                column &+= 8 &- continuations.nonzeroBitCount
            } else {
                line &+= feeds.nonzeroBitCount
                // The columns start after the last line feed: the bytes above its byte.
                let last = (63 &- feeds.leadingZeroBitCount) >> 3
                let after = 7 &- last
                let rest = after == 0 ? 0 : continuations >> UInt64(8 &* (last &+ 1))
                column = 1 &+ after &- rest.nonzeroBitCount
            }
            index &+= 8
        }
        while index < end {
            advance(past: base[index])
            index &+= 1
        }
    }
}
