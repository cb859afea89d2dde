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
    /// time: the line feeds are counted over the whole range, and the columns only after the
    /// last of them (the bytes before it start no column that counts). A byte at a time this
    /// cost about twelve instructions a byte, and counting columns in every word nearly five, most
    /// of a messy citm_catalog's summary (Benchmarks `instructions lenient-report-summary`).
    /// `JSONTextRuleTests` checks it against ``advance(past:)`` on text with every kind of byte.
    mutating func advance(over bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        let end = Swift.min(end, bytes.count)
        guard let base = bytes.baseAddress, start < end else { return }
        let raw = UnsafeRawPointer(base)
        let feeds = Self.lineFeeds(in: raw, from: start, to: end)
        guard feeds > 0 else {
            column &+= Self.columnStarts(in: raw, from: start, to: end)
            return
        }
        line &+= feeds
        column = 1 &+ Self.columnStarts(in: raw, from: Self.lastLineFeed(in: raw, from: start, to: end) &+ 1, to: end)
    }

    /// The high bit of each line feed of `word`: exact per byte (no borrow crosses bytes).
    @inline(__always) private static func lineFeedBits(_ word: UInt64) -> UInt64 {
        let feed = word ^ 0x0A0A_0A0A_0A0A_0A0A
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((feed & low) &+ low) | feed) & 0x8080_8080_8080_8080
    }

    /// The eight bytes at `offset`, the first in the lowest byte. Callers read only words that
    /// lie within `start..<end`, which ``advance(over:from:to:)`` keeps within the buffer.
    @inline(__always) private static func word(_ raw: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// How many line feeds bytes `start..<end` hold.
    private static func lineFeeds(in raw: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while end &- index >= 8 {
            count &+= lineFeedBits(word(raw, index)).nonzeroBitCount
            index &+= 8
        }
        while index < end {
            if raw.load(fromByteOffset: index, as: UInt8.self) == 0x0A { count &+= 1 }
            index &+= 1
        }
        return count
    }

    /// The offset of the last line feed of bytes `start..<end`, which hold one.
    private static func lastLineFeed(in raw: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        var index = end
        while index &- start >= 8 {
            let feeds = lineFeedBits(word(raw, index &- 8))
            // The highest feed bit is the last feed: byte 7 is the word's last byte.
            if feeds != 0 { return index &- 8 &+ (63 &- feeds.leadingZeroBitCount) >> 3 }
            index &-= 8
        }
        while index > start {
            index &-= 1
            if raw.load(fromByteOffset: index, as: UInt8.self) == 0x0A { return index }
        }
        return start
    }

    /// How many of bytes `start..<end` start a column (``JSONText/startsColumn(_:)``): all but
    /// the UTF-8 continuation bytes (10xxxxxx).
    private static func columnStarts(in raw: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while end &- index >= 8 {
            let word = word(raw, index)
            count &+= 8 &- (word & 0x8080_8080_8080_8080 & ~(word << 1)).nonzeroBitCount
            index &+= 8
        }
        while index < end {
            if JSONText.startsColumn(raw.load(fromByteOffset: index, as: UInt8.self)) { count &+= 1 }
            index &+= 1
        }
        return count
    }
}
