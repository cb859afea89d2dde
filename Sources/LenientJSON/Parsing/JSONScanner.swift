/// Scans standard JSON text into a ``ValueMap``'s entries in one pass.
///
/// The scanner finds where every value starts and ends; it does not parse strings or numbers
/// (that happens on demand, as `JSONDecoder` does: a malformed number or escape in a value
/// nobody decodes is not an error). Nesting is limited to 512 levels.
struct JSONScanner {
    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    let words: EntryBuffer

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        words = EntryBuffer(capacity: bytes.count / 2)
    }

    /// Scans the whole input; `assumesTopLevelDictionary` allows an object without braces.
    mutating func scan(assumesTopLevelDictionary: Bool) throws(JSONSyntaxError) -> EntryBuffer {
        if assumesTopLevelDictionary {
            if let first = peekAfterWhitespace(), first == UInt8(ascii: "{") {
                try scanObject()
            } else {
                try scanObjectMembers(braced: false, start: index)
            }
        } else {
            try scanValue()
        }
        if let trailing = peekAfterWhitespace() {
            throw .unexpected(trailing, "after top-level value", at: index)
        }
        return words
    }

    // MARK: Bytes

    /// Whether `byte` is JSON whitespace (space, tab, line feed, carriage return).
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inline(__always) mutating func peekAfterWhitespace() -> UInt8? {
        while index < bytes.count {
            let byte = bytes[index]
            if byte > 0x20 { return byte }
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09:
                index &+= 1
                skipSpaces()
            default: return byte
            }
        }
        return nil
    }

    /// Skips runs of spaces (the indentation of pretty-printed JSON) eight bytes at a time.
    @inline(__always) mutating func skipSpaces() {
        let spaces: UInt64 = 0x2020_2020_2020_2020
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while index &+ 8 <= bytes.count {
            let differing = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ spaces
            if differing != 0 {
                // In little-endian order, the lowest set byte is the first non-space.
                index &+= differing.trailingZeroBitCount &>> 3
                return
            }
            index &+= 8
        }
    }

    @inline(__always) mutating func nextNonWhitespace() throws(JSONSyntaxError) -> UInt8 {
        guard let byte = peekAfterWhitespace() else { throw .endOfInput(at: index) }
        return byte
    }

    @inline(__always) func record(_ tag: Int, _ offset: Int, _ third: Int) {
        words.append(tag, offset, third)
    }

    // MARK: Values

    mutating func scanValue() throws(JSONSyntaxError) {
        try scanValue(startingWith: nextNonWhitespace())
    }

    /// Scans the value whose first byte, at `index`, is `byte`. Inlined into the container
    /// loops, so that a scalar element costs no call of its own.
    @inline(__always)
    mutating func scanValue(startingWith byte: UInt8) throws(JSONSyntaxError) {
        switch byte {
        case UInt8(ascii: "\""): try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): scanNumber()
        case UInt8(ascii: "{"): try scanObject()
        case UInt8(ascii: "["): try scanArray()
        case UInt8(ascii: "t"): try scanLiteral("true", .true, word: Self.trueWord)
        case UInt8(ascii: "f"): try scanLiteral("false", .false, word: Self.falseWord)
        case UInt8(ascii: "n"): try scanLiteral("null", .null, word: Self.nullWord)
        default: throw .unexpected(byte, "at start of value", at: index)
        }
    }

    /// `true`, `null` and the last four bytes of `false`, as little-endian words.
    static let trueWord: UInt32 = 0x6575_7274
    static let nullWord: UInt32 = 0x6C6C_756E
    static let falseWord: UInt32 = 0x6573_6C61

    /// Records `literal` at `index`, whose last four bytes are compared as one word load
    /// (`word`); on a mismatch or near the end of the input, byte by byte, for the error.
    @inline(__always)
    mutating func scanLiteral(_ literal: StaticString, _ kind: ValueMap.Kind, word: UInt32) throws(JSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let tail = start &+ count &- 4
        if start &+ count <= bytes.count,
           UInt32(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: tail, as: UInt32.self)) == word {
            index = start &+ count
        } else {
            index = try JSONScanner.matchLiteral(literal, in: bytes, at: start)
        }
        record(kind.rawValue, start, count)
    }

    /// The offset after `literal` (`true`, `false`, `null`) at `start`, or the error at the first
    /// byte that differs. Shared with ``JSON5Scanner``.
    static func matchLiteral(_ literal: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> Int {
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for i in 0 ..< count {
            guard start + i < bytes.count else { throw .endOfInput(at: start + i) }
            guard bytes[start + i] == expected[i] else {
                throw .unexpected(bytes[start + i], "in literal \(literal)", at: start + i)
            }
        }
        return start + count
    }

    /// Delimits a number and checks it against the JSON grammar, recording the verdict in
    /// the entry's flags. A malformed number is not an error here: like `JSONDecoder`, only
    /// decoding it fails. The number ends at the first byte that cannot continue one.
    mutating func scanNumber() {
        let start = index
        let end = bytes.count
        var valid = true
        var integer = true
        let bytes = self.bytes
        @inline(__always) func isDigit(_ at: Int) -> Bool { at < end && bytes[at] &- UInt8(ascii: "0") < 10 }
        @inline(__always) func digitsEnd(_ at: Int) -> Int { DigitRuns.end(of: bytes, from: at, to: end) }
        if bytes[index] == UInt8(ascii: "-") { index &+= 1 }
        if index < end && bytes[index] == UInt8(ascii: "0") {
            index &+= 1
        } else if isDigit(index) {
            index = digitsEnd(index)
        } else {
            valid = false
        }
        if valid && index < end && bytes[index] == UInt8(ascii: ".") {
            integer = false
            index &+= 1
            if isDigit(index) { index = digitsEnd(index) } else { valid = false }
        }
        if valid && index < end && bytes[index] | 0x20 == UInt8(ascii: "e") {
            integer = false
            index &+= 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index &+= 1 }
            if isDigit(index) { index = digitsEnd(index) } else { valid = false }
        }
        // Whatever else could continue a number makes this one malformed (`01`, `1.2.3`, `1-2`).
        while index < end && Self.continuesNumber(bytes[index]) {
            valid = false
            index &+= 1
        }
        let flags = valid ? (integer ? ValueMap.validNumber | ValueMap.integerNumber : ValueMap.validNumber) : 0
        record(ValueMap.Kind.number.rawValue | flags, start, index &- start)
    }

    /// Whether `byte` can continue number text (a digit, `.`, `+`, `-`, `e`, `E`): a number
    /// ends at the first byte that cannot.
    @inline(__always) static func continuesNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "+"),
             UInt8(ascii: "-"), UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }

    /// Delimits a string; escapes and control characters are checked when it is decoded.
    /// Returns the flags recorded for it.
    @discardableResult
    mutating func scanString() throws(JSONSyntaxError) -> Int {
        let quote = index
        index &+= 1
        let start = index
        var flags = 0
        let end = bytes.count
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while index < end {
            // Eight bytes at a time up to the first quote, backslash or control character.
            while index &+ 8 <= end {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let special = Self.specialBytes(word)
                if special != 0 {
                    // The lowest flagged byte is the first special one; the bytes before it
                    // are ordinary text.
                    let before = special.trailingZeroBitCount &>> 3
                    let ordinary = (UInt64(1) &<< UInt64(before &<< 3)) &- 1
                    if word & ordinary & 0x8080_8080_8080_8080 != 0 { flags |= ValueMap.nonASCIIString }
                    index &+= before
                    break
                }
                if word & 0x8080_8080_8080_8080 != 0 { flags |= ValueMap.nonASCIIString }
                index &+= 8
            }
            guard index < end else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                record(ValueMap.Kind.string.rawValue | flags, start, index &- start)
                index &+= 1
                return flags
            }
            if byte == UInt8(ascii: "\\") {
                flags |= ValueMap.complexString
                index &+= 1
                guard index < end else { break }
                if bytes[index] == UInt8(ascii: "u") {
                    guard index + 4 < end else { throw .endOfInput(at: end) }
                    for i in 1 ... 4 where bytes[index + i] == UInt8(ascii: "\"") {
                        throw JSONSyntaxError("invalid \\u escape: too few hex digits", at: index - 1)
                    }
                    index &+= 4
                }
                index &+= 1
                continue
            }
            if byte < 0x20 {
                flags |= ValueMap.complexString
            } else if byte >= 0x80 {
                flags |= ValueMap.nonASCIIString
            }
            index &+= 1
        }
        throw JSONSyntaxError("unterminated string starting", at: quote)
    }

    /// The high bit of each of the eight bytes (little-endian) that is `"`, `\` or below
    /// 0x20, exact up to and including the lowest one set (bytes above it may be flagged
    /// falsely); zero when none is.
    @inline(__always) static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highs
    }

    // MARK: Containers

    mutating func enter(at offset: Int) throws(JSONSyntaxError) {
        try Self.checkDepth(depth, at: offset)
        depth &+= 1
    }

    /// Throws when one more level of nesting would pass ``maxDepth``. Shared with ``JSON5Scanner``.
    static func checkDepth(_ depth: Int, at offset: Int) throws(JSONSyntaxError) {
        guard depth < maxDepth else {
            throw JSONSyntaxError("nesting deeper than \(maxDepth) levels", at: offset)
        }
    }

    mutating func scanArray() throws(JSONSyntaxError) {
        let open = index
        try enter(at: open)
        defer { depth &-= 1 }
        index &+= 1
        let entry = words.entryCount
        record(ValueMap.Kind.array.rawValue, open, 0)
        var count = 0
        if try nextNonWhitespace() == UInt8(ascii: "]") {
            index &+= 1
        } else {
            while true {
                try scanValue(startingWith: nextNonWhitespace())
                count &+= 1
                let byte = try nextNonWhitespace()
                if byte == UInt8(ascii: "]") { index &+= 1; break }
                guard byte == UInt8(ascii: ",") else { throw .unexpected(byte, "in array", at: index) }
                index &+= 1
                // JSONDecoder accepts a trailing comma.
                if try nextNonWhitespace() == UInt8(ascii: "]") {
                    index &+= 1
                    words.hasTrailingComma = true
                    break
                }
            }
        }
        words.close(entry, header: ValueMap.Kind.array.rawValue, childCount: count)
    }

    mutating func scanObject() throws(JSONSyntaxError) {
        let open = index
        try enter(at: open)
        defer { depth &-= 1 }
        index &+= 1
        try scanObjectMembers(braced: true, start: open)
    }

    mutating func scanObjectMembers(braced: Bool, start: Int) throws(JSONSyntaxError) {
        let entry = words.entryCount
        record(ValueMap.Kind.object.rawValue, start, 0)
        var count = 0
        var keyFlags = 0
        defer {
            words.close(entry, header: ValueMap.Kind.object.rawValue | (keyFlags == 0 ? 0 : ValueMap.hasSpecialKeys), childCount: count)
        }
        // Whether the object ends at `byte` (consumed), where a key could also start.
        @inline(__always) func ends(_ byte: UInt8?, at index: inout Int) throws(JSONSyntaxError) -> Bool {
            guard let byte else {
                if braced { throw .endOfInput(at: index) }
                return true
            }
            guard byte == UInt8(ascii: "}") else { return false }
            if !braced { throw .unexpected(byte, "in object without braces", at: index) }
            index &+= 1
            return true
        }
        if try ends(peekAfterWhitespace(), at: &index) { return }
        while true {
            let quote = try nextNonWhitespace()
            guard quote == UInt8(ascii: "\"") else { throw .unexpected(quote, "where an object key was expected", at: index) }
            keyFlags |= try scanString()
            let colon = try nextNonWhitespace()
            guard colon == UInt8(ascii: ":") else { throw .unexpected(colon, "after object key", at: index) }
            index &+= 1
            try scanValue(startingWith: nextNonWhitespace())
            count &+= 2
            let separator = peekAfterWhitespace()
            guard separator == UInt8(ascii: ",") else {
                if try ends(separator, at: &index) { return }
                throw .unexpected(separator!, "in object", at: index)
            }
            index &+= 1
            // JSONDecoder accepts a trailing comma.
            if try ends(peekAfterWhitespace(), at: &index) {
                words.hasTrailingComma = true
                return
            }
        }
    }
}
