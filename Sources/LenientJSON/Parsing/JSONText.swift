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
}
