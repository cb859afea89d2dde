/// The text an XML document's values are decoded from: each value's UTF-8 written at the
/// line and column of the XML it came from, so that the JSON machinery's locations (which
/// count lines and columns in this text) are the XML document's.
///
/// Values are written in document order; each is padded with newlines and spaces up to its
/// place, or written where the text has got to when something before it took more room (text
/// whose entities were longer than their expansion, several attributes): a location is then
/// on the right line or a little after it, never before an earlier value.
struct XMLPositionedText {
    /// A written string's place in ``bytes``.
    struct Span {
        var offset: Int
        var length: Int
        /// Whether the string holds bytes above 0x7F.
        var isNonASCII: Bool
    }

    private(set) var bytes: [UInt8] = []
    private var line = 1
    private var column = 1

    /// Pads the text up to 1-based `line` and `column`, if it has not gone past them.
    mutating func move(toLine target: Int, column targetColumn: Int) {
        if target > line {
            bytes.append(contentsOf: repeatElement(0x0A, count: target - line))
            line = target
            column = 1
        }
        if target == line && targetColumn > column {
            bytes.append(contentsOf: repeatElement(0x20, count: targetColumn - column))
            column = targetColumn
        }
    }

    /// Writes `string` between quotes (the location of a string is its opening quote's, and the
    /// closing quote stops a number reader at the string's end); returns the string's span.
    mutating func write(_ string: String) -> Span {
        bytes.append(UInt8(ascii: "\""))
        column += 1
        let start = bytes.count
        var isNonASCII = false
        for byte in string.utf8 {
            bytes.append(byte)
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            if byte >= 0x80 { isNonASCII = true }
        }
        let span = Span(offset: start, length: bytes.count - start, isNonASCII: isNonASCII)
        bytes.append(UInt8(ascii: "\""))
        column += 1
        return span
    }
}
